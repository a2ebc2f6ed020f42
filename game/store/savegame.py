"""The game in progress, one file per game (`save-klondike.json`, ...).

The file is the saved-game record of `game.rules.record` (seed, options, moves, redo line and
the current state, in the format DESIGN.md fixes) plus a `"table"` object for what only the
table knows: time played, moves made and any further JSON-safe `extras`. Loading replays the
moves through the rules, so a record that was edited, damaged or written for other rules is
set aside and the player starts a new game instead; only a damaged redo line (the moves after
the current position) is dropped alone, keeping the game, with a word to the player.

    slots = SaveSlots(data_folder())
    messages += slots.save("klondike", history, elapsed=93.5, move_count=41)
    saved, messages = slots.load("klondike")      # saved is None: deal a new game
    messages += slots.delete("klondike")          # the game has ended
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from game.rules import GAMES
from game.rules.history import History
from game.rules.record import FORMAT, history_from_record, record_of
from game.rules.serial import expect_dict, expect_int, expect_keys
from game.store.atomic import UnusableFile, remove
from game.store.documents import (
    check_format,
    expect_number,
    foreign,
    hold,
    is_free,
    load_document,
    refused,
    save_document,
)
from game.store.paths import save_file

log = logging.getLogger(__name__)

TABLE_KEY = "table"
MOST_SECONDS = 10.0**9
MOST_MOVES = 10**9
# The most moves a saved game may hold, its redo line included. Loading replays every move
# (about half a second for this many), and a game played here stays far below it (Klondike,
# the only one without an end in sight, rarely passes a thousand), so a longer record is
# refused before any replay rather than holding the window for a minute.
MOST_RECORDED_MOVES = 20_000


@dataclass(frozen=True)
class SavedGame:
    """A restored game: its history (undo and redo included) and the table's own data."""

    game_id: str
    history: History
    elapsed: float = 0.0  # seconds played so far
    move_count: int = 0  # moves made, counting undone ones
    extras: dict = field(default_factory=dict)
    notes: tuple[str, ...] = ()  # what the player should know about how it was restored


