"""Klondike (RULES.md §3): seven building stacks, four suit stacks, a deck turned N at a time.

The deal: the shuffled deck is held face down with its last card on top and dealt from the
top row by row: one card to each of the seven building stacks, then one to each stack but the
first, and so on, so stack i gets i + 1 cards and the last card each stack receives is dealt
face up. The remaining 24 cards are the stock, and the first N of them are turned onto the
waste at once, as the original does.

Automatic moves are the table's business: `game.ai.klondike.hints.automatic_move` names the
next one (a move the solver can prove loses no win) and the table applies it as a move of its
own, so undo takes it back.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.cards import Card, CardKey, shuffled_deck
from game.rules.klondike_piles import (
    foundation_takes,
    tableau_takes,
)
from game.rules.klondike_scoring import initial_score, score_after_move, score_after_new_pass
from game.rules.klondike_state import (
    FOUNDATION_PILES,
    GAME_ID,
    OPTIONS,
    TABLEAU_PILES,
    KlondikeOptions,
    KlondikeState,
    state_from_dict,
    state_to_dict,
)
from game.rules.moves import (
    STOCK,
    CardMove,
    IllegalMove,
    PileRef,
    StockMove,
)
from game.rules.options import check_options
from game.rules.patience import PileSolitaireRules
from game.rules.serial import expect_seed

Move = CardMove | StockMove

WASTE = PileRef("waste", 0)
STOCK_PILE = PileRef("stock", 0)
TABLEAU = tuple(PileRef("tableau", index) for index in range(TABLEAU_PILES))
FOUNDATIONS = tuple(PileRef("foundation", index) for index in range(FOUNDATION_PILES))
_PILE_COUNTS = {"tableau": TABLEAU_PILES, "foundation": FOUNDATION_PILES, "waste": 1}


def deal(seed: int, options: KlondikeOptions) -> KlondikeState:
    """The opening position for `seed`, first cards of the stock already turned."""
    deck = shuffled_deck(seed, 1)
    piles: list[list[Card]] = [[] for _ in range(TABLEAU_PILES)]
    for row in range(TABLEAU_PILES):
        for index in range(row, TABLEAU_PILES):
            piles[index].append(deck.pop().turned(index == row))
    state = KlondikeState(
        seed=seed,
        options=options,
        tableau=tuple(map(tuple, piles)),
        foundations=((),) * FOUNDATION_PILES,
        stock=tuple(card.turned(False) for card in deck),
        waste=(),
        passes=1,
        score=initial_score(options.scoring),
    )
    return _turn_stock(state)


def pass_available(state: KlondikeState) -> bool:
    """Whether another pass through the deck may still be begun."""
    allowed = state.options.max_passes
    return allowed is None or state.passes < allowed


def can_use_stock(state: KlondikeState) -> bool:
    """Whether clicking the stock does anything: turn cards, or begin another pass."""
    return bool(state.stock) or (bool(state.waste) and pass_available(state))


# --- legal moves --------------------------------------------------------------------------------


Takers = dict[CardKey, list[PileRef]]


def _add_takers(takers: Takers, refs, piles, takes, start: int) -> None:
    """Record which of the piles `refs` take which cards (by `takes`), so that each card
    finds its targets by one lookup instead of a test against every pile."""
    for ref, pile in zip(refs, piles, strict=True):
        for key in takes(pile, start):
            if key in takers:
                takers[key].append(ref)
            else:
                takers[key] = [ref]


def _moves_of(source: PileRef, pile: tuple[Card, ...], takers: Takers) -> list[Move]:
    """Every legal move taking cards from `source`, holding `pile`, to a pile of `takers`: the
    top card to each pile that takes it (never from one suit stack to another), and from a
    building stack each longer run of its face-up cards to each building stack that takes
    the run's first card."""
    if not pile:
        return []
    kind = source.kind
    if kind != "tableau":
        targets = takers.get(pile[-1][:2], ())
        if kind == "waste":
            return [CardMove(source, target, 1) for target in targets]
        return [CardMove(source, target, 1) for target in targets if target.kind == "tableau"]
    moves: list[Move] = []
    # The face-up cards of a building stack always form one ordered run (see face_up_count),
    # so no stack ever takes one of its own cards.
    for count, card in enumerate(reversed(pile), 1):
        if not card.face_up:
            break
        targets = takers.get(card[:2])
        if targets:
            for target in targets:
                if count == 1 or target.kind == "tableau":
                    moves.append(CardMove(source, target, count))
    return moves


