"""Statistics per game: games played and won, streaks, best score, recent scores, winnings.

Leapfrog keeps its winnings (score minus the buy-in, per game) accumulated over all games;
Klondike keeps the cumulative Vegas balance. The table decides when a game counts (once it has
had a move) and what it won, and calls `record_game` once per finished or abandoned game; the
file is saved at once, atomically. A file that does not pass every check is set aside whole:
numbers that cannot be true mean the file is not what this program wrote.

    stats, messages = Statistics.load(data_folder())
    messages += stats.record_game("leapfrog", score=130, won=False, winnings=30)
    stats.get("leapfrog").total_winnings
"""

from __future__ import annotations

import re
import time
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import NamedTuple

from game.rules.serial import expect_bool, expect_dict, expect_int, expect_keys, expect_list
from game.store.atomic import UnusableFile
from game.store.documents import expect_number, load_document, open_envelope, save_document
from game.store.paths import STATS_FILE

KIND = "leaps-statistics"
FORMAT = 1
SUBJECT = "Your statistics file"
FALLBACK = "starting fresh"
HISTORY_LIMIT = 500  # recent games kept for charts
COUNT_LIMIT = 10**9  # more games than anyone can play: a larger count is damage
AMOUNT_LIMIT = 10**12  # scores, winnings and balances, totals included
LATEST_TIMESTAMP = 2.0**40  # seconds since 1970: some 35,000 years ahead
GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")


class ScoreEntry(NamedTuple):
    """One recorded game: when it ended (seconds since 1970), its score, whether it was won."""

    timestamp: float
    score: int
    won: bool


@dataclass(frozen=True)
class GameStats:
    """The statistics of one game; every game has them all, the table shows what fits."""

    played: int = 0
    won: int = 0
    best_score: int | None = None
    current_streak: int = 0  # games won in a row, up to the last one
    best_streak: int = 0
    total_time: float = 0.0  # seconds of play over all recorded games
    total_winnings: int = 0  # the accumulated winnings (Leapfrog)
    best_winnings: int | None = None
    vegas_balance: int = 0  # the cumulative Vegas balance (Klondike)
    history: tuple[ScoreEntry, ...] = ()  # oldest first, at most HISTORY_LIMIT

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_rate(self) -> float:
        """Won games as a fraction of played ones (0 before the first game)."""
        return self.won / self.played if self.played else 0.0

    def with_game(self, score: int, won: bool, *, winnings: int | None = None,
                  vegas: int | None = None, seconds: float | None = None,
                  when: float | None = None) -> GameStats:
        """These statistics after one more game; ValueError for values that cannot be."""
        score = expect_int(score, "score", -AMOUNT_LIMIT, AMOUNT_LIMIT)
        won = expect_bool(won, "won")
        streak = self.current_streak + 1 if won else 0
        changes: dict = {
            "played": self.played + 1,
            "won": self.won + int(won),
            "best_score": score if self.best_score is None else max(self.best_score, score),
            "current_streak": streak,
            "best_streak": max(self.best_streak, streak),
            "history": (self.history + (_entry(when, score, won),))[-HISTORY_LIMIT:],
        }
        if seconds is not None:
            changes["total_time"] = self.total_time + _amount_of_time(seconds, "seconds")
        if winnings is not None:
            winnings = expect_int(winnings, "winnings", -AMOUNT_LIMIT, AMOUNT_LIMIT)
            changes["total_winnings"] = self.total_winnings + winnings
            changes["best_winnings"] = (winnings if self.best_winnings is None
                                        else max(self.best_winnings, winnings))
        if vegas is not None:
            changes["vegas_balance"] = self.vegas_balance + expect_int(
                vegas, "vegas", -AMOUNT_LIMIT, AMOUNT_LIMIT)
        return replace(self, **changes)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["history"] = [list(entry) for entry in self.history]
        return data

    @classmethod
    def from_dict(cls, data: object, what: str) -> GameStats:
        """Strictly checked; a missing key takes its default, an unknown key is refused."""
        names = {item.name for item in fields(cls)}
        data = expect_keys(data, set(), what, optional=names)
        counts = {name: expect_int(data.get(name, 0), f"{what} {name}", 0, COUNT_LIMIT)
                  for name in ("played", "won", "current_streak", "best_streak")}
        ordered = ("current_streak", "best_streak", "won", "played")
        if [counts[name] for name in ordered] != sorted(counts[name] for name in ordered):
            raise ValueError(f"{what}: the counts do not add up: {counts}")
        return cls(
            **counts,
            best_score=_optional_amount(data.get("best_score"), f"{what} best_score"),
            total_time=_amount_of_time(data.get("total_time", 0.0), f"{what} total_time"),
            total_winnings=_amount(data.get("total_winnings", 0), f"{what} total_winnings"),
            best_winnings=_optional_amount(data.get("best_winnings"), f"{what} best_winnings"),
            vegas_balance=_amount(data.get("vegas_balance", 0), f"{what} vegas_balance"),
            history=_history(data.get("history", []), f"{what} history"),
        )


