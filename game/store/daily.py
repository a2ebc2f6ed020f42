"""The deals of the day a player has played and won, kept apart from the ordinary statistics
in daily.json: for each game, each date played with "won" or "played". A win the computer
helped counts as played. Once won, a day stays won, whatever later plays of it do.

Each result is added to the file as it is on disk at that moment, under a lock, so two
windows sharing a folder never lose each other's days. A damaged file is set aside with a
message, as every file of the player's is.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from game.store.documents import load_document, open_envelope, save_document
from game.store.file_lock import locked

KIND = "leaps-daily"
FORMAT = 1
DAILY_FILE = "daily.json"
LOCK_FILE = "daily.lock"
SUBJECT = "Your deals of the day file"
FALLBACK = "starting a new calendar"
WON, PLAYED = "won", "played"
MAX_GAME_NAME = 40

Days = dict[str, dict[datetime.date, str]]  # game id -> date -> result


def parse_days(data: object) -> Days:
    """The results in a file's contents; ValueError for anything else."""
    data = open_envelope(data, KIND, FORMAT, "Leaps deals of the day")
    games = data.get("games", {})
    if not isinstance(games, dict):
        raise ValueError("daily: games is not an object")
    days: Days = {}
    for game_id, results in games.items():
        if not isinstance(results, dict) or len(game_id) > MAX_GAME_NAME:
            raise ValueError(f"daily: {game_id!r} holds no dates")
        days[game_id] = {datetime.date.fromisoformat(_date_text(date)): _result(result)
                         for date, result in results.items()}
    return days


def _date_text(text: str) -> str:
    if len(text) != 10 or not text.isascii():
        raise ValueError(f"daily: {text!r} is not a date")
    return text


def _result(value: object) -> str:
    if value not in (WON, PLAYED):
        raise ValueError(f"daily: {value!r} is neither won nor played")
    return value  # type: ignore[return-value]


def merged(days: Days, game_id: str, date: datetime.date, won: bool) -> Days:
    """`days` with a play of `game_id`'s deal of `date` added: won stays won."""
    results = dict(days.get(game_id, {}))
    results[date] = WON if won or results.get(date) == WON else PLAYED
    return {**days, game_id: results}


def to_data(days: Mapping[str, Mapping[datetime.date, str]]) -> dict:
    games = {game_id: {date.isoformat(): result for date, result in sorted(results.items())}
             for game_id, results in days.items()}
    return {"kind": KIND, "format": FORMAT, "games": games}


class DailyFigures(NamedTuple):
    """One game's deals of the day: the days played (won or not), the days won, and the
    current and longest runs of days won in a row."""

    played: int
    won: int
    streak: int
    best_streak: int

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


class DailyRecord:
    """The player's deals of the day, in `folder` (None: kept in memory only)."""

    def __init__(self, folder: Path | None, days: Days | None = None) -> None:
        self.folder = folder
        self.days: Days = days or {}

    @classmethod
    def load(cls, folder: Path) -> tuple[DailyRecord, list[str]]:
        days, messages = load_document(folder / DAILY_FILE, SUBJECT, FALLBACK, parse_days)
        return cls(folder, days), messages

    def result(self, game_id: str, date: datetime.date) -> str | None:
        return self.days.get(game_id, {}).get(date)

    def add(self, game_id: str, date: datetime.date, won: bool) -> list[str]:
        """Count a play of the deal of `date`; messages for the player, none when saved."""
        if self.folder is None:
            self.days = merged(self.days, game_id, date, won)
            return []
        try:
            with locked(self.folder / LOCK_FILE):
                on_disk, messages = load_document(self.folder / DAILY_FILE, SUBJECT, FALLBACK,
                                                  parse_days)
                self.days = merged(_union(on_disk or {}, self.days), game_id, date, won)
                return messages + save_document(self.folder / DAILY_FILE, to_data(self.days),
                                                SUBJECT)
        except OSError as error:
            self.days = merged(self.days, game_id, date, won)
            return [f"{SUBJECT} could not be saved ({error.strerror or error})."]

    def streak(self, game_id: str, today: datetime.date) -> int:
        """Days won in a row up to today, or up to yesterday while today's is still open."""
        results = self.days.get(game_id, {})
        day = today if results.get(today) == WON else today - datetime.timedelta(days=1)
        count = 0
        while results.get(day) == WON:
            count += 1
            day -= datetime.timedelta(days=1)
        return count

    def figures(self, game_id: str, today: datetime.date) -> DailyFigures:
        """The daily statistics of `game_id`, the streak as of `today`."""
        results = self.days.get(game_id, {})
        won = sorted(date for date, result in results.items() if result == WON)
        best = run = 0
        for index, date in enumerate(won):
            follows = index and date - won[index - 1] == datetime.timedelta(days=1)
            run = run + 1 if follows else 1
            best = max(best, run)
        return DailyFigures(len(results), len(won), self.streak(game_id, today), best)

    def won_in_month(self, game_id: str, year: int, month: int) -> int:
        return sum(1 for date, result in self.days.get(game_id, {}).items()
                   if result == WON and (date.year, date.month) == (year, month))


def _union(first: Days, second: Days) -> Days:
    """Both records together, a day won in either being won."""
    days = {game_id: dict(results) for game_id, results in first.items()}
    for game_id, results in second.items():
        for date, result in results.items():
            days = merged(days, game_id, date, result == WON)
    return days