def is_won(state: KlondikeState) -> bool:
    return sum(map(len, state.foundations)) == 52


def legal_moves(state: KlondikeState) -> list[Move]:
    """Every legal move; none once the game is won, which ends it."""
    if is_won(state):
        return []
    start = state.options.start_rank
    takers: Takers = {}
    _add_takers(takers, TABLEAU, state.tableau, tableau_takes, start)
    _add_takers(takers, FOUNDATIONS, state.foundations, foundation_takes, start)
    moves = _moves_of(WASTE, state.waste, takers)
    for source, pile in zip(TABLEAU, state.tableau, strict=True):
        moves += _moves_of(source, pile, takers)
    for source, pile in zip(FOUNDATIONS, state.foundations, strict=True):
        moves += _moves_of(source, pile, takers)
    if can_use_stock(state):
        moves.append(STOCK)
    return moves


def _pile(state: KlondikeState, ref: PileRef) -> tuple[Card, ...]:
    if ref.kind == "tableau":
        return state.tableau[ref.index]
    return state.waste if ref.kind == "waste" else state.foundations[ref.index]


def _is_pile_ref(value: object) -> bool:
    return (
        isinstance(value, PileRef)
        and isinstance(value.kind, str)
        and value.kind in _PILE_COUNTS
        and type(value.index) is int
        and 0 <= value.index < _PILE_COUNTS[value.kind]
    )


# --- playing moves ------------------------------------------------------------------------------


def apply(state: KlondikeState, move: object) -> KlondikeState:
    """The position after `move`; IllegalMove unless `legal_moves` lists it.

    A card move is checked by generating the legal moves from its source to its target only:
    the generation `legal_moves` uses, limited to one pair of piles.
    """
    if isinstance(move, StockMove):
        if not can_use_stock(state):
            raise IllegalMove("klondike: the stock is empty and no pass is left")
        return _turn_stock(state) if state.stock else _new_pass(state)
    if (isinstance(move, CardMove) and _is_pile_ref(move.source) and _is_pile_ref(move.target)
            and not is_won(state)):
        target = move.target
        takers: Takers = {}
        if target.kind != "waste":
            takes = tableau_takes if target.kind == "tableau" else foundation_takes
            _add_takers(takers, (target,), (_pile(state, target),), takes,
                        state.options.start_rank)
        for legal in _moves_of(move.source, _pile(state, move.source), takers):
            if legal == move:
                return _move_cards(state, legal)
    raise IllegalMove(f"klondike: not a legal move: {move!r}")


def _turn_stock(state: KlondikeState) -> KlondikeState:
    """Turn the next N cards one by one onto the waste, the last one turned on top."""
    count = min(state.options.draw, len(state.stock))
    turned = _turned_over(state.stock[-count:], True)
    return KlondikeState(state.seed, state.options, state.tableau, state.foundations,
                         state.stock[:-count], state.waste + turned, state.passes, state.score)


def _new_pass(state: KlondikeState) -> KlondikeState:
    """Turn the waste back over as the stock, so its cards come up again in the same order."""
    passes = state.passes + 1
    options = state.options
    return KlondikeState(
        state.seed, options, state.tableau, state.foundations,
        _turned_over(state.waste, False), (), passes,
        score_after_new_pass(options.scoring, state.score, options.draw, passes),
    )


def _turned_over(cards: tuple[Card, ...], face_up: bool) -> tuple[Card, ...]:
    """`cards` turned over as a packet: their order reversed, each now face up or down."""
    return tuple(Card(rank, suit, face_up) for rank, suit, _ in reversed(cards))


