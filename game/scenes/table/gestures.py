"""What the mouse may do, read off `legal_moves` alone: the table never judges a move itself.

A game describes its moves to the table as (source pile, target pile, card count) through
`MoveParts`; everything here is a choice among the legal moves in those terms.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, NamedTuple

from game.rules.moves import CardMove, GapMove


class MoveParts(NamedTuple):
    source: Hashable
    target: Hashable
    count: int


def card_move_parts(move: Any) -> MoveParts | None:
    """The parts of the card games' moves; None for moves that take no card (the stock)."""
    if isinstance(move, CardMove):
        return MoveParts(move.source, move.target, move.count)
    if isinstance(move, GapMove):
        return MoveParts(move.source, move.target, 1)
    return None


Parts = Callable[[Any], MoveParts | None]


def moves_of_run(legal: Sequence[Any], parts: Parts, source: Hashable, count: int) -> list:
    """The legal moves that take exactly the top `count` cards of `source`."""
    found = []
    for move in legal:
        described = parts(move)
        if described is not None and described.source == source and described.count == count:
            found.append(move)
    return found


def moves_into(legal: Sequence[Any], parts: Parts, target: Hashable) -> list:
    """The legal moves that bring cards to `target`."""
    found = []
    for move in legal:
        described = parts(move)
        if described is not None and described.target == target:
            found.append(move)
    return found


def shifts_a_whole_pile(move: Any, parts: Parts, pile_size: Callable[[Hashable], int],
                        is_empty: Callable[[Hashable], bool],
                        interchangeable: Callable[[Hashable], bool]) -> bool:
    """Whether `move` only carries a whole pile into another empty pile of the same kind:
    legal, but the table looks just the same afterwards (a lone King between empty columns)."""
    described = parts(move)
    return (described is not None and interchangeable(described.source)
            and interchangeable(described.target) and is_empty(described.target)
            and described.count == pile_size(described.source))


def best_target(moves: Sequence[Any], parts: Parts, is_foundation: Callable[[Hashable], bool],
                is_empty: Callable[[Hashable], bool], x_of: Callable[[Hashable], float],
                *, nearest: bool = True) -> Any | None:
    """The move a click makes: to a foundation first, then onto a pile with cards, then into
    an empty pile. Among foundations, one already holding cards before an empty one, then the
    leftmost, so the player can tell where a card will land; among other piles the one nearest
    the source, the left one on a tie (or, not `nearest`, the first of `moves`: the rules'
    own order)."""
    if not moves:
        return None

    def preference(move: Any) -> tuple[int, float, float]:
        described = parts(move)
        target = described.target
        if is_foundation(target):
            return (0, 1.0 if is_empty(target) else 0.0, x_of(target) if nearest else 0.0)
        kind = 2 if is_empty(target) else 1
        if not nearest:
            return (kind, 0.0, 0.0)
        return (kind, abs(x_of(target) - x_of(described.source)), x_of(target))

    return min(moves, key=preference)


def foundation_move(moves: Sequence[Any], parts: Parts, is_foundation: Callable[[Hashable], bool],
                    is_empty: Callable[[Hashable], bool], x_of: Callable[[Hashable], float]
                    ) -> Any | None:
    """The move a double-click makes: to the foundation a click would choose, if any."""
    return best_target([move for move in moves if is_foundation(parts(move).target)], parts,
                       is_foundation, is_empty, x_of)