class SaveSlots:
    """The saved games in `folder`, read and written through the rules in `games`."""

    def __init__(self, folder: Path, games: Mapping[str, object] = GAMES) -> None:
        self.folder = folder
        self.games = games

    def path(self, game_id: str) -> Path:
        self._rules(game_id)
        return save_file(self.folder, game_id)

    def exists(self, game_id: str) -> bool:
        return self.path(game_id).is_file()

    def save(self, game_id: str, history: History, *, elapsed: float = 0.0,
             move_count: int = 0, extras: dict | None = None) -> list[str]:
        """Save the game in progress atomically; [] on success, else a message for the player.

        `extras` must be JSON-safe; ValueError (or TypeError) otherwise, with nothing written.
        """
        rules = self._rules(game_id)
        title = _title(rules, game_id)
        try:
            table = _table_dict(_capped(elapsed, MOST_SECONDS), _capped(move_count, MOST_MOVES),
                                extras or {})
            record = {**record_of(rules, history), TABLE_KEY: table}
        except (ValueError, TypeError) as error:  # never worth stopping the game for
            log.exception("the %s game could not be put into a save", game_id)
            return refused(self.path(game_id), OSError(str(error)),
                           f"Your {title} game could not be saved")
        if len(history.moves) > MOST_RECORDED_MOVES:
            # Written, it would be refused when loaded: the save as it was stays, and the
            # player hears of it once, when the game outgrows it.
            if len(history.moves) > MOST_RECORDED_MOVES + 1:
                return []
            return [f"Your {title} game has more than "
                    f"{MOST_RECORDED_MOVES:,} moves, more than a save can hold: it stays saved "
                    "as it was then. You can keep playing."]
        if record["game"] != game_id:
            raise ValueError(f"the rules of {game_id!r} describe a {record['game']!r} game")
        return save_document(self.path(game_id), record, f"Your {title} game")

    def load(self, game_id: str) -> tuple[SavedGame | None, list[str]]:
        """The saved game of `game_id`, or None when there is none or it cannot be restored.

        A save that cannot be restored is set aside as `<name>.bad` with a message.
        """
        rules = self._rules(game_id)
        subject = f"Your saved {_title(rules, game_id)} game"
        saved, messages = load_document(self.path(game_id), subject, "starting a new game",
                                        lambda data: self._parse(game_id, data))
        return saved, messages + list(saved.notes if saved is not None else ())

    def keep(self, game_id: str, until: Callable[[], bool]) -> None:
        """Neither replace nor remove the save of `game_id` before `until()` says it may go
        (asked again at each attempt): it holds a game not counted yet."""
        hold(self.path(game_id), until)

    def delete(self, game_id: str) -> list[str]:
        """Forget the saved game of `game_id` (a finished game); [] on success."""
        title = _title(self._rules(game_id), game_id)
        if not is_free(self.path(game_id)):
            return []
        try:
            remove(self.path(game_id))
        except OSError as error:
            return refused(self.path(game_id), error, f"The finished {title} game could not "
                           "be removed")
        return []

    def _rules(self, game_id: str) -> object:
        rules = self.games.get(game_id) if isinstance(game_id, str) else None
        if rules is None:
            raise ValueError(f"{game_id!r} is not a game with rules")
        return rules

    def _parse(self, game_id: str, data: object) -> SavedGame:
        if not isinstance(data, dict) or "game" not in data:
            raise UnusableFile("not a saved-game record")
        if data["game"] != game_id:
            raise UnusableFile(f"it holds a game of {data['game']!r}",
                               foreign(f"a {_title(self._rules(game_id), game_id)} game"))
        check_format(data.get("format"), FORMAT)
        record = {key: value for key, value in data.items() if key != TABLE_KEY}
        table = expect_keys(data.get(TABLE_KEY, {}), set(), "saved game table",
                            optional={"elapsed", "move_count", "extras"})
        table = _table_dict(table.get("elapsed", 0.0), table.get("move_count", 0),
                            table.get("extras", {}))
        moves, redo = record.get("moves"), record.get("redo", [])
        if not isinstance(redo, list):  # not a line of moves at all: dropped like a damaged one
            record, redo = {**record, "redo": []}, [None]
        if isinstance(moves, list) and len(moves) + len(redo) > MOST_RECORDED_MOVES:
            raise UnusableFile(f"{len(moves) + len(redo)} moves",
                               f"holds more than the {MOST_RECORDED_MOVES:,} moves a save may")
        try:
            _, history = _replay(record, self.games)
        except ValueError:
            if not redo:
                raise
            log.warning("the saved %s game's redo line is unusable; dropping it", game_id)
            _, history = _replay({**record, "redo": []}, self.games)
        notes: tuple[str, ...] = ()
        if redo and len(history.moves) - history.position < len(redo):
            title = _title(self._rules(game_id), game_id)
            notes = (f"The moves you could redo in your saved {title} game could not be read "
                     "and were dropped; the game itself is kept.",)
        return SavedGame(game_id, history, **table, notes=notes)


def _replay(record: dict, games: Mapping[str, object]) -> tuple[str, History]:
    """The game id and history a record replays to; ValueError for anything wrong."""
    try:
        return history_from_record(record, games)
    except ValueError:
        raise
    except Exception as error:  # rules that choke on odd data must not stop the program
        log.exception("replaying a saved %s game failed", record.get("game"))
        raise ValueError(f"the rules could not replay it: {error!r}") from None


def _table_dict(elapsed: object, move_count: object, extras: object) -> dict:
    """The table's own data, checked (ValueError), under the names SavedGame uses."""
    return {
        "elapsed": expect_number(elapsed, "elapsed", 0.0, MOST_SECONDS),
        "move_count": expect_int(move_count, "move_count", 0, MOST_MOVES),
        "extras": expect_dict(extras, "extras"),
    }


def _capped(value: object, most: float) -> object:
    """A time or count that has reached the top of its range stays there (a number that is
    not one is left for the check to refuse)."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value > most:
        return type(value)(most)
    return value


def _title(rules: object, game_id: str) -> str:
    return getattr(rules, "title", game_id)
