"""The rules of the five games: pure Python, no pygame, no I/O.

`GAMES` maps each game id to its rules object (see each module for the game itself).
"""

from game.rules import klondike, leap_frog, leap_year, leapfrog, lucas_leaps
from game.rules.moves import IllegalMove

GAMES = {
    "klondike": klondike.RULES,
    "leapfrog": leapfrog.RULES,
    "leap_year": leap_year.RULES,
    "lucas_leaps": lucas_leaps.RULES,
    "leap_frog": leap_frog.RULES,
}

__all__ = ["GAMES", "IllegalMove"]
