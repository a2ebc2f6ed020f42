"""What the solitaires share: the rules object's common methods, dealing, foundations, and
reading and writing the pile layouts of their save dicts.

Leap Year and Lucas Leaps are both "tableau, foundations, stock" games; Leapfrog shares only the
rules-object plumbing (no options, legality checked against `legal_moves`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from game.rules.cards import Card
from game.rules.moves import (
    CardMove,
    IllegalMove,
    PileRef,
    StockMove,
    card_move_from_dict,
    card_move_to_dict,
)
from game.rules.serial import (
    check_card_counts,
    expect_game,
    expect_keys,
    expect_seed,
    parse_pile,
    parse_piles,
    pile_codes,
)

Pile = tuple[Card, ...]
Piles = tuple[Pile, ...]

STOCK_REF = PileRef("stock", 0)
# Shared references for the piles of every game here (13 tableau piles, 16 foundations at most).
TABLEAU_REFS = tuple(PileRef("tableau", index) for index in range(13))
FOUNDATION_REFS = tuple(PileRef("foundation", index) for index in range(16))
WASTE_REF = PileRef("waste", 0)
KING = 13


class SolitaireRules:
    """The parts of the rules contract that every solitaire here fulfils the same way.

    Subclasses set `id` and `title` and define `_deal(seed)`, `_legal_moves(state)` and
    `_play(state, move)`; `_play` may trust that the move is legal.
    """

    id: str
    title: str
    rule_options: tuple = ()  # none: a solitaire here deals the same way every time
    # The table, the hints and `apply` tend to ask about one state in turn, so the moves of the
    # last state asked about are kept; states are immutable, so the answer stays right. The
    # pair is replaced in one assignment: threads asking at once can only miss, never mix.
    _last_moves: tuple[Any, tuple] = (object(), ())

    def new_game(self, seed: int, **options: Any) -> Any:
        """The deal for `seed`; these games have no options, so any option is refused."""
        if options:
            raise ValueError(f"{self.title} has no options: got {', '.join(sorted(options))}")
        return self._deal(expect_seed(seed))

    def options(self, state: Any) -> dict:
        return {}

    def legal_moves(self, state: Any) -> list:
        return list(self._moves(state))

    def apply(self, state: Any, move: Any) -> Any:
        """The state after `move`; IllegalMove unless `legal_moves` lists it."""
        if move not in self._moves(state):
            raise IllegalMove(f"{self.title}: not a legal move: {move!r}")
        return self._play(state, move)

    def is_over(self, state: Any) -> bool:
        return not self._moves(state)

    def _moves(self, state: Any) -> tuple:
        last_state, moves = self._last_moves
        if last_state is not state:
            moves = tuple(self._legal_moves(state))
            self._last_moves = (state, moves)
        return moves

    def _deal(self, seed: int) -> Any:
        raise NotImplementedError

    def _legal_moves(self, state: Any) -> list:
        raise NotImplementedError

    def _play(self, state: Any, move: Any) -> Any:
        raise NotImplementedError


class PileSolitaireRules(SolitaireRules):
    """A solitaire of card piles, whose moves are card moves and stock clicks."""

    def move_to_dict(self, move: CardMove | StockMove) -> dict:
        return card_move_to_dict(move)

    def move_from_dict(self, data: object) -> CardMove | StockMove:
        return card_move_from_dict(data)


def deal_round_robin(cards: Sequence[Card], pile_count: int, rounds: int) -> tuple[Piles, Pile]:
    """Deal from the top of `cards` (its end) one card to each pile in turn, `rounds` times.

    Returns the piles, face up, and the undealt rest of `cards`, unchanged.
    """
    rest = len(cards) - pile_count * rounds
    dealt = [card.turned(True) for card in reversed(cards[rest:])]
    piles = tuple(tuple(dealt[index::pile_count]) for index in range(pile_count))
    return piles, tuple(cards[:rest])


def face_down(cards: Sequence[Card]) -> Pile:
    return tuple(card.turned(False) for card in cards)


def replace_pile(piles: Piles, index: int, pile: Pile) -> Piles:
    """`piles` with the one at `index` replaced: the other piles are shared, not copied."""
    return piles[:index] + (pile,) + piles[index + 1 :]


def foundation_key(card: Card, *, by_suit: bool) -> tuple[int, str]:
    """How foundations are matched to cards: the rank, plus the suit where suits matter.

    An Ace starts a foundation of any suit, so its key never holds a suit.
    """
    return (card.rank, card.suit if by_suit and card.rank > 1 else "")


def foundations_wanting(foundations: Piles, *, by_suit: bool) -> dict[tuple[int, str], list[int]]:
    """Which foundations take which cards: `foundation_key` -> foundation indices.

    A foundation builds up from the Ace to the King, so its height is the rank of its top
    card; a full one takes nothing.
    """
    wanting: dict[tuple[int, str], list[int]] = {}
    for index, foundation in enumerate(foundations):
        height = len(foundation)
        if height < KING:
            key = (height + 1, foundation[0].suit if by_suit and height else "")
            wanting.setdefault(key, []).append(index)
    return wanting


def pile_view(tableau: Piles, foundations: Piles, stock: Pile, waste: Pile | None = None
              ) -> dict[PileRef, Pile]:
    """Every pile the table draws, keyed by its reference."""
    view = dict(zip(TABLEAU_REFS, tableau, strict=False))
    view.update(zip(FOUNDATION_REFS, foundations, strict=False))
    view[STOCK_REF] = stock
    if waste is not None:
        view[WASTE_REF] = waste
    return view


class Layout(NamedTuple):
    """The piles of a save dict, read and checked."""

    seed: int
    tableau: Piles
    foundations: Piles
    stock: Pile
    waste: Pile | None


def layout_dict(game_id: str, layout: Layout) -> dict:
    data = {
        "game": game_id,
        "seed": layout.seed,
        "tableau": [pile_codes(pile) for pile in layout.tableau],
        "foundations": [pile_codes(pile) for pile in layout.foundations],
        "stock": pile_codes(layout.stock),
    }
    if layout.waste is not None:
        data["waste"] = pile_codes(layout.waste)
    return data


def read_layout(data: object, game_id: str, *, tableau: int, foundations: int, waste: bool,
                copies: int, by_suit: bool) -> Layout:
    """Read the piles of a save dict, checking what every such game demands.

    The keys are exactly those of the format; the stock is face down and everything else face
    up; each foundation runs up from an Ace (in one suit when `by_suit`); and the cards are
    exactly `copies` decks. Game-specific limits are left to the caller.
    """
    keys = {"game", "seed", "tableau", "foundations", "stock"} | ({"waste"} if waste else set())
    data = expect_keys(data, keys, f"{game_id} state")
    expect_game(data, game_id)
    layout = Layout(
        seed=expect_seed(data["seed"]),
        tableau=parse_piles(data["tableau"], "tableau", tableau),
        foundations=parse_piles(data["foundations"], "foundation", foundations),
        stock=parse_pile(data["stock"], "stock"),
        waste=parse_pile(data["waste"], "waste") if waste else None,
    )
    for index, pile in enumerate(layout.tableau):
        _check_faces(pile, True, f"tableau {index}")
    for index, pile in enumerate(layout.foundations):
        _check_faces(pile, True, f"foundation {index}")
        _check_foundation(pile, by_suit, f"foundation {index}")
    _check_faces(layout.stock, False, "stock")
    if layout.waste is not None:
        _check_faces(layout.waste, True, "waste")
    every_card = [card for pile in (*layout.tableau, *layout.foundations) for card in pile]
    every_card += [*layout.stock, *(layout.waste or ())]
    check_card_counts(every_card, copies)
    return layout


def _check_faces(pile: Pile, face_up: bool, what: str) -> None:
    for card in pile:
        if card.face_up != face_up:
            side = "up" if face_up else "down"
            raise ValueError(f"{what}: {card.code} should be face {side}")


def _check_foundation(pile: Pile, by_suit: bool, what: str) -> None:
    for height, card in enumerate(pile):
        if card.rank != height + 1 or (by_suit and card.suit != pile[0].suit):
            order = "in one suit " if by_suit else ""
            raise ValueError(f"{what}: cards must run up {order}from an Ace, found {card.code}")
