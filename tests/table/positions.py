"""Klondike positions for the table tests, written as piles of card codes."""

import json

from game.rules import GAMES
from game.rules.cards import new_deck
from game.rules.klondike import TABLEAU, WASTE
from game.rules.moves import CardMove

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


# Deal 559 drawing three, before the player lays the 8C from the waste on the 9D: the AC then
# comes up on the waste. Sent up, it leaves no win; laid by, one is left.
DEAL_559 = RULES.from_dict(json.loads("""{"game": "klondike", "seed": 559, "options": {"draw": 3,
"redeals": null, "start_rank": 1, "scoring": "standard"}, "tableau": [["KS", "QH", "JS"], ["kd",
"TS", "9D"], ["2D"], ["9h", "4h", "kc", "5S"], ["jh", "4d", "th", "6d", "QS"], ["7d", "tc", "8d",
"td", "5d", "9C"], ["9s", "6c", "ad", "3d", "3c", "7h", "JC"]], "foundations": [["AS", "2S",
"3S"], ["AH", "2H"], [], []], "stock": ["7c", "8s", "qc", "4c", "5c", "6s", "2c", "6h", "3h",
"5h", "qd", "8h", "kh", "7s", "jd"], "waste": ["4S", "AC", "8C"], "passes": 4, "score": 50}"""))
LAYS_8C = CardMove(WASTE, TABLEAU[1], 1)
