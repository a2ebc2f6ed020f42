"""Klondike positions for the table tests, written as piles of card codes."""

from game.rules import GAMES
from game.rules.cards import new_deck

RULES = GAMES["klondike"]
OPTIONS = {"draw": 3, "redeals": None, "start_rank": 1, "scoring": "standard"}


def position(tableau=(), foundations=(), stock="", waste="", *, passes=1, score=0,
             **options):
    """The state with the piles named (space-separated codes, bottom to top); every card not
    named lies face down at the bottom of the stock."""
    tableau = [pile.split() for pile in tableau] + [[]] * (7 - len(tableau))
    foundations = [pile.split() for pile in foundations] + [[]] * (4 - len(foundations))
    stock, waste = stock.split(), waste.split()
    named = {code.upper() for pile in (*tableau, *foundations, stock, waste) for code in pile}
    rest = [card.code.lower() for card in new_deck() if card.code not in named]
    return RULES.from_dict({
        "game": "klondike", "seed": 7, "options": {**OPTIONS, **options},
        "tableau": tableau, "foundations": foundations, "stock": rest + stock, "waste": waste,
        "passes": passes, "score": score})


def suit_up_to(suit: str, rank: int) -> str:
    """A suit stack from the Ace up to `rank`."""
    return " ".join(f"{'A23456789TJQK'[index]}{suit}" for index in range(rank))
