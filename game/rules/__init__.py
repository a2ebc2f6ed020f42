"""The rules of the five games: pure Python, no pygame, no I/O.

`GAMES` maps each game id to its rules object (see each module for the game itself).
"""

from game.rules import klondike, leap_frog, leap_year, leapfrog, lucas_leaps
from game.rules.moves import IllegalMove

# The games' order is the menu's (game.registry lists the rest of what each game is).
GAMES = {rules.id: rules for rules in (klondike.RULES, leapfrog.RULES, leap_year.RULES,
                                       lucas_leaps.RULES, leap_frog.RULES)}

__all__ = ["GAMES", "IllegalMove"]
