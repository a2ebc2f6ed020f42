"""Statistics per game, kept in `stats.json`: what `game_stats` counts, for every game.

The table decides when a game counts and what it won, and calls `record_game` once per
finished or abandoned game. Each game carries a `key` (kept in its save too); the last keys
counted are remembered, so a game is never counted twice, even when the program was killed
between this write and the deletion of its save.

Every change is made to the file as it is on disk, under an operating-system lock: read, apply
the game, write atomically, let go. Two windows on one data folder therefore add up their
games instead of writing over each other's. A write that fails is said every time, and the
game waits in memory (`pending`) to be written with the next one, or by `settle`; until then
the table keeps its save.

    stats, messages = Statistics.load(data_folder())
    messages += stats.record_game("leapfrog", score=130, won=False, winnings=30, key=key)
    stats.get("leapfrog").total_winnings

A deal of the day is counted here too, with `daily=True`, so that its key makes its end one
atomic step like any game's; it is kept apart from every figure (see `GameStats.with_game`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from game.rules.serial import expect_dict, expect_keys
from game.store.atomic import UnusableFile, write_json
from game.store.documents import (
    is_free,
    load_document,
    open_envelope,
    refused,
    saved,
)
from game.store.file_lock import locked
from game.store.game_stats import (
    GAME_KEY,
    HISTORY_LIMIT,
    KEYS_KEPT,
    GameStats,
    Record,
    ScoreEntry,
    payable,
    rules_key,
)
from game.store.paths import STATS_FILE

__all__ = ["GAME_KEY", "HISTORY_LIMIT", "KEYS_KEPT", "GameStats", "Record", "ScoreEntry",
           "Statistics", "payable", "rules_key"]

KIND = "leaps-statistics"
# 1: Klondike's best scores only were kept per rules (read and moved over); 2: daily games not
# yet apart (read as they are); 3: daily games apart (an older version calls the file newer).
FORMAT = 3
SUBJECT = "Your statistics file"
FALLBACK = "starting fresh"
LOCK_SUFFIX = ".lock"
GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
NOT_COUNTED = ("The game that just ended is not in your statistics yet: it is kept, and "
               "counted as soon as they can be saved.")

Games = dict[str, GameStats]


class _Pending(NamedTuple):
    """A game to count that is not on disk yet."""

    game_id: str
    key: str | None
    count: Callable[[GameStats], GameStats]


class Statistics:
    """The statistics of every game, kept in `folder`."""

    def __init__(self, folder: Path, games: Games | None = None) -> None:
        self.folder = folder
        self._games: Games = dict(games or {})
        self._pending: list[_Pending] = []

    @property
    def path(self) -> Path:
        return self.folder / STATS_FILE

    @classmethod
    def load(cls, folder: Path) -> tuple[Statistics, list[str]]:
        """The statistics saved in `folder` (empty if none), and messages for the player."""
        games, messages = load_document(folder / STATS_FILE, SUBJECT, FALLBACK, _parse_games)
        return cls(folder, games), messages

    def get(self, game_id: str) -> GameStats:
        """The statistics of `game_id` (all zero before its first recorded game), as last
        read or written."""
        return self._games.get(_game_id(game_id), GameStats())

    def game_ids(self) -> list[str]:
        """The games with recorded statistics."""
        return sorted(self._games)

    def is_counted(self, game_id: str, key: str | None) -> bool:
        """Whether the game of `game_id` carrying `key` is counted on disk already."""
        return key is not None and key in self.get(game_id).counted

    def is_pending(self, game_id: str) -> bool:
        """Whether a game of `game_id` waits to be written (its save must stay)."""
        return any(pending.game_id == game_id for pending in self._pending)

    def record_game(self, game_id: str, score: int, won: bool, *, winnings: int | None = None,
                    vegas: int | None = None, seconds: float | None = None,
                    when: float | None = None, assisted: bool = False,
                    rules: str | None = None, finished: bool = True,
                    key: str | None = None, moves: int | None = None,
                    deal: str | None = None, daily: bool = False) -> list[str]:
        """Count one game of `game_id` and save; messages for the player. The game is on disk
        unless `is_pending` says it waits, and then the messages always say so (the table
        keeps its save until it is counted).

        `winnings` (Leapfrog: score - buy-in) adds to the accumulated winnings; `vegas` (the
        game's Vegas score) to the cumulative Vegas balance; `seconds` to the time played;
        `when` is the time it ended (now if None); `rules` names the rules it was played with
        (`rules_key`); `moves` and `deal` (its deal code) go into the records and the recent
        games; a game not `finished` (left before its end) sets no best score; a `daily`
        game (a deal of the day) is kept apart, in the recent games only (see `GameStats`).
        A game whose `key` was counted already changes nothing. ValueError for values that cannot
        be, with nothing counted.
        """
        game_id = _game_id(game_id)
        if self.is_counted(game_id, key):
            return []
        options = dict(winnings=winnings, vegas=vegas, seconds=seconds, when=when,
                       assisted=assisted, rules=rules, finished=finished, key=key,
                       moves=moves, deal=deal, daily=daily)
        counted = GameStats().with_game(score, won, **options)  # refuses bad values now
        options["when"] = (counted.daily or counted.history)[-1].timestamp  # however late
        if key is None or all(pending.key != key for pending in self._pending):
            self._pending.append(_Pending(game_id, key, lambda stats: stats.with_game(
                score, won, **options)))
        messages = self._change(lambda games: games)
        if self._pending:
            return messages + [NOT_COUNTED]
        return messages

    def settle(self) -> bool:
        """Write the games waiting to be counted, if any; True when none is left waiting."""
        if self._pending:
            self._change(lambda games: games)
        return not self._pending

    def refresh(self) -> list[str]:
        """Read the file again, with what other windows have counted since. No lock is
        needed to read: a write replaces the whole file in one step."""
        games, messages = load_document(self.path, SUBJECT, FALLBACK, _parse_games)
        if games is not None:
            self._games = games
        return messages

    def reset(self, game_id: str | None = None) -> list[str]:
        """Forget the statistics of one game (or of all) and save."""
        if game_id is not None:
            _game_id(game_id)

        def forget(games: Games) -> Games:
            return {} if game_id is None else {name: stats for name, stats in games.items()
                                                if name != game_id}
        return self._change(forget)

    def to_dict(self) -> dict:
        return _document(self._games)

    def _change(self, change: Callable[[Games], Games]) -> list[str]:
        """Under the lock: read the file, count the pending games, `change` the result and
        write it; the statistics kept here become what the file holds."""
        path = self.path
        messages: list[str] = []
        try:
            with locked(path.with_name(path.name + LOCK_SUFFIX)):
                games, messages = load_document(path, SUBJECT, FALLBACK, _parse_games)
                if games is None:  # none yet, or damaged: what this window knows is the best
                    games = dict(self._games)
                games = change(self._counted(games))
                if not is_free(path):
                    raise OSError("the damaged file is still in the way")
                write_json(path, _document(games))
        except OSError as error:
            return messages + refused(path, error, "Your statistics could not be saved")
        self._games, self._pending = games, []
        return messages + saved(path)

    def _counted(self, games: Games) -> Games:
        """`games` with every pending game counted (once: a key counted already is skipped)."""
        games = dict(games)
        for pending in self._pending:
            stats = games.get(pending.game_id, GameStats())
            if pending.key is None or pending.key not in stats.counted:
                games[pending.game_id] = pending.count(stats)
        return games


def _document(games: Games) -> dict:
    return {"kind": KIND, "format": FORMAT,
            "games": {game_id: stats.to_dict() for game_id, stats in sorted(games.items())}}


def _parse_games(data: object) -> Games:
    data = open_envelope(data, KIND, FORMAT, "Leaps statistics")
    data = expect_keys(data, {"kind", "format", "games"}, "statistics")
    games = {}
    for game_id, entry in expect_dict(data["games"], "statistics games").items():
        if not GAME_ID.fullmatch(game_id):
            raise UnusableFile(f"statistics: {game_id!r} is not a game id")
        games[game_id] = GameStats.from_dict(entry, f"statistics of {game_id}", data["format"])
    return games


def _game_id(game_id: str) -> str:
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise ValueError(f"{game_id!r} is not a game id")
    return game_id

