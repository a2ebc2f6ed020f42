"""Records: the ten fastest wins, the ten wins in fewest moves and the ten best scores of each
game and set of rules, each with its deal and date. A game the computer helped play never
enters them; a game left before its end enters none, a lost game only the best scores.

Records are chosen from the recorded games (`ScoreEntry`s); the statistics keep every game
that holds a place in one (`kept`), so a record outlives the recent games' list.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

RECORD_KINDS = ("time", "moves", "score")  # fastest win, fewest moves, best score
TOP = 10


class Entry(Protocol):
    timestamp: float
    score: int
    won: bool
    rules: str | None
    assisted: bool
    seconds: float | None
    moves: int | None


def value(entry: Entry, kind: str) -> float | None:
    return {"time": entry.seconds, "moves": entry.moves, "score": entry.score}[kind]


def ranked(entries: Iterable[Entry], kind: str, rules: str | None) -> list[Entry]:
    """The ten best of `kind` among `entries` played with `rules`, best first (the earlier
    first among equals)."""
    fit = [entry for entry in entries if entry.rules == rules and not entry.assisted
           and value(entry, kind) is not None and (kind == "score" or entry.won)]
    sign = -1 if kind == "score" else 1
    return sorted(fit, key=lambda entry: (sign * value(entry, kind), entry.timestamp))[:TOP]


def kept(entries: Iterable[Entry]) -> tuple:
    """The entries holding a place in any record of any rules, oldest first."""
    entries = list(entries)
    places = {id(entry): entry for rules in {entry.rules for entry in entries}
              for kind in RECORD_KINDS for entry in ranked(entries, kind, rules)}
    return tuple(sorted(places.values(), key=lambda entry: entry.timestamp))
