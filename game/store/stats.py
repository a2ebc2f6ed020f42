"""Statistics per game: games played and won, streaks, best score, recent scores, winnings.

Leapfrog keeps its winnings (score minus the buy-in, per game) accumulated over all games;
Klondike keeps the cumulative Vegas balance, and the scoring and draw of each game so scores of
different rules are never compared. The table decides when a game counts and what it won, and
calls `record_game` once per finished or abandoned game; the file is saved at once, atomically.
A file that does not pass every check is set aside whole: numbers that cannot be true mean the
file is not what this program wrote.

Each game carries a `key` (kept in its save too); the last keys counted are remembered, so a
game is never counted twice, even when the program was killed between this write and the
deletion of its save. A game the computer helped play (`assisted`) is never a win, never a best
score and never gains money: its winnings and Vegas dollars are capped at zero (`payable`).

    stats, messages = Statistics.load(data_folder())
    messages += stats.record_game("leapfrog", score=130, won=False, winnings=30, key=key)
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
GAME_KEY = re.compile(r"[0-9a-f]{8,64}")
KEYS_KEPT = 64  # the games last counted, by key: far more than can be pending at once
SCORINGS = ("standard", "vegas", "none")
MOST_DRAW = 5


def payable(amount: int, assisted: bool) -> int:
    """What a game's money (Leapfrog winnings, Vegas dollars) pays: an assisted game may lose
    but never gain."""
    return min(0, amount) if assisted else amount


class ScoreEntry(NamedTuple):
    """One recorded game: when it ended (seconds since 1970), its score, whether it was won;
    Klondike's also the scoring and the draw it was played with (None in older files); and
    whether the computer helped play it."""

    timestamp: float
    score: int
    won: bool
    scoring: str | None = None
    draw: int | None = None
    assisted: bool = False

    def to_list(self) -> list:
        extra = {name: value for name, value in (("scoring", self.scoring), ("draw", self.draw))
                 if value is not None}
        if self.assisted:
            extra["assisted"] = True
        return [self.timestamp, self.score, self.won, *([extra] if extra else [])]


def rules_key(scoring: str | None, draw: int | None) -> str:
    """How best scores of one set of rules are filed: "standard/3"; "standard/?" when the draw
    was not recorded (older files)."""
    return f"{scoring}/{'?' if draw is None else draw}"


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
    # The best score of each set of rules (Klondike: rules_key of scoring and draw).
    best_by_rules: tuple[tuple[str, int], ...] = ()
    counted: tuple[str, ...] = ()  # the keys of the games last counted, at most KEYS_KEPT

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_rate(self) -> float:
        """Won games as a fraction of played ones (0 before the first game)."""
        return self.won / self.played if self.played else 0.0

    def best_for(self, scoring: str | None, draw: int | None) -> int | None:
        """The best score of games played with this scoring and draw."""
        return dict(self.best_by_rules).get(rules_key(scoring, draw))

    def with_game(self, score: int, won: bool, *, winnings: int | None = None,
                  vegas: int | None = None, seconds: float | None = None,
                  when: float | None = None, assisted: bool = False,
                  scoring: str | None = None, draw: int | None = None,
                  key: str | None = None) -> GameStats:
        """These statistics after one more game; ValueError for values that cannot be.

        An `assisted` game is not won, sets no best score and gains no money."""
        score = expect_int(score, "score", -AMOUNT_LIMIT, AMOUNT_LIMIT)
        won = expect_bool(won, "won") and not expect_bool(assisted, "assisted")
        entry = _entry(when, score, won, scoring, draw, assisted)
        streak = self.current_streak + 1 if won else 0
        changes: dict = {
            "played": self.played + 1,
            "won": self.won + int(won),
            "current_streak": streak,
            "best_streak": max(self.best_streak, streak),
            "history": (self.history + (entry,))[-HISTORY_LIMIT:],
        }
        if not assisted:
            changes["best_score"] = score if self.best_score is None else max(self.best_score,
                                                                                score)
            if scoring is not None:
                bests = dict(self.best_by_rules)
                name = rules_key(scoring, draw)
                bests[name] = max(score, bests.get(name, score))
                changes["best_by_rules"] = tuple(sorted(bests.items()))
        if key is not None:
            changes["counted"] = (*self.counted, _game_key(key))[-KEYS_KEPT:]
        if seconds is not None:
            changes["total_time"] = self.total_time + _amount_of_time(seconds, "seconds")
        if winnings is not None:
            winnings = payable(expect_int(winnings, "winnings", -AMOUNT_LIMIT, AMOUNT_LIMIT),
                               assisted)
            changes["total_winnings"] = self.total_winnings + winnings
            if not assisted:
                changes["best_winnings"] = (winnings if self.best_winnings is None
                                            else max(self.best_winnings, winnings))
        if vegas is not None:
            changes["vegas_balance"] = self.vegas_balance + payable(
                expect_int(vegas, "vegas", -AMOUNT_LIMIT, AMOUNT_LIMIT), assisted)
        return replace(self, **changes)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["history"] = [entry.to_list() for entry in self.history]
        data["best_by_rules"] = dict(self.best_by_rules)
        data["counted"] = list(self.counted)
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
        history = _history(data.get("history", []), f"{what} history")
        bests = expect_dict(data.get("best_by_rules", {}), f"{what} best_by_rules")
        best_by_rules = tuple(sorted(
            (_rules_name(name, what), _amount(value, f"{what} best of {name}"))
            for name, value in bests.items()))
        return cls(
            **counts,
            best_score=_optional_amount(data.get("best_score"), f"{what} best_score"),
            total_time=_amount_of_time(data.get("total_time", 0.0), f"{what} total_time"),
            total_winnings=_amount(data.get("total_winnings", 0), f"{what} total_winnings"),
            best_winnings=_optional_amount(data.get("best_winnings"), f"{what} best_winnings"),
            vegas_balance=_amount(data.get("vegas_balance", 0), f"{what} vegas_balance"),
            history=history,
            best_by_rules=best_by_rules,
            counted=tuple(_game_key(item) for item in
                          expect_list(data.get("counted", []), f"{what} counted")[-KEYS_KEPT:]),
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

    def is_counted(self, game_id: str, key: str | None) -> bool:
        """Whether the game of `game_id` carrying `key` has been counted already."""
        return key is not None and key in self.get(game_id).counted

    def record_game(self, game_id: str, score: int, won: bool, *, winnings: int | None = None,
                    vegas: int | None = None, seconds: float | None = None,
                    when: float | None = None, assisted: bool = False,
                    scoring: str | None = None, draw: int | None = None,
                    key: str | None = None) -> list[str]:
        """Count one game of `game_id` and save; [] on success, else a message for the player.

        `winnings` (Leapfrog: score - buy-in) adds to the accumulated winnings; `vegas` (the
        game's Vegas score) to the cumulative Vegas balance; `seconds` to the time played;
        `when` is the time it ended (now if None); `scoring` and `draw` the rules it was
        played with (Klondike). A game whose `key` was counted already changes nothing. When
        the file cannot be written the game is not counted at all, so that the table keeps
        its save and counts it when the disk lets it.
        """
        current = self.get(game_id)
        if self.is_counted(game_id, key):
            return []
        self._games[game_id] = current.with_game(
            score, won, winnings=winnings, vegas=vegas, seconds=seconds, when=when,
            assisted=assisted, scoring=scoring, draw=draw, key=key)
        messages = self.save()
        if messages:
            self._games[game_id] = current
        return messages

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


def _game_key(key: object) -> str:
    if not isinstance(key, str) or not GAME_KEY.fullmatch(key):
        raise ValueError(f"{key!r} is not a game key")
    return key


def _rules_name(name: str, what: str) -> str:
    scoring, _, draw = name.partition("/")
    if scoring not in SCORINGS or draw not in ("?", *(str(n) for n in range(1, MOST_DRAW + 1))):
        raise ValueError(f"{what}: {name!r} names no rules")
    return name


def _entry(when: float | None, score: int, won: bool, scoring: str | None = None,
           draw: int | None = None, assisted: bool = False) -> ScoreEntry:
    timestamp = time.time() if when is None else when
    if scoring is not None and scoring not in SCORINGS:
        raise ValueError(f"{scoring!r} is no scoring")
    if draw is not None:
        draw = expect_int(draw, "draw", 1, MOST_DRAW)
    return ScoreEntry(expect_number(timestamp, "timestamp", 0.0, LATEST_TIMESTAMP), score, won,
                      scoring, draw, expect_bool(assisted, "assisted"))


def _history(value: object, what: str) -> tuple[ScoreEntry, ...]:
    entries = []
    for item in expect_list(value, what)[-HISTORY_LIMIT:]:
        item = expect_list(item, f"{what} entry")
        if len(item) not in (3, 4):
            raise ValueError(f"{what} entry: expected 3 or 4 items, got {len(item)}")
        timestamp, score, won = item[:3]
        extra = expect_keys(item[3] if len(item) == 4 else {}, set(), f"{what} entry",
                            optional={"scoring", "draw", "assisted"})
        timestamp = expect_number(timestamp, f"{what} time", 0.0, LATEST_TIMESTAMP)
        won = expect_bool(won, what)
        if won and extra.get("assisted", False):
            raise ValueError(f"{what}: an assisted game cannot be won")
        entries.append(_entry(timestamp, _amount(score, f"{what} score"), won,
                              extra.get("scoring"), extra.get("draw"),
                              extra.get("assisted", False)))
    return tuple(entries)



def _amount(value: object, what: str) -> int:
    return expect_int(value, what, -AMOUNT_LIMIT, AMOUNT_LIMIT)


def _optional_amount(value: object, what: str) -> int | None:
    return None if value is None else _amount(value, what)


def _amount_of_time(value: object, what: str) -> float:
    return expect_number(value, what, 0.0, float(AMOUNT_LIMIT))
