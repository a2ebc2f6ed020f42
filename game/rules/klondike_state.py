"""Klondike's options and positions, and their dict form in the save format.

Reading a dict checks everything a real game guarantees, so a damaged save is refused with a
ValueError instead of turning into a position the rules cannot handle.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.klondike_piles import Pile, face_up_count, fits_on_foundation, fits_on_tableau
from game.rules.klondike_scoring import SCORINGS, check_score
from game.rules.options import RuleOption
from game.rules.serial import (
    check_card_counts,
    expect_game,
    expect_int,
    expect_keys,
    expect_seed,
    parse_pile,
    parse_piles,
    pile_codes,
)

GAME_ID = "klondike"
TABLEAU_PILES = 7
FOUNDATION_PILES = 4
MAX_DRAW = 5
MAX_REDEALS = 99
# The rules options (RULES.md §3), each declared once.
DRAW = RuleOption("draw", 3, 1, MAX_DRAW)
REDEALS = RuleOption("redeals", None, 0, MAX_REDEALS, none_allowed=True)  # None: unlimited
START_RANK = RuleOption("start_rank", 1, 1, 13)
SCORING = RuleOption("scoring", "standard", choices=SCORINGS)
OPTIONS = (DRAW, REDEALS, START_RANK, SCORING)
OPTION_NAMES = tuple(option.name for option in OPTIONS)
STATE_KEYS = {"game", "seed", "options", "tableau", "foundations", "stock", "waste", "passes",
              "score"}


@dataclass(frozen=True, slots=True)
class KlondikeOptions:
    """The rules options; constructing one checks every value."""

    draw: int
    redeals: int | None  # additional passes through the deck; None for unlimited
    start_rank: int
    scoring: str

    def __post_init__(self) -> None:
        for option in OPTIONS:
            option.check(getattr(self, option.name))

    @property
    def max_passes(self) -> int | None:
        """Passes allowed in all (the deal begins the first); None when unlimited."""
        return None if self.redeals is None else self.redeals + 1

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in OPTION_NAMES}


@dataclass(frozen=True, slots=True)
class KlondikeState:
    """A position: piles bottom to top, the stock face down with its next card last."""

    seed: int
    options: KlondikeOptions
    tableau: tuple[Pile, ...]
    foundations: tuple[Pile, ...]
    stock: Pile
    waste: Pile
    passes: int  # passes through the deck begun, 1 at the deal
    score: int  # as stored: standard scores are already clamped at 0


def options_from_dict(data: object) -> KlondikeOptions:
    data = expect_keys(data, set(OPTION_NAMES), "options")
    return KlondikeOptions(**data)


def state_to_dict(state: KlondikeState) -> dict:
    return {
        "game": GAME_ID,
        "seed": state.seed,
        "options": state.options.to_dict(),
        "tableau": [pile_codes(pile) for pile in state.tableau],
        "foundations": [pile_codes(pile) for pile in state.foundations],
        "stock": pile_codes(state.stock),
        "waste": pile_codes(state.waste),
        "passes": state.passes,
        "score": state.score,
    }


def state_from_dict(data: object) -> KlondikeState:
    """Read and check a state dict; ValueError names the first thing wrong."""
    data = expect_keys(data, STATE_KEYS, f"{GAME_ID} state")
    expect_game(data, GAME_ID)
    seed = expect_seed(data["seed"])
    options = options_from_dict(data["options"])
    tableau = parse_piles(data["tableau"], "tableau", TABLEAU_PILES)
    foundations = parse_piles(data["foundations"], "foundation", FOUNDATION_PILES)
    stock = parse_pile(data["stock"], "stock")
    waste = parse_pile(data["waste"], "waste")
    every_card = [card for pile in (*tableau, *foundations, stock, waste) for card in pile]
    check_card_counts(every_card, 1)
    _check_all_face(stock, False, "stock")
    _check_all_face(waste, True, "waste")
    for index, pile in enumerate(foundations):
        _check_all_face(pile, True, f"foundation {index}")
        _check_foundation(pile, options.start_rank, f"foundation {index}")
    for index, pile in enumerate(tableau):
        _check_tableau(pile, index, options.start_rank, f"tableau {index}")
    passes = expect_int(data["passes"], "passes", 1, options.max_passes)
    score = expect_int(data["score"], "score")
    check_score(options.scoring, score, sum(map(len, foundations)))
    return KlondikeState(seed, options, tableau, foundations, stock, waste, passes, score)


def _check_all_face(pile: Pile, face_up: bool, what: str) -> None:
    for card in pile:
        if card.face_up != face_up:
            raise ValueError(f"{what}: {card.code} should be face {'up' if face_up else 'down'}")


def _check_foundation(pile: Pile, start: int, what: str) -> None:
    for height, card in enumerate(pile):
        if not fits_on_foundation(pile[:height], card, start):
            raise ValueError(f"{what}: {card.code} does not continue the suit stack")


def _check_tableau(pile: Pile, index: int, start: int, what: str) -> None:
    """Face-down cards lie only under face-up ones, no more of them than the deal put there,
    and the face-up cards form one ordered run."""
    face_up = face_up_count(pile)
    face_down = len(pile) - face_up
    if pile and not face_up:
        raise ValueError(f"{what}: the top card must be face up")
    if any(card.face_up for card in pile[:face_down]):
        raise ValueError(f"{what}: a face-up card lies under a face-down one")
    if face_down > index:
        raise ValueError(f"{what}: {face_down} face-down cards, the deal gives it {index}")
    for lower, upper in zip(pile[face_down:], pile[face_down + 1 :], strict=False):
        if not fits_on_tableau(lower, upper, start):
            raise ValueError(f"{what}: {upper.code} cannot lie on {lower.code}")

