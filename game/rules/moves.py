"""Move values shared by the games, and their dict form of the save format."""

from __future__ import annotations

from typing import NamedTuple

from game.rules.serial import expect_int, expect_keys, expect_list

PILE_KINDS = ("tableau", "foundation", "waste")


class IllegalMove(ValueError):
    """`apply` was given a move that `legal_moves` does not list."""


class PileRef(NamedTuple):
    kind: str  # "tableau" | "foundation" | "waste"
    index: int


class CardMove(NamedTuple):
    """`count` cards from the top of `source` onto `target`."""

    source: PileRef
    target: PileRef
    count: int = 1


class StockMove(NamedTuple):
    """A click on the stock: turn cards, start a new pass, or deal."""


STOCK = StockMove()


class Cell(NamedTuple):
    row: int
    col: int


class GapMove(NamedTuple):
    """Leapfrog: the card at `source` fills the gap at `target`."""

    source: Cell
    target: Cell


class RemovePiece(NamedTuple):
    """Leap Frog: an opening turn that takes one piece off the board."""

    square: Cell


class Leap(NamedTuple):
    """Leap Frog: a chain of leaps; the start square, then each landing square."""

    path: tuple[Cell, ...]


def card_move_to_dict(move: CardMove | StockMove) -> dict:
    if isinstance(move, StockMove):
        return {"stock": True}
    return {
        "from": [move.source.kind, move.source.index],
        "to": [move.target.kind, move.target.index],
        "count": move.count,
    }


def _pile_ref(value: object, what: str) -> PileRef:
    items = expect_list(value, what, length=2)
    kind, index = items
    if kind not in PILE_KINDS:
        raise ValueError(f"{what}: unknown pile kind {kind!r}")
    return PileRef(kind, expect_int(index, f"{what} index", 0, 63))


def card_move_from_dict(data: object) -> CardMove | StockMove:
    """Read a card-game move dict; ValueError for anything malformed."""
    if isinstance(data, dict) and "stock" in data:
        expect_keys(data, {"stock"}, "move")
        if data["stock"] is not True:
            raise ValueError("move: 'stock' must be true")
        return STOCK
    expect_keys(data, {"from", "to", "count"}, "move")
    count = expect_int(data["count"], "move count", 1, 208)
    return CardMove(_pile_ref(data["from"], "move from"), _pile_ref(data["to"], "move to"), count)


def cell_from_list(value: object, what: str, size: tuple[int, int] = (64, 64)) -> Cell:
    row, col = expect_list(value, what, length=2)
    return Cell(expect_int(row, f"{what} row", 0, size[0] - 1),
                expect_int(col, f"{what} column", 0, size[1] - 1))
