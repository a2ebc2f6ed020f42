"""The statistics' charts as series of numbers, and the games filed by the rules they were
played with: Klondike's scoring and draw, Leap Frog's variant and board size.

A Vegas score (dollars, from -52) and a standard one (points, from 0) cannot share a chart or
a best score, and neither can draw 1 and draw 3 games, nor Murray's points and the plain game's
pieces. Each score entry names its rules; Klondike entries from older files lack them, so their
scoring is inferred from the score (as the statistics always did: `is_vegas_score`) and their
draw is shown as not recorded.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.registry import BY_ID, GAMES
from game.rules.klondike_scoring import VEGAS_START
from game.rules.leapfrog import BUY_IN
from game.store import GameStats, Record, ScoreEntry
from game.store.stats import payable, rules_key

VEGAS_STEP = 5  # Vegas money changes by this much a card
RECENT_GAMES = 10  # the second win-rate line follows this many latest games
Rules = tuple[str, int | None]  # (scoring, draw) or (variant, size); None: not recorded
# How the values of the options that scores are kept by (the registry's `scores_by`) read.
NAMES = {"standard": "Standard scoring", "vegas": "Vegas scoring", "none": "No scoring",
         "murray": "Murray's game", "plain": "Plain game"}
SECOND = {"draw": ("draw {}", "draw {}"), "size": ("{0}x{0} board", "{0}x{0}")}  # long, short


# The game with Vegas money, whose older games were filed without their rules.
VEGAS_GAME = next(entry.id for entry in GAMES if entry.money == "vegas")


def is_vegas_score(score: int) -> bool:
    """A Vegas game's score is the deal's -52 plus or minus 5 a card; standard scores move
    in fives from 0 and a game without scoring stays at 0, so they never look alike."""
    return score % VEGAS_STEP == VEGAS_START % VEGAS_STEP


def rules_name(rules: Rules) -> str:
    """How the store files these rules ("standard/3")."""
    return rules_key(*rules)


def parse_rules(name: str) -> Rules:
    first, _, second = name.partition("/")
    return first, None if second == "?" else int(second)


def scores_by(game_id: str) -> tuple[str, str] | None:
    """The two rules options `game_id` keeps its statistics by (None: it has no such)."""
    entry = BY_ID.get(game_id)
    return None if entry is None else entry.scores_by


def _first_values(game_id: str) -> tuple:
    """The values of the first option scores are kept by, in the order they are offered."""
    first = scores_by(game_id)[0]
    return next(option for option in BY_ID[game_id].rules.rule_options
                if option.name == first).values()


def current_rules(game_id: str, options: dict) -> Rules | None:
    """The rules of `game_id` the settings' `options` set now (None for a game without)."""
    names = scores_by(game_id)
    return None if names is None else (options[names[0]], options[names[1]])


def rules_of(entry: ScoreEntry, game_id: str = VEGAS_GAME) -> Rules | None:
    """The rules a game was played with, as far as its entry tells."""
    if entry.rules is not None:
        return parse_rules(entry.rules)
    if game_id != VEGAS_GAME:
        return None
    return ("vegas" if is_vegas_score(entry.score) else "standard"), None


def rules_choices(stats: GameStats, game_id: str, current: Rules | None) -> list[Rules]:
    """The rules with games on record, and `current` (the rules set now), in a steady
    order: by the first option's order, then by the second, older games without it last."""
    if scores_by(game_id) is None:
        return []
    order = _first_values(game_id)
    found = {rules_of(entry, game_id) for entry in stats.history}
    found |= {parse_rules(name) for name, _ in stats.by_rules}
    found.add(current)
    return sorted((rules for rules in found if rules is not None and rules[0] in order),
                  key=lambda rules: (order.index(rules[0]), rules[1] is None, rules[1] or 0))


def first_choice(choices: Sequence[Rules], stats: GameStats, game_id: str,
                 current: Rules | None) -> int:
    """Which rules to show first: those of the latest game, else those set now."""
    for entry in reversed(stats.history):
        if rules_of(entry, game_id) in choices:
            return choices.index(rules_of(entry, game_id))
    return choices.index(current) if current in choices else 0


def rules_label(rules: Rules, game_id: str = VEGAS_GAME, short: bool = False) -> str:
    """The rules as the page names them: "Standard scoring, draw 3", "Murray's game, 15x15
    board"; `short`: "Standard, draw 3", "Murray, 15x15"."""
    first, second = rules
    name = first.title() if short else NAMES.get(first, first.title())
    if second is None:
        return name if short else f"{name}, earlier games"
    wording = SECOND.get(scores_by(game_id)[1], ("{}", "{}"))[short]
    return f"{name}, {wording.format(second)}"


def entries_of(history: Sequence[ScoreEntry], rules: Rules,
               game_id: str = VEGAS_GAME) -> list[ScoreEntry]:
    return [entry for entry in history if rules_of(entry, game_id) == rules]


def record_of(stats: GameStats, rules: Rules, game_id: str = VEGAS_GAME) -> Record:
    """The record of the games played with these rules: the one kept for them, or (Klondike
    games older files did not file by rules) the one their recent games give. A game the
    computer helped play is never a best score."""
    kept = stats.of_rules(rules_name(rules))
    if kept.played:
        record = kept
    else:
        record = Record()
        for entry in entries_of(stats.history, rules, game_id):
            record = record.after(entry.score, entry.won, not entry.assisted)
    return record


def best_of(stats: GameStats, rules: Rules, game_id: str = VEGAS_GAME) -> int | None:
    """The best score with these rules (see `record_of`)."""
    return record_of(stats, rules, game_id).best_score


# The series -------------------------------------------------------------------------------


def first_game_number(stats: Record, shown: int) -> int:
    """The number of the first of the `shown` latest games, counting every game played."""
    return max(1, stats.played - shown + 1)


def win_rate_series(stats: Record, history: Sequence[ScoreEntry] | None = None) -> list[float]:
    """The win rate after each game of `history` (the statistics' own by default), the games
    played before it counted too, so the last value is the win rate of all of `stats`."""
    history = stats.history if history is None else history
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
