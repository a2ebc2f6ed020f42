"""One game's statistics as values: counts, streaks, best scores, winnings and recent games.

A game played with rules that make scores incomparable (Klondike's scoring and draw, Leap Frog's
variant and board size) names them in `rules` ("standard/3", "murray/15"), and every count is
kept for those rules as well as in total. Every number saturates at the limit the loader checks,
so a file written here always loads again; a number outside them in a file is damage.

Format 1 kept only a best score per Klondike rules, and entries named their rules as scoring
and draw; it is read and moved over (`GameStats.from_dict`): each rules' counts are rebuilt from
the recent games that name them, the totals stay as they were.

A deal of the day is kept apart (`daily`): it joins no count, streak, best score, record, time
or money here, which stay those of the player's own deals; the calendar (`game.store.daily`)
counts its day. Its entry is kept only so the recent games can show it, and its key so it is
counted once like any other. Files written before daily games were kept apart have them among
the others, as nothing then told them apart.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields, replace
from typing import NamedTuple

from game.rules.serial import expect_bool, expect_dict, expect_int, expect_keys, expect_list
from game.store.documents import expect_number
from game.store.records import kept, ranked

HISTORY_LIMIT = 500  # recent games kept for charts
DAILY_LIMIT = 100  # recent deals of the day kept for the recent games' list
COUNT_LIMIT = 10**9  # more games than anyone can play: counts stop here
AMOUNT_LIMIT = 10**12  # scores, winnings, balances and seconds, totals included
LATEST_TIMESTAMP = 2.0**40  # seconds since 1970: some 35,000 years ahead
GAME_KEY = re.compile(r"[0-9a-f]{8,64}")
KEYS_KEPT = 64  # the games last counted, by key: far more than can be pending at once
RULES_NAME = re.compile(r"[a-z]{1,16}/([0-9]{1,3}|\?)")
DEAL_CODE = re.compile(r"[A-Za-z0-9.-]{3,64}")
BESTS_LIMIT = 2_000  # games in records: ten of three kinds for many sets of rules
SCORINGS = ("standard", "vegas", "none")  # Klondike's, as format 1 named them


def payable(amount: int, assisted: bool) -> int:
    """What a game's money (Leapfrog winnings, Vegas dollars) pays: an assisted game may lose
    but never gain."""
    return min(0, amount) if assisted else amount


def rules_key(first: str | None, second: int | None) -> str:
    """How the rules of a game are named: "standard/3" (Klondike's scoring and draw),
    "murray/15" (Leap Frog's variant and size); "standard/?" when the second was not
    recorded (older files)."""
    return f"{first}/{'?' if second is None else second}"


class ScoreEntry(NamedTuple):
    """One recorded game: when it ended (seconds since 1970), its score, whether it was won,
    the rules it was played with (None when they do not matter or were not recorded), whether
    the computer helped play it, and, when known, its time, its moves and its deal's code
    (older files know none of these)."""

    timestamp: float
    score: int
    won: bool
    rules: str | None = None
    assisted: bool = False
    seconds: float | None = None
    moves: int | None = None
    deal: str | None = None

    def to_list(self) -> list:
        extra: dict = {} if self.rules is None else {"rules": self.rules}
        if self.assisted:
            extra["assisted"] = True
        for name in ("seconds", "moves", "deal"):
            if getattr(self, name) is not None:
                extra[name] = getattr(self, name)
        return [self.timestamp, self.score, self.won, *([extra] if extra else [])]


@dataclass(frozen=True)
class Record:
    """Games played and won, streaks and the best score: of all games, or of one set of
    rules."""

    played: int = 0
    won: int = 0
    current_streak: int = 0  # games won in a row, up to the last one
    best_streak: int = 0
    best_score: int | None = None

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_rate(self) -> float:
        """Won games as a fraction of played ones (0 before the first game)."""
        return self.won / self.played if self.played else 0.0

    def after(self, score: int, won: bool, best: bool) -> Record:
        """This record after one more game; `best`: its score may be the best."""
        streak = _more(self.current_streak) if won else 0
        best_score = self.best_score
        if best:
            best_score = score if best_score is None else max(best_score, score)
        return Record(_more(self.played), _more(self.won) if won else self.won, streak,
                      max(self.best_streak, streak), best_score)

    @classmethod
    def parse(cls, data: dict, what: str) -> Record:
        counts = {name: expect_int(data.get(name, 0), f"{what} {name}", 0, COUNT_LIMIT)
                  for name in ("played", "won", "current_streak", "best_streak")}
        ordered = [counts[name] for name in ("current_streak", "best_streak", "won", "played")]
        if ordered != sorted(ordered):
            raise ValueError(f"{what}: the counts do not add up: {counts}")
        return cls(**counts, best_score=_optional_amount(data.get("best_score"),
                                                         f"{what} best_score"))


@dataclass(frozen=True)
class GameStats(Record):
    """The statistics of one game; every game has them all, the table shows what fits."""

    total_time: float = 0.0  # seconds of play over all recorded games
    total_winnings: int = 0  # the accumulated winnings (Leapfrog)
    best_winnings: int | None = None
    vegas_balance: int = 0  # the cumulative Vegas balance (Klondike)
    history: tuple[ScoreEntry, ...] = ()  # oldest first, at most HISTORY_LIMIT
    by_rules: tuple[tuple[str, Record], ...] = ()  # the record of each set of rules, by name
    counted: tuple[str, ...] = ()  # the keys of the games last counted, at most KEYS_KEPT
    bests: tuple[ScoreEntry, ...] = ()  # every game holding a place in a record (`records`)
    daily: tuple[ScoreEntry, ...] = ()  # the latest deals of the day, oldest first, apart

    def records(self, kind: str, rules: str | None) -> list[ScoreEntry]:
        """The ten best games of `kind` ("time", "moves", "score") played with `rules`."""
        return ranked(self.bests, kind, rules)

    def of_rules(self, rules: str) -> Record:
        """The record of the games played with `rules` (empty before the first)."""
        return dict(self.by_rules).get(rules, Record())

    def with_game(self, score: int, won: bool, *, winnings: int | None = None,
                  vegas: int | None = None, seconds: float | None = None,
                  when: float | None = None, assisted: bool = False,
                  rules: str | None = None, finished: bool = True,
                  key: str | None = None, moves: int | None = None,
                  deal: str | None = None, daily: bool = False) -> GameStats:
        """These statistics after one more game; ValueError for values that cannot be.

        An `assisted` game is not won, sets no best score and gains no money; a game left
        before its end (not `finished`) sets no best score; a `daily` game (a deal of the
        day) changes nothing but the daily games' list and the keys counted."""
        score = _amount(score, "score")
        assisted = expect_bool(assisted, "assisted")
        won = expect_bool(won, "won") and not assisted
        best = not assisted and expect_bool(finished, "finished")
        entry = ScoreEntry(_timestamp(when), score, won, _rules_name(rules, "rules"), assisted,
                           None if seconds is None else _seconds(seconds, "seconds"),
                           None if moves is None else expect_int(moves, "moves", 0, COUNT_LIMIT),
                           _deal(deal, "deal"))
        if winnings is not None:
            winnings = payable(_amount(winnings, "winnings"), assisted)
        if vegas is not None:
            vegas = payable(_amount(vegas, "vegas"), assisted)
        counted = self.counted if key is None else (*self.counted, _game_key(key))[-KEYS_KEPT:]
        if expect_bool(daily, "daily"):
            return replace(self, daily=(*self.daily, entry)[-DAILY_LIMIT:], counted=counted)
        total = Record.after(self, score, won, best)
        changes: dict = {**_counts(total), "history": (self.history + (entry,))[-HISTORY_LIMIT:]}
        if best:
            changes["bests"] = kept((*self.bests, entry))
        if rules is not None:
            records = dict(self.by_rules)
            records[rules] = self.of_rules(rules).after(score, won, best)
            changes["by_rules"] = tuple(sorted(records.items()))
        changes["counted"] = counted
        if seconds is not None:
            changes["total_time"] = float(_saturated(
                self.total_time + _seconds(seconds, "seconds"), 0.0))
        if winnings is not None:
            changes["total_winnings"] = _saturated(self.total_winnings + winnings)
            if best:
                changes["best_winnings"] = (winnings if self.best_winnings is None
                                            else max(self.best_winnings, winnings))
        if vegas is not None:
            changes["vegas_balance"] = _saturated(self.vegas_balance + vegas)
        return replace(self, **changes)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["history"] = [entry.to_list() for entry in self.history]
        data["by_rules"] = {name: asdict(record) for name, record in self.by_rules}
        data["counted"] = list(self.counted)
        data["bests"] = [entry.to_list() for entry in self.bests]
        data["daily"] = [entry.to_list() for entry in self.daily]
        return data

    @classmethod
    def from_dict(cls, data: object, what: str, file_format: int = 2) -> GameStats:
        """Strictly checked; a missing key takes its default, an unknown key is refused.
        Format 1 is moved over (see the module's docstring)."""
        names = {item.name for item in fields(cls)}
        if file_format == 1:
            names = (names - {"by_rules"}) | {"best_by_rules"}
        data = expect_keys(data, set(), what, optional=names)
        history = _history(data.get("history", []), f"{what} history")
        if file_format == 1:
            bests = expect_dict(data.get("best_by_rules", {}), f"{what} best_by_rules")
            by_rules = _rebuilt(history, {_rules_name(name, what): _amount(value, what)
                                          for name, value in bests.items()})
        else:
            records = expect_dict(data.get("by_rules", {}), f"{what} by_rules")
            by_rules = tuple(sorted(
                (_rules_name(name, what),
                 Record.parse(expect_keys(value, set(), f"{what} {name}",
                                          optional={item.name for item in fields(Record)}),
                              f"{what} {name}"))
                for name, value in records.items()))
        if "bests" in data:
            bests = _history(data["bests"], f"{what} bests", limit=BESTS_LIMIT)
        else:  # older files: the records the recent games hold
            bests = kept(entry for entry in history if not entry.assisted)
        return cls(
            **_counts(Record.parse(data, what)),
            bests=kept(bests),
            total_time=_seconds(data.get("total_time", 0.0), f"{what} total_time"),
            total_winnings=_amount(data.get("total_winnings", 0), f"{what} total_winnings"),
            best_winnings=_optional_amount(data.get("best_winnings"), f"{what} best_winnings"),
            vegas_balance=_amount(data.get("vegas_balance", 0), f"{what} vegas_balance"),
            history=history,
            daily=_history(data.get("daily", []), f"{what} daily", limit=DAILY_LIMIT),
            by_rules=by_rules,
            counted=tuple(_game_key(item) for item in
                          expect_list(data.get("counted", []), f"{what} counted")[-KEYS_KEPT:]),
        )


def _counts(record: Record) -> dict:
    return {item.name: getattr(record, item.name) for item in fields(Record)}


def _rebuilt(history: Iterable[ScoreEntry], bests: dict[str, int]) -> tuple[tuple[str, Record],
                                                                               ...]:
    """Each rules' record as far as the recent games tell, with the best scores kept."""
    records: dict[str, Record] = {}
    for entry in history:
        if entry.rules is not None:
            records[entry.rules] = records.get(entry.rules, Record()).after(
                entry.score, entry.won, not entry.assisted)
    for name, best in bests.items():
        record = records.get(name, Record())
        kept = best if record.best_score is None else max(best, record.best_score)
        records[name] = replace(record, best_score=kept)
    return tuple(sorted(records.items()))


def _history(value: object, what: str, limit: int = HISTORY_LIMIT) -> tuple[ScoreEntry, ...]:
    entries = []
    for item in expect_list(value, what)[-limit:]:
        item = expect_list(item, f"{what} entry")
        if len(item) not in (3, 4):
            raise ValueError(f"{what} entry: expected 3 or 4 items, got {len(item)}")
        timestamp, score, won = item[:3]
        extra = expect_keys(item[3] if len(item) == 4 else {}, set(), f"{what} entry",
                            optional={"rules", "scoring", "draw", "assisted", "seconds",
                                      "moves", "deal"})
        won = expect_bool(won, what)
        assisted = expect_bool(extra.get("assisted", False), f"{what} assisted")
        if won and assisted:
            raise ValueError(f"{what}: an assisted game cannot be won")
        entries.append(ScoreEntry(expect_number(timestamp, f"{what} time", 0.0, LATEST_TIMESTAMP),
                                  _amount(score, f"{what} score"), won,
                                  _entry_rules(extra, what), assisted,
                                  _optional_seconds(extra.get("seconds"), f"{what} seconds"),
                                  _optional_count(extra.get("moves"), f"{what} moves"),
                                  _deal(extra.get("deal"), f"{what} deal")))
    return tuple(entries)


def _entry_rules(extra: dict, what: str) -> str | None:
    """The rules an entry names: "rules" now, "scoring" and "draw" in format 1."""
    if "rules" in extra:
        return _rules_name(extra["rules"], what)
    scoring, draw = extra.get("scoring"), extra.get("draw")
    if scoring is None:
        return None
    if scoring not in SCORINGS:
        raise ValueError(f"{what}: {scoring!r} is no scoring")
    return rules_key(scoring, None if draw is None else expect_int(draw, f"{what} draw", 1, 5))


def _rules_name(name: object, what: str) -> str | None:
    if name is None:
        return None
    if not isinstance(name, str) or not RULES_NAME.fullmatch(name):
        raise ValueError(f"{what}: {name!r} names no rules")
    return name


def _game_key(key: object) -> str:
    if not isinstance(key, str) or not GAME_KEY.fullmatch(key):
        raise ValueError(f"{key!r} is not a game key")
    return key


def _timestamp(when: float | None) -> float:
    """When a game ended: `when`, checked, or now; a clock set outside the years a file may
    name (before 1970, say) gives the nearest it may, so the game is still counted."""
    if when is None:
        return min(max(time.time(), 0.0), LATEST_TIMESTAMP)
    return expect_number(when, "timestamp", 0.0, LATEST_TIMESTAMP)


def _more(count: int) -> int:
    return min(count + 1, COUNT_LIMIT)


def _saturated(amount: float, low: float = -AMOUNT_LIMIT) -> float:
    return min(max(amount, low), AMOUNT_LIMIT)


def _amount(value: object, what: str) -> int:
    return expect_int(value, what, -AMOUNT_LIMIT, AMOUNT_LIMIT)


def _optional_amount(value: object, what: str) -> int | None:
    return None if value is None else _amount(value, what)


def _optional_seconds(value: object, what: str) -> float | None:
    return None if value is None else _seconds(value, what)


def _optional_count(value: object, what: str) -> int | None:
    return None if value is None else expect_int(value, what, 0, COUNT_LIMIT)


def _deal(value: object, what: str) -> str | None:
    """A deal's code as the statistics keep it: checked for its shape only (the table reads
    it as a code when the deal is played again)."""
    if value is None:
        return None
    if not isinstance(value, str) or not DEAL_CODE.fullmatch(value):
        raise ValueError(f"{what}: {value!r} is no deal code")
    return value


def _seconds(value: object, what: str) -> float:
    return expect_number(value, what, 0.0, float(AMOUNT_LIMIT))