class Statistics:
    """The statistics of every game, kept in `folder`."""

    def __init__(self, folder: Path, games: dict[str, GameStats] | None = None) -> None:
        self.folder = folder
        self._games: dict[str, GameStats] = dict(games or {})

    @classmethod
    def load(cls, folder: Path) -> tuple[Statistics, list[str]]:
        """The statistics saved in `folder` (empty if none), and messages for the player."""
        games, messages = load_document(folder / STATS_FILE, SUBJECT, FALLBACK, _parse_games)
        return cls(folder, games), messages

    def get(self, game_id: str) -> GameStats:
        """The statistics of `game_id` (all zero before its first recorded game)."""
        return self._games.get(_game_id(game_id), GameStats())

    def game_ids(self) -> list[str]:
        """The games with recorded statistics."""
        return sorted(self._games)

    def record_game(self, game_id: str, score: int, won: bool, *, winnings: int | None = None,
                    vegas: int | None = None, seconds: float | None = None,
                    when: float | None = None) -> list[str]:
        """Count one game of `game_id` and save; [] on success, else a message for the player.

        `winnings` (Leapfrog: score - buy-in) adds to the accumulated winnings; `vegas` (the
        game's Vegas score) to the cumulative Vegas balance; `seconds` to the time played;
        `when` is the time it ended (now if None).
        """
        current = self.get(game_id)
        self._games[game_id] = current.with_game(score, won, winnings=winnings, vegas=vegas,
                                                 seconds=seconds, when=when)
        return self.save()

    def reset(self, game_id: str | None = None) -> list[str]:
        """Forget the statistics of one game (or of all) and save."""
        if game_id is None:
            self._games.clear()
        else:
            self._games.pop(_game_id(game_id), None)
        return self.save()

    def save(self) -> list[str]:
        """Write the statistics atomically; [] on success, else a message for the player."""
        return save_document(self.folder / STATS_FILE, self.to_dict(), "Your statistics")

    def to_dict(self) -> dict:
        games = {game_id: stats.to_dict() for game_id, stats in sorted(self._games.items())}
        return {"kind": KIND, "format": FORMAT, "games": games}


def _parse_games(data: object) -> dict[str, GameStats]:
    data = open_envelope(data, KIND, FORMAT, "Leaps statistics")
    data = expect_keys(data, {"kind", "format", "games"}, "statistics")
    games = {}
    for game_id, entry in expect_dict(data["games"], "statistics games").items():
        if not GAME_ID.fullmatch(game_id):
            raise UnusableFile(f"statistics: {game_id!r} is not a game id")
        games[game_id] = GameStats.from_dict(entry, f"statistics of {game_id}")
    return games


def _game_id(game_id: str) -> str:
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise ValueError(f"{game_id!r} is not a game id")
    return game_id


def _entry(when: float | None, score: int, won: bool) -> ScoreEntry:
    timestamp = time.time() if when is None else when
    return ScoreEntry(expect_number(timestamp, "timestamp", 0.0, LATEST_TIMESTAMP), score, won)


def _history(value: object, what: str) -> tuple[ScoreEntry, ...]:
    entries = []
    for item in expect_list(value, what)[-HISTORY_LIMIT:]:
        timestamp, score, won = expect_list(item, f"{what} entry", 3)
        entries.append(ScoreEntry(expect_number(timestamp, f"{what} time", 0.0, LATEST_TIMESTAMP),
                                  _amount(score, f"{what} score"), expect_bool(won, what)))
    return tuple(entries)


def _amount(value: object, what: str) -> int:
    return expect_int(value, what, -AMOUNT_LIMIT, AMOUNT_LIMIT)


def _optional_amount(value: object, what: str) -> int | None:
    return None if value is None else _amount(value, what)


def _amount_of_time(value: object, what: str) -> float:
    return expect_number(value, what, 0.0, float(AMOUNT_LIMIT))
