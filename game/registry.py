"""The games of the parlour, each described once: `GAMES` lists them in menu order.

A game's entry says everything the shared parts of Leaps need to know about it: its name and
one-line description, its rules, how to open its table, its menu preview, its help page, its
section of the settings, its solver, the pools of winnable deals it ships, the speed its rules
must reach and what its statistics show beyond the common rows. Every list of games in the
program (command line, menu, help, options, statistics, hints, pools, benchmarks) reads this one.

The entry names the parts that live above the rules (scenes, art, solvers) as "module:name"
references, loaded on first use: reading the list costs nothing, the menu loads only what it
draws, and no module below the scenes imports a scene. Adding a game: its rules module (listed
in `game.rules`), its table module (with its preview and help page, or beside the others in
game.scenes.previews and help_text), its section of the settings (game.store.settings), and
one `Game(...)` here.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from game.rules import GAMES as RULES

Options = tuple[tuple[str, Any], ...]  # rules options as (name, value) pairs, hashable
GRADES = ("easy", "medium", "hard", "expert")  # a pool's deals, least to most demanding


@dataclass(frozen=True)
class Pool:
    """A pool of winnable deals the game ships: the rules options its deals are proven for,
    and the label that tells its file apart from the game's other pools. Its deals are graded
    (`game.ai.grading`); `lookahead` is the range of positions the reference player of the
    grades' benchmark looks at before each move, from a beginner's to a strong player's, and
    `grade_sample` the deals of each grade it plays by default: enough that grades which do
    fall are not shown otherwise by the luck of the sample (the more alike two neighbouring
    grades, the more it needs), within what a run can afford. The deal of the day comes from
    the game's pool marked `daily`."""

    options: Options = ()
    label: str = ""
    lookahead: tuple[int, int] = (4, 3000)
    grade_sample: int = 60
    daily: bool = False


@dataclass(frozen=True)
class Game:
    id: str
    blurb: str  # one line on the menu tile
    table: str  # factory(context, seed) -> the table scene; seed None resumes or deals anew
    preview: str  # painter(surface): the menu tile's picture, filling the surface
    help: str  # the help page, in help_text's mark-up
    advisor: str | None = None  # the solver's SolitaireAdvisor (hints, Solve?, pools)
    pools: tuple[Pool, ...] = ()
    moves_per_second: int = 20_000  # the rules' throughput budget (DESIGN.md), for the benchmark
    # What the statistics show beyond the common rows: "winnings" (a buy-in, winnings and their
    # chart), "vegas" (scores by rules, the Vegas balance and its chart) or nothing.
    money: Literal["winnings", "vegas"] | None = None
    # The two rules options the statistics keep scores by (each pair of values apart), if any.
    scores_by: tuple[str, str] | None = None
    finishes_by_itself: bool = False  # the table plays the last moves once nothing is hidden
    stock_words: str = "turning the stock"  # the stock move, as the post-mortem tells it
    # The records the statistics keep (fastest win, fewest moves, best score), ten of each.
    records: tuple[str, ...] = ("time", "moves", "score")
    code_letter: str = ""  # a deal code's first letter, naming the game (see game.deal_codes)

    @property
    def rules(self) -> Any:
        return RULES[self.id]

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def settings_section(self) -> str:
        """The section of the settings holding the game's choices (`settings.<section>`)."""
        return self.id

    def open_table(self, context: Any, seed: int | None = None) -> Any:
        """The game's table scene: a saved game resumed when `seed` is None, else deal `seed`."""
        return load(self.table)(context, seed)

    def paint_preview(self, surface: Any) -> None:
        load(self.preview)(surface)

    def help_text(self) -> str:
        return load(self.help)

    def load_advisor(self) -> Any:
        """The solver's advisor, or None for a game without one."""
        return None if self.advisor is None else load(self.advisor)


def modules_named() -> set[str]:
    """Every module the entries name: the packager must be told of them, since it cannot see
    an import made from a name."""
    references = (reference for game in GAMES
                  for reference in (game.table, game.preview, game.help, game.advisor))
    return {reference.partition(":")[0] for reference in references if reference}


@cache
def load(reference: str) -> Any:
    """The object a "package.module:name" reference names, imported on first use."""
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


_KLONDIKE_STANDARD = (("redeals", None), ("start_rank", 1))
_EVERY_DEAL = 125  # a grade's deals in a pool of 500: Klondike's deals are quick to play

GAMES: tuple[Game, ...] = (
    Game("klondike", "The classic patience: down in alternate colours, up by suit.",
         code_letter="K", table="game.scenes.table.klondike:open_table",
         preview="game.scenes.previews:klondike",
         help="game.scenes.help_text:KLONDIKE",
         advisor="game.ai.klondike.hints:ADVISOR",
         pools=(Pool((("draw", 3), *_KLONDIKE_STANDARD), "draw3", daily=True,
                     grade_sample=_EVERY_DEAL),
                Pool((("draw", 1), *_KLONDIKE_STANDARD), "draw1", lookahead=(2, 1000),
                     grade_sample=_EVERY_DEAL)),
         money="vegas", scores_by=("scoring", "draw"), finishes_by_itself=True,
         stock_words="turning cards from the stock"),
    Game("leapfrog", "Fill the gaps to sort every suit from King down to 2.",
         code_letter="F", table="game.scenes.table.leapfrog:open_table",
         preview="game.scenes.previews:leapfrog",
         help="game.scenes.help_text:LEAPFROG",
         advisor="game.ai.leapfrog.solver:ADVISOR",
         pools=(Pool(daily=True, lookahead=(1_000, 100_000), grade_sample=40),),
         money="winnings"),
    Game("leap_year", "Four decks and sixteen foundations, Ace to King.",
         code_letter="Y", table="game.scenes.table.leap_year:open_table",
         preview="game.scenes.previews:leap_year",
         help="game.scenes.help_text:LEAP_YEAR",
         advisor="game.ai.leap_year.solver:ADVISOR",
         pools=(Pool(daily=True, lookahead=(1_000, 30_000), grade_sample=40),),
         stock_words="dealing from the stock"),
    Game("lucas_leaps", "Two decks and thirteen piles, all built by suit.",
         code_letter="L", table="game.scenes.table.lucas_leaps:open_table",
         preview="game.scenes.previews:lucas_leaps",
         help="game.scenes.help_text:LUCAS_LEAPS",
         advisor="game.ai.lucas_leaps.solver:ADVISOR",
         pools=(Pool(daily=True),)),
    Game("leap_frog", "The marble board game: leap, capture and outscore.",
         code_letter="M", table="game.scenes.leap_frog.opening:open_leap_frog_table",
         preview="game.scenes.previews:leap_frog",
         help="game.scenes.help_text:LEAP_FROG",
         moves_per_second=2_000, scores_by=("variant", "size"), records=("time", "score")),
)

BY_ID: Mapping[str, Game] = {each.id: each for each in GAMES}
IDS: tuple[str, ...] = tuple(BY_ID)
