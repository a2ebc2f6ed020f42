"""The statistics' charts as series of numbers, and Klondike's scores filed by the rules they
were played with: scoring and draw.

A Vegas score (dollars, from -52) and a standard one (points, from 0) cannot share a chart or
a best score, and neither can draw 1 and draw 3 games. Each score entry records its scoring and
draw; entries from older files lack them, so their scoring is inferred from the score (as the
statistics always did: `is_vegas_score`) and their draw is shown as not recorded. Games without
scoring have no score to chart.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.klondike_scoring import VEGAS_START
from game.rules.leapfrog import BUY_IN
from game.store import GameStats, ScoreEntry
from game.store.stats import payable

VEGAS_STEP = 5  # Vegas money changes by this much a card
SCORED = ("standard", "vegas")
RECENT_GAMES = 10  # the second win-rate line follows this many latest games
Rules = tuple[str, int | None]  # (scoring, draw); draw None: not recorded (older files)


def is_vegas_score(score: int) -> bool:
    """A Vegas game's score is the deal's -52 plus or minus 5 a card; standard scores move
    in fives from 0 and a game without scoring stays at 0, so they never look alike."""
    return score % VEGAS_STEP == VEGAS_START % VEGAS_STEP


def rules_of(entry: ScoreEntry) -> Rules:
    """The scoring and draw a Klondike game was played with, as far as its entry tells."""
    if entry.scoring is not None:
        return entry.scoring, entry.draw
    return ("vegas" if is_vegas_score(entry.score) else "standard"), entry.draw


def rules_choices(history: Sequence[ScoreEntry], current: Rules | None) -> list[Rules]:
    """The scored rules the history holds games of, and `current` (the rules set now), in a
    steady order: standard before Vegas, then by draw, older games without a draw last."""
    found = {rules_of(entry) for entry in history}
    if current is not None:
        found.add(current)
    return sorted((rules for rules in found if rules[0] in SCORED),
                  key=lambda rules: (SCORED.index(rules[0]), rules[1] is None, rules[1] or 0))


def first_choice(choices: Sequence[Rules], history: Sequence[ScoreEntry],
                 current: Rules | None) -> int:
    """Which rules to show first: those of the latest scored game, else those set now."""
    for entry in reversed(history):
        if rules_of(entry) in choices:
            return choices.index(rules_of(entry))
    return choices.index(current) if current in choices else 0


def rules_label(rules: Rules) -> str:
    scoring, draw = rules
    name = "Standard scoring" if scoring == "standard" else "Vegas scoring"
    return f"{name}, earlier games" if draw is None else f"{name}, draw {draw}"


def entries_of(history: Sequence[ScoreEntry], rules: Rules) -> list[ScoreEntry]:
    return [entry for entry in history if rules_of(entry) == rules]


def best_of(stats: GameStats, rules: Rules) -> int | None:
    """The best score with these rules: the one kept for them, or one in the history (older
    files kept only the best of all rules together). A game the computer helped play is
    never a best score."""
    scores = [entry.score for entry in entries_of(stats.history, rules) if not entry.assisted]
    kept = stats.best_for(*rules)
    if kept is not None:
        scores.append(kept)
    return max(scores, default=None)


# The series -------------------------------------------------------------------------------


def first_game_number(stats: GameStats, shown: int) -> int:
    """The number of the first of the `shown` latest games, counting every game played."""
    return max(1, stats.played - shown + 1)


def win_rate_series(stats: GameStats) -> list[float]:
    """The win rate after each game of the history, the games played before it counted too,
    so the last value is the win rate of all games."""
    history = stats.history
    played = max(0, stats.played - len(history))
    won = min(played, max(0, stats.won - sum(entry.won for entry in history)))
    rates = []
    for entry in history:
        played += 1
        won += entry.won
        rates.append(won / played)
    return rates


def recent_win_rate_series(history: Sequence[ScoreEntry],
                           window: int = RECENT_GAMES) -> list[float]:
    """The share of wins among the latest `window` games (fewer at first), after each game."""
    rates = []
    for end in range(1, len(history) + 1):
        recent = history[max(0, end - window):end]
        rates.append(sum(entry.won for entry in recent) / len(recent))
    return rates


def running_total(amounts: Sequence[int], start: int = 0) -> list[int]:
    """The total after each amount is added to `start`."""
    totals = []
    for amount in amounts:
        start += amount
        totals.append(start)
    return totals


def winnings_series(stats: GameStats) -> list[int]:
    """Leapfrog's accumulated winnings after each game of the history: each game wins its
    score less the buy-in (a game the computer helped play never gains), and the line ends
    at the total the statistics keep (which counts games too old for the history as well)."""
    amounts = [payable(entry.score - BUY_IN, entry.assisted) for entry in stats.history]
    return running_total(amounts, stats.total_winnings - sum(amounts))


def vegas_series(stats: GameStats, rules: Rules | None = None) -> list[int]:
    """The running total of the money of each Vegas game in Klondike's history (whether or
    not the balance was carried over when it was played), of these `rules` only if given."""
    games = (entries_of(stats.history, rules) if rules is not None else
             [entry for entry in stats.history if rules_of(entry)[0] == "vegas"])
    return running_total([payable(entry.score, entry.assisted) for entry in games])
