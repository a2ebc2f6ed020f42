"""Leap Year: four decks, sixteen foundations built up from Ace to King regardless of suit.

The deal: shuffle four decks from the seed, take the sixteen Aces out in deck order onto
foundations 0..15, then deal from the top of the deck (its end) one card to each of the eight
tableau piles; the remaining 184 cards are the stock, whose last card comes up first. A stock
deal gives tableau piles 0..7 the next eight cards in the same order.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.cards import Card, shuffled_deck
from game.rules.moves import STOCK, CardMove, PileRef, StockMove
from game.rules.patience import (
    FOUNDATION_REFS,
    KING,
    TABLEAU_REFS,
    Layout,
    Pile,
    Piles,
    PileSolitaireRules,
    deal_round_robin,
    face_down,
    foundation_key,
    foundations_wanting,
    layout_dict,
    pile_view,
    read_layout,
    replace_pile,
)

DECKS = 4
TABLEAU_PILES = 8
FOUNDATIONS = 16
STOCK_SIZE = 52 * DECKS - FOUNDATIONS - TABLEAU_PILES  # 184: 23 deals of 8


@dataclass(frozen=True, slots=True)
class LeapYearState:
    seed: int
    tableau: Piles  # 8 piles
    foundations: Piles  # 16 piles, each starting with an Ace
    stock: Pile  # face down; the last card is dealt first

    @property
    def deals_made(self) -> int:
        """Stock deals made since the start (0..23)."""
        return (STOCK_SIZE - len(self.stock)) // TABLEAU_PILES


class LeapYearRules(PileSolitaireRules):
    id = "leap_year"
    title = "Leap Year"

    def _deal(self, seed: int) -> LeapYearState:
        deck = shuffled_deck(seed, DECKS)
        foundations = tuple((card,) for card in deck if card.rank == 1)
        tableau, stock = deal_round_robin([card for card in deck if card.rank != 1],
                                          TABLEAU_PILES, 1)
        return LeapYearState(seed, tableau, foundations, face_down(stock))

    def _legal_moves(self, state: LeapYearState) -> list[CardMove | StockMove]:
        """Each tableau top card onto each foundation it fits, then a stock deal if any left."""
        wanting = foundations_wanting(state.foundations, by_suit=False)
        moves: list[CardMove | StockMove] = []
        for pile_index, pile in enumerate(state.tableau):
            if pile:
                for target in wanting.get(foundation_key(pile[-1], by_suit=False), ()):
                    moves.append(CardMove(TABLEAU_REFS[pile_index], FOUNDATION_REFS[target]))
        if state.stock:
            moves.append(STOCK)
        return moves

    def _play(self, state: LeapYearState, move: CardMove | StockMove) -> LeapYearState:
        if isinstance(move, StockMove):
            dealt, stock = deal_round_robin(state.stock, TABLEAU_PILES, 1)
            tableau = tuple(pile + new for pile, new in zip(state.tableau, dealt, strict=True))
            return LeapYearState(state.seed, tableau, state.foundations, stock)
        source, target = move.source.index, move.target.index
        pile = state.tableau[source]
        return LeapYearState(
            state.seed,
            replace_pile(state.tableau, source, pile[:-1]),
            replace_pile(state.foundations, target, state.foundations[target] + pile[-1:]),
            state.stock,
        )

    def is_won(self, state: LeapYearState) -> bool:
        return all(foundation[-1].rank == KING for foundation in state.foundations)

    def score(self, state: LeapYearState) -> int:
        """One point per card played to a foundation; the starting Aces do not count."""
        return sum(len(foundation) for foundation in state.foundations) - FOUNDATIONS

    def piles(self, state: LeapYearState) -> dict[PileRef, tuple[Card, ...]]:
        return pile_view(state.tableau, state.foundations, state.stock)

    def to_dict(self, state: LeapYearState) -> dict:
        layout = Layout(state.seed, state.tableau, state.foundations, state.stock, None)
        return layout_dict(self.id, layout)

    def from_dict(self, data: object) -> LeapYearState:
        layout = read_layout(data, self.id, tableau=TABLEAU_PILES, foundations=FOUNDATIONS,
                             waste=False, copies=DECKS, by_suit=False)
        for index, foundation in enumerate(layout.foundations):
            if not foundation:
                raise ValueError(f"foundation {index}: its Ace is missing")
        if len(layout.stock) > STOCK_SIZE or len(layout.stock) % TABLEAU_PILES:
            raise ValueError(f"stock: {len(layout.stock)} cards is not a number a game can have")
        state = LeapYearState(layout.seed, layout.tableau, layout.foundations, layout.stock)
        for index, pile in enumerate(state.tableau):
            if len(pile) > state.deals_made + 1:
                raise ValueError(f"tableau {index}: {len(pile)} cards after "
                                 f"{state.deals_made} deals")
        return state


RULES = LeapYearRules()