def _move_cards(state: KlondikeState, move: CardMove) -> KlondikeState:
    """Play a legal card move, turning over a face-down card it uncovers."""
    source, target, count = move
    tableau, foundations, waste = state.tableau, state.foundations, state.waste
    turned_over = False
    if source.kind == "waste":
        cards, waste = waste[-1:], waste[:-1]
    elif source.kind == "foundation":
        pile = foundations[source.index]
        cards = pile[-1:]
        foundations = _replace(foundations, source.index, pile[:-1])
    else:
        pile = tableau[source.index]
        cards, rest = pile[-count:], pile[:-count]
        if rest and not rest[-1].face_up:
            rest = rest[:-1] + (rest[-1].turned(True),)
            turned_over = True
        tableau = _replace(tableau, source.index, rest)
    if target.kind == "foundation":
        foundations = _replace(foundations, target.index, foundations[target.index] + cards)
    else:
        tableau = _replace(tableau, target.index, tableau[target.index] + cards)
    score = score_after_move(state.options.scoring, state.score, source.kind, target.kind,
                             turned_over)
    return KlondikeState(state.seed, state.options, tableau, foundations, state.stock, waste,
                         state.passes, score)


def _replace(piles: tuple, index: int, pile: tuple) -> tuple:
    """`piles` with one pile replaced; the others are shared, not copied."""
    return piles[:index] + (pile,) + piles[index + 1 :]


# --- help for the table -------------------------------------------------------------------------


class DeckGroups(NamedTuple):
    """The deck and waste in the order the cards will come up, for the deck-contents panel.

    Every card is given face up. A group lists its cards in the order they are turned, so its
    last card is the one that becomes playable; the playable card now is `waste[-1]`.
    """

    waste: tuple[Card, ...]  # bottom to top
    this_pass: tuple[tuple[Card, ...], ...]  # the stock's groups still to come in this pass
    next_pass: tuple[tuple[Card, ...], ...]  # the next pass if no card is played; () if none


def deck_groups(state: KlondikeState) -> DeckGroups:
    draw = state.options.draw
    upcoming = tuple(card.turned(True) for card in reversed(state.stock))
    cycle = state.waste + upcoming
    next_pass = _groups(cycle, draw) if pass_available(state) else ()
    return DeckGroups(state.waste, _groups(upcoming, draw), next_pass)


def _groups(cards: tuple[Card, ...], size: int) -> tuple[tuple[Card, ...], ...]:
    return tuple(cards[start : start + size] for start in range(0, len(cards), size))


# --- the rules object ---------------------------------------------------------------------------


class KlondikeRules(PileSolitaireRules):
    """The rules contract of DESIGN.md for Klondike, on the shared solitaire base: it adds
    the options, and checks a move against the moves between its own two piles only."""

    id = GAME_ID
    title = "Klondike"

    rule_options = OPTIONS

    def new_game(self, seed: int, **options: object) -> KlondikeState:
        """The deal for `seed` (options as declared in `OPTIONS`, defaults for those not
        given); ValueError for an unknown option or a bad value."""
        checked = check_options(OPTIONS, options, GAME_ID)
        return deal(expect_seed(seed), KlondikeOptions(**checked))

    def options(self, state: KlondikeState) -> dict:
        return state.options.to_dict()

    def _legal_moves(self, state: KlondikeState) -> list[Move]:
        return legal_moves(state)

    def apply(self, state: KlondikeState, move: Move) -> KlondikeState:
        return apply(state, move)

    def is_won(self, state: KlondikeState) -> bool:
        return is_won(state)

    def score(self, state: KlondikeState) -> int:
        return state.score

    def piles(self, state: KlondikeState) -> dict[PileRef, tuple[Card, ...]]:
        """Every pile the table draws, keyed by its reference."""
        view = {STOCK_PILE: state.stock, WASTE: state.waste}
        view.update(zip(FOUNDATIONS, state.foundations, strict=True))
        view.update(zip(TABLEAU, state.tableau, strict=True))
        return view

    def to_dict(self, state: KlondikeState) -> dict:
        return state_to_dict(state)

    def from_dict(self, data: object) -> KlondikeState:
        return state_from_dict(data)

    def move_from_dict(self, data: object) -> Move:
        """Read a move dict; ValueError for anything malformed or naming no Klondike pile."""
        move = super().move_from_dict(data)
        if isinstance(move, CardMove):
            if not (_is_pile_ref(move.source) and _is_pile_ref(move.target)):
                raise ValueError(f"klondike: no such pile in move {data!r}")
            if move.target.kind == "waste":
                raise ValueError("klondike: no card may be moved onto the waste")
            if move.count > 13:
                raise ValueError(f"klondike: no run is {move.count} cards long")
        return move


RULES = KlondikeRules()
