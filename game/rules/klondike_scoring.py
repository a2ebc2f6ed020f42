"""Klondike's three ways of scoring, exactly as RULES.md §3 sets them.

Standard: +10 a card to a suit stack, +5 a face-down card turned over, +5 a card from the
waste to a building stack, -15 a card from a suit stack to a building stack, and a charge for
new passes; the score never goes below 0. Vegas: -52 at the deal, +5 a card to a suit stack,
-5 one coming back. None: always 0.
"""

from __future__ import annotations

SCORINGS = ("standard", "vegas", "none")
VEGAS_START = -52

# The highest score a standard game can reach: a card is worth at most +10 net on the suit
# stacks (+10 each time it goes up, -15 each time it comes back), the 21 cards dealt face down
# turn over once each for +5, and each of the 24 other cards leaves the waste at most once.
STANDARD_MAX = 52 * 10 + 21 * 5 + 24 * 5


def initial_score(scoring: str) -> int:
    return VEGAS_START if scoring == "vegas" else 0


def score_after_move(scoring: str, score: int, source: str, target: str, turned_over: bool) -> int:
    """The score after a card move from a pile of kind `source` to one of kind `target`.

    `turned_over` says the move uncovered a face-down card, which turned up with it.
    """
    if scoring == "standard":
        if target == "foundation":
            score += 10
        elif source == "waste":
            score += 5
        elif source == "foundation":
            score -= 15
        if turned_over:
            score += 5
        return max(0, score)
    if scoring == "vegas":
        if target == "foundation":
            return score + 5
        if source == "foundation":
            return score - 5
    return score


def score_after_new_pass(scoring: str, score: int, draw: int, pass_number: int) -> int:
    """The score once pass `pass_number` (2 or more) has begun.

    Standard only: drawing 1, each pass after the first costs 100; drawing 2 to 5, each pass
    from the fourth on costs 20.
    """
    if scoring != "standard":
        return score
    first_charged, charge = (2, 100) if draw == 1 else (4, 20)
    return max(0, score - charge) if pass_number >= first_charged else score


def check_score(scoring: str, score: int, on_foundations: int) -> None:
    """Refuse a score that no game with `on_foundations` cards on the suit stacks can hold."""
    if scoring == "standard":
        if not 0 <= score <= STANDARD_MAX:
            raise ValueError(f"score: {score} is out of range for standard scoring")
    elif scoring == "vegas":
        expected = VEGAS_START + 5 * on_foundations
        if score != expected:
            raise ValueError(f"score: Vegas with {on_foundations} cards up must be {expected}")
    elif score != 0:
        raise ValueError(f"score: must be 0 without scoring, got {score}")
