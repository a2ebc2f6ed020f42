"""Lucas Leaps: two decks, thirteen tableau piles building down by suit, runs move as a unit.

The deal: shuffle two decks from the seed and deal from the top of the deck (its end) one card
at a time to tableau piles 0..12, four rounds; the other 52 cards are the stock, whose last card
is turned onto the waste first.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.cards import (
    Card,
    CardKey,
    builds_down_in_suit,
    movable_run_length,
    shuffled_deck,
    takes,
)
from game.rules.moves import STOCK, CardMove, PileRef, StockMove
from game.rules.patience import (
    FOUNDATION_REFS,
    TABLEAU_REFS,
    WASTE_REF,
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

DECKS = 2
TABLEAU_PILES = 13
CARDS_PER_PILE = 4
FOUNDATIONS = 8
STOCK_SIZE = 52 * DECKS - TABLEAU_PILES * CARDS_PER_PILE  # 52
POINTS_PER_CARD = 5


@dataclass(frozen=True, slots=True)
class LucasLeapsState:
    seed: int
    tableau: Piles  # 13 piles
    foundations: Piles  # 8 piles, each empty or one suit up from the Ace
    stock: Pile  # face down; the last card is turned first
    waste: Pile


class LucasLeapsRules(PileSolitaireRules):
    id = "lucas_leaps"
    title = "Lucas Leaps"

    def _deal(self, seed: int) -> LucasLeapsState:
        tableau, stock = deal_round_robin(shuffled_deck(seed, DECKS), TABLEAU_PILES,
                                          CARDS_PER_PILE)
        return LucasLeapsState(seed, tableau, ((),) * FOUNDATIONS, face_down(stock), ())

    def _legal_moves(self, state: LucasLeapsState) -> list[CardMove | StockMove]:
        """Single cards to foundations and cards or runs to the tableau, then the stock.

        The playable cards are the waste's top card and, from each tableau pile, its top
        card and every longer same-suit descending run at its top.
        """
        tableau = state.tableau
        wanting = foundations_wanting(state.foundations, by_suit=True)
        empty_piles = [TABLEAU_REFS[index] for index, pile in enumerate(tableau) if not pile]
        # The shared tableau rule, indexed: each card a pile's top card takes -> those piles.
        takers: dict[CardKey, list[PileRef]] = {}
        sources = [(WASTE_REF, state.waste, 1)] if state.waste else []
        for index, pile in enumerate(tableau):
            if pile:
                top = pile[-1]
                for key in takes(builds_down_in_suit, top):
                    takers.setdefault(key, []).append(TABLEAU_REFS[index])
                sources.append((TABLEAU_REFS[index], pile,
                                movable_run_length(pile, builds_down_in_suit)))
        moves: list[CardMove | StockMove] = []
        for source, cards, runs in sources:
            for target in wanting.get(foundation_key(cards[-1], by_suit=True), ()):
                moves.append(CardMove(source, FOUNDATION_REFS[target]))
            # No pile takes a run of its own: its top card is below every card of the run.
            for count in range(1, runs + 1):
                base = cards[-count]
                for target in takers.get((base.rank, base.suit), ()):
                    moves.append(CardMove(source, target, count))
                for target in empty_piles:
                    moves.append(CardMove(source, target, count))
        if state.stock:
            moves.append(STOCK)
        return moves

    def _play(self, state: LucasLeapsState, move: CardMove | StockMove) -> LucasLeapsState:
        tableau, foundations, stock, waste = (state.tableau, state.foundations, state.stock,
                                              state.waste)
        if isinstance(move, StockMove):
            return LucasLeapsState(state.seed, tableau, foundations, stock[:-1],
                                   waste + (stock[-1].turned(True),))
        source, target, count = move
        if source.kind == "waste":
            moving, waste = waste[-1:], waste[:-1]
        else:
            pile = tableau[source.index]
            moving = pile[-count:]
            tableau = replace_pile(tableau, source.index, pile[:-count])
        if target.kind == "foundation":
            foundations = replace_pile(foundations, target.index,
                                       foundations[target.index] + moving)
        else:
            tableau = replace_pile(tableau, target.index, tableau[target.index] + moving)
        return LucasLeapsState(state.seed, tableau, foundations, stock, waste)

    def is_won(self, state: LucasLeapsState) -> bool:
        return sum(len(foundation) for foundation in state.foundations) == 52 * DECKS

    def score(self, state: LucasLeapsState) -> int:
        """Five points per card on a foundation."""
        return POINTS_PER_CARD * sum(len(foundation) for foundation in state.foundations)

    def piles(self, state: LucasLeapsState) -> dict[PileRef, tuple[Card, ...]]:
        return pile_view(state.tableau, state.foundations, state.stock, state.waste)

    def to_dict(self, state: LucasLeapsState) -> dict:
        layout = Layout(state.seed, state.tableau, state.foundations, state.stock, state.waste)
        return layout_dict(self.id, layout)

    def from_dict(self, data: object) -> LucasLeapsState:
        layout = read_layout(data, self.id, tableau=TABLEAU_PILES, foundations=FOUNDATIONS,
                             waste=True, copies=DECKS, by_suit=True)
        if len(layout.stock) + len(layout.waste) > STOCK_SIZE:
            raise ValueError(f"stock and waste: {len(layout.stock) + len(layout.waste)} cards, "
                             f"more than the {STOCK_SIZE} the stock starts with")
        return LucasLeapsState(layout.seed, layout.tableau, layout.foundations, layout.stock,
                               layout.waste)


RULES = LucasLeapsRules()
