"""The solver's Klondike moves: generation with pruning and ordering, and playing them.

A `Play` is one rules card move, preceded for a talon card by the clicks that bring it to the
top of the waste. Two levels of pruning:

- complete (`thorough=True`): only moves no win ever needs are left out: a dead card back
  from its suit stack, a second empty building stack as target (empty stacks are
  interchangeable), a whole face-up stack moved to an empty stack (the same position), and
  emptying a stack when no King could ever use the space (only a King goes there, and if none
  is face down, in the talon, heading a run on face-down cards or live on its suit stack,
  none ever will: the position before the move can do all the one after it can, with the
  run's target card still free). With the safe automatic moves and the symmetric position
  keys this loses no win, so a search that exhausts it proves the deal lost.
- quick (`thorough=False`): also skips splitting a face-up run unless the card it exposes
  can go up, which rarely helps otherwise. Good for finding wins fast, never used to claim
  a loss.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from game.ai.klondike.position import (
    ACCEPTS,
    KING,
    KINGS,
    RANK_OF,
    RANKS,
    Deck,
    Position,
    drop,
    lift,
    lower_card,
    raise_card,
    reachable,
    safety,
    take_from_talon,
)

TABLEAU_TO_TABLEAU = "tt"
TABLEAU_TO_FOUNDATION = "tf"
TALON_TO_TABLEAU = "wt"
TALON_TO_FOUNDATION = "wf"
FOUNDATION_TO_TABLEAU = "ft"


class Play(NamedTuple):
    """One card move. `source` is a building stack, a talon position (the card
    `talon[source - 1]` after `clicks` clicks, `new_passes` of them turning the waste over)
    or a suit; `target` is a building stack (unused for moves to a suit stack)."""

    kind: str
    source: int
    target: int = 0
    count: int = 1
    clicks: int = 0
    new_passes: int = 0


def apply_play(position: Position, play: Play) -> Position:
    """The position after `play`, without automatic moves."""
    kind = play.kind
    if kind == TABLEAU_TO_TABLEAU:
        cards, rest = lift(position, play.source, play.count)
        return drop(rest, cards, play.target)
    if kind == TABLEAU_TO_FOUNDATION:
        cards, rest = lift(position, play.source, 1)
        return raise_card(rest, cards[0])
    if kind == FOUNDATION_TO_TABLEAU:
        card, rest = lower_card(position, play.source)
        return drop(rest, bytes((card,)), play.target)
    card, rest = take_from_talon(position, play.source, play.new_passes)
    if kind == TALON_TO_FOUNDATION:
        return raise_card(rest, card)
    return drop(rest, bytes((card,)), play.target)


def automatic_play(position: Position, deck: Deck) -> Play | None:
    """The automatic move, if any (see klondike.position for why it never loses a win): a
    safe card from a building stack's top, else, drawing one card a click, from the waste's
    top. The table plays these and the solver plans with them: one definition for both."""
    safe_cards = _safe_cards(position.found)
    if not safe_cards:
        return None
    for pile, up in enumerate(position.ups):
        if up and up[-1] in safe_cards:
            return Play(TABLEAU_TO_FOUNDATION, pile)
    if deck.draw == 1 and position.pos and position.talon[position.pos - 1] in safe_cards:
        return Play(TALON_TO_FOUNDATION, position.pos)
    return None


@lru_cache(maxsize=65536)
def _safe_cards(found: tuple[int, ...]) -> frozenset[int]:
    safe, _ = safety(found)
    return frozenset(suit * RANKS + found[suit] for suit in range(4) if safe[suit])


@lru_cache(maxsize=65536)
def cards_going_up_next(found: tuple[int, ...]) -> frozenset[int]:
    """The cards each suit stack takes next."""
    return frozenset(suit * RANKS + found[suit] for suit in range(4) if found[suit] < RANKS)


def forced_talon_play(position: Position, deck: Deck) -> Play | None:
    """Drawing one with unlimited passes, a safe card anywhere in the talon, reached by
    clicking: the search plays it at once, which loses no win (clicking never uses a pass
    up, and the card is as free to go as the waste's top). Not an automatic move: it is
    written out in the search's lines as the player's clicks, after which the table sends
    the card up by itself; and it may cost a pass, so a finish never makes it."""
    if deck.draw != 1 or deck.max_passes is not None:
        return None
    safe_cards = _safe_cards(position.found)
    if safe_cards.isdisjoint(position.talon):
        return None
    for at, clicks, new_passes in reachable(position, deck):
        if position.talon[at - 1] in safe_cards:
            return Play(TALON_TO_FOUNDATION, at, 0, 1, clicks, new_passes)
    return None


def settle(position: Position, deck: Deck, record: list[Play] | None = None) -> Position:
    """Play every automatic move, appending each to `record` if given."""
    while (play := automatic_play(position, deck)) is not None:
        position = apply_play(position, play)
        if record is not None:
            record.append(play)
    return position


def search_settle(position: Position, deck: Deck, forced: list[Play] | None = None
                  ) -> Position:
    """`settle`, then each forced talon play with the automatic moves after it, appending
    the forced plays to `forced` if given: what the search plays at once after each move."""
    position = settle(position, deck)
    while (play := forced_talon_play(position, deck)) is not None:
        position = settle(apply_play(position, play), deck)
        if forced is not None:
            forced.append(play)
    return position


def written_out(position: Position, plays: list[Play], deck: Deck) -> list[Play]:
    """`plays` from `position` with the forced talon plays the search made after each
    written out, so that replaying them with `settle` alone meets the search's positions."""
    out: list[Play] = []
    for play in plays:
        out.append(play)
        position = search_settle(apply_play(position, play), deck, out)
    return out


def king_waits_for_space(position: Position) -> bool:
    """Some King could use an empty stack: in the talon, face down, heading a run that lies
    on face-down cards, or on its suit stack and not dead there."""
    if any(RANK_OF[card] == KING for card in position.talon):
        return True
    _, top_dead = safety(position.found)
    if any(height == RANKS and not dead
           for height, dead in zip(position.found, top_dead, strict=True)):
        return True
    for down, up in zip(position.downs, position.ups, strict=True):
        if down and (RANK_OF[up[0]] == KING or any(RANK_OF[card] == KING for card in down)):
            return True
    return False


def generate(position: Position, deck: Deck, thorough: bool) -> list[Play]:
    """The moves to try from `position`, best first (see the module docstring for what is
    left out)."""
    downs, ups, found, talon = position.downs, position.ups, position.found, position.talon
    reach = reachable(position, deck)
    next_cards = cards_going_up_next(found)
    # Which building stacks take each card: one lookup per card instead of a test per pile.
    wanted: dict[int, list[int]] = {}
    empty = None
    for target, up in enumerate(ups):
        if up:
            for card in ACCEPTS[up[-1]]:
                wanted.setdefault(card, []).append(target)
        elif empty is None:
            empty = target
            for card in KINGS:
                wanted.setdefault(card, []).append(target)
    scored: list[tuple[int, Play]] = []
    king_waits: bool | None = None

    for source, up in enumerate(ups):
        if not up:
            continue
        down = downs[source]
        if up[-1] in next_cards:
            scored.append((1200 if len(up) == 1 and down else 1000,
                           Play(TABLEAU_TO_FOUNDATION, source)))
        for split, card in enumerate(up):
            targets = wanted.get(card)
            if not targets:
                continue
            count = len(up) - split
            for target in targets:
                play = Play(TABLEAU_TO_TABLEAU, source, target, count)
                if split == 0 and down:
                    scored.append((800 + 10 * len(down), play))
                elif split == 0:
                    if target == empty:
                        continue  # the same position, the stacks renamed
                    if king_waits is None:
                        king_waits = king_waits_for_space(position)
                    if not king_waits:
                        continue
                    scored.append((400, play))
                elif thorough or up[split - 1] in next_cards:
                    scored.append((300, play))

    for at, clicks, new_passes in reach:
        card = talon[at - 1]
        if card in next_cards:
            scored.append((700 - clicks, Play(TALON_TO_FOUNDATION, at, 0, 1, clicks, new_passes)))
        for target in wanted.get(card, ()):
            scored.append((600 - clicks,
                           Play(TALON_TO_TABLEAU, at, target, 1, clicks, new_passes)))

    _, top_dead = safety(found)
    for suit in range(4):
        if found[suit] and not top_dead[suit]:
            for target in wanted.get(suit * RANKS + found[suit] - 1, ()):
                scored.append((100, Play(FOUNDATION_TO_TABLEAU, suit, target)))

    scored.sort(key=_first, reverse=True)
    return [play for _, play in scored]


def _first(item: tuple[int, Play]) -> int:
    return item[0]
