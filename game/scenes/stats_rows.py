"""The numbers the statistics show for one game, as (label, value) lines."""

from __future__ import annotations

from game.registry import BY_ID
from game.scenes.stats_series import Rules, best_of, record_of, rules_label
from game.scenes.ui import dollars
from game.store import GameStats


def format_duration(seconds: float) -> str:
    """Time played as a person would say it: "45 s", "12 min", "3 h 5 min"."""
    whole = int(seconds)
    if whole < 60:
        return f"{whole} s"
    minutes = whole // 60
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"


def _signed(amount: int) -> str:
    return f"{amount:+,}" if amount else "0"


def stats_rows(game_id: str, stats: GameStats,
               rules: Rules | None = None) -> list[tuple[str, str]]:
    """The lines the statistics show for one game: (label, value); the counts and best score
    are those of `rules` when given (Klondike, Leap Frog), with a line for all of them."""
    record = stats if rules is None else record_of(stats, rules, game_id)
    best = stats.best_score if rules is None else best_of(stats, rules, game_id)
    if best is None:
        best_text = "–"
    else:
        best_text = dollars(best) if rules is not None and rules[0] == "vegas" else f"{best:,}"
    best_label = ("Best score" if rules is None
                  else f"Best score ({rules_label(rules, game_id, short=True)})")
    rows = [
        ("Games played", f"{record.played:,}"),
        ("Games won", f"{record.won:,}"),
        ("Win rate", f"{record.win_rate:.0%}" if record.played else "–"),
        (best_label, best_text),
        ("Current streak", f"{record.current_streak:,}"),
        ("Best streak", f"{record.best_streak:,}"),
    ]
    if rules is not None:
        rate = f", {stats.win_rate:.0%} won" if stats.played else ""
        rows.append(("All games together", f"{stats.played:,} played{rate}"))
    rows.append(("Time played", format_duration(stats.total_time)))
    money = BY_ID[game_id].money
    if money == "winnings":
        rows.append(("Total winnings", _signed(stats.total_winnings)))
        rows.append(("Best winnings",
                     "–" if stats.best_winnings is None else _signed(stats.best_winnings)))
    if money == "vegas":
        rows.append(("Vegas balance", dollars(stats.vegas_balance)))
    return rows

