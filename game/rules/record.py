"""The saved-game record: seed, options and moves, with the state they lead to.

Loading replays the moves from the seed and insists that they reach the stored state, so a
record that was edited or damaged is refused instead of producing an impossible game.
"""

from __future__ import annotations

from game.rules.history import History
from game.rules.serial import expect_dict, expect_int, expect_keys, expect_list, expect_seed

FORMAT = 1


def record_of(rules, history: History) -> dict:
    """The JSON-safe record of a game in progress, redo line included."""
    start = rules.to_dict(history.states[0])
    return {
        "format": FORMAT,
        "game": start["game"],
        "seed": start["seed"],
        "options": dict(start.get("options", {})),
        "moves": [rules.move_to_dict(move) for move in history.played],
        "redo": [rules.move_to_dict(move) for move in history.moves[history.position :]],
        "state": rules.to_dict(history.state),
    }


def history_from_record(data: object, games: dict) -> tuple[str, History]:
    """Rebuild (game id, history) from a record; ValueError names anything wrong."""
    data = expect_keys(data, {"format", "game", "seed", "options", "moves", "state"}, "saved game",
                       optional={"redo"})
    version = expect_int(data["format"], "saved game format", 0)
    if version != FORMAT:
        raise ValueError(f"saved game format {version} is not supported (this game reads {FORMAT})")
    game_id = data["game"]
    if not isinstance(game_id, str) or game_id not in games:
        raise ValueError(f"saved game: unknown game {game_id!r}")
    rules = games[game_id]
    seed = expect_seed(data["seed"])
    options = expect_dict(data["options"], "saved game options")
    try:
        state = rules.new_game(seed, **options)
    except TypeError as error:
        raise ValueError(f"saved game options: {error}") from None
    played = expect_list(data["moves"], "saved game moves")
    redo = expect_list(data.get("redo", []), "saved game redo moves")
    stored, deal = data["state"], state

    def replayed():
        """Each move with the state it leads to; the stored state is checked once the played
        moves are done, when the history asks for its first redo move."""
        state = deal
        for index, move_data in enumerate(played):
            move = rules.move_from_dict(move_data)
            try:
                state = rules.apply(state, move)
            except ValueError as error:
                raise ValueError(f"saved game move {index + 1}: {error}") from None
            yield move, state
        if rules.from_dict(stored) != state:
            raise ValueError("saved game: the moves do not lead to the stored state")
        for move_data in redo:
            move = rules.move_from_dict(move_data)
            try:
                state = rules.apply(state, move)
            except ValueError:
                return  # a bad redo line loses only the redo line
            yield move, state

    # One pass: the states the history does not keep are never all in memory at once.
    return game_id, History.from_line(deal, replayed(), len(played))
