"""The saved-game record (game.rules.record) for every game: round trip, refusals, garbage."""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import GAMES
from game.rules.history import History
from game.rules.record import FORMAT, history_from_record, record_of
from tests.rules.strategies import JSON_VALUES, PLAYOUT_OPTIONS, damaged, json_round_trip, playout

GAME_IDS = list(GAMES)
UNDONE = 4  # moves taken back before saving, so the record carries a redo line


def played_history(rules, seed: int, options: dict, moves: int = 16) -> History:
    """A seeded game of a few moves with the last ones undone."""
    states, played = playout(rules, seed, options, moves)
    history = History.start(states[0])
    for move, state in zip(played, states[1:], strict=True):
        history = history.push(move, state)
    for _ in range(min(UNDONE, len(played) // 2)):
        history = history.undo()
    return history


@functools.cache
def saved(game_id: str) -> dict:
    """A record of a game under way, with a redo line, as read back from a file."""
    rules = GAMES[game_id]
    history = played_history(rules, 21, PLAYOUT_OPTIONS[game_id][-1])
    return json_round_trip(record_of(rules, history))


def record_cases() -> list:
    return [pytest.param(game_id, options, id=f"{game_id}-{index}")
            for game_id in GAME_IDS
            for index, options in enumerate(PLAYOUT_OPTIONS[game_id][-2:])]


@pytest.mark.parametrize(("game_id", "options"), record_cases())
def test_record_round_trip_keeps_the_redo_line(game_id: str, options: dict) -> None:
    rules = GAMES[game_id]
    history = played_history(rules, 8, options)
    assert history.can_redo and history.can_undo
    record = record_of(rules, history)
    assert record["format"] == FORMAT and record["game"] == game_id
    assert json_round_trip(record) == record
    loaded_id, loaded = history_from_record(json_round_trip(record), GAMES)
    assert loaded_id == game_id
    assert loaded.states == history.states
    assert loaded.moves == history.moves
    assert loaded.position == history.position
    assert loaded.redo().state == history.redo().state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_record_whose_moves_miss_the_state_is_refused(game_id: str) -> None:
    rules = GAMES[game_id]
    record = saved(game_id)
    one_short = {**record, "moves": record["moves"][:-1]}
    with pytest.raises(ValueError, match="state"):
        history_from_record(one_short, GAMES)
    other_state = {**record, "state": rules.to_dict(rules.new_game(record["seed"] + 1,
                                                                   **record["options"]))}
    with pytest.raises(ValueError, match="state"):
        history_from_record(other_state, GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_newer_format_is_refused_with_a_message(game_id: str) -> None:
    with pytest.raises(ValueError, match=f"format {FORMAT + 1}"):
        history_from_record({**saved(game_id), "format": FORMAT + 1}, GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_foreign_game_is_refused(game_id: str) -> None:
    record = saved(game_id)
    with pytest.raises(ValueError, match="chess"):
        history_from_record({**record, "game": "chess"}, GAMES)
    for other in GAME_IDS:
        if other != game_id:
            with pytest.raises(ValueError):
                history_from_record({**record, "game": other}, GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_redo_line_loses_only_the_redo_line(game_id: str) -> None:
    rules = GAMES[game_id]
    record = saved(game_id)
    assert record["redo"]
    legal_now = set(rules.legal_moves(rules.from_dict(record["state"])))
    illegal = next(m for m in record["moves"] if rules.move_from_dict(m) not in legal_now)
    damaged_redo = {**record, "redo": [illegal, *record["redo"]]}
    _, history = history_from_record(damaged_redo, GAMES)
    _, intact = history_from_record(record, GAMES)
    assert history.state == intact.state and history.played == intact.played
    assert not history.can_redo


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_garbage_records_raise_only_value_error(game_id: str, data) -> None:
    value = data.draw(damaged(st.just(saved(game_id))) | JSON_VALUES)
    try:
        loaded_id, history = history_from_record(value, GAMES)
    except ValueError:
        return
    rules = GAMES[loaded_id]
    assert rules.from_dict(value["state"]) == history.state
    assert [rules.move_to_dict(move) for move in history.played] == value["moves"]
