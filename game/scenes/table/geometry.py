"""Where piles lie on a card table: the pure geometry every per-game layout produces.

A layout maps (window size, state) to a `TableLayout`: the card size, the toolbar strip and,
for every pile the table draws, a `PileSpot` (its base rectangle and how its cards fan). Cards
are placed from these alone, so a resize is only a new layout, and the geometry can be tested
without a display.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.art.faces import index_height
from game.rules.cards import Card

Point = tuple[int, int]
Offset = tuple[float, float]

CARD_ASPECT = 1.4  # card height / width, as the art draws them
# Preset card widths in pixels; a preset never grows past what fits the window.
CARD_SIZES = {"small": 76, "medium": 104, "large": 140}
MIN_CARD_WIDTH = 40
SMALLEST_CARD_WIDTH = 32  # tall piles may shrink cards below MIN_CARD_WIDTH, this far at most
MAX_CARD_WIDTH = 240


def card_height(width: int) -> int:
    return round(width * CARD_ASPECT)


def chosen_card_width(fitting: float, setting: str) -> int:
    """The card width for the card-size setting: "auto" fills what fits, presets cap it."""
    width = fitting if setting == "auto" else min(fitting, CARD_SIZES.get(setting, fitting))
    return int(max(MIN_CARD_WIDTH, min(MAX_CARD_WIDTH, width)))


@lru_cache(maxsize=256)
def legible_step(width: int, deck: str) -> int:
    """The least offset between fanned face-up cards `width` wide that leaves the rank and
    suit in each card's corner whole (a Q's tail included), with a hair of card below it."""
    return index_height(width, deck) + max(1, round(width * 0.03))


def shrink_to_fit(width: int, fits: Callable[[int], bool], least: int = SMALLEST_CARD_WIDTH
                  ) -> int:
    """The largest card width up to `width` at which `fits(width)` holds (`least` when none
    does). It goes down by about 3% a step, so a table whose piles grow changes its card size
    now and then, not at every card."""
    while width > least and not fits(width):
        width = max(least, min(width - 1, round(width * 0.97)))
    return width


def fits_down(cards: Sequence[Card], top: int, bottom: int, height: int, least_down: float,
              least_up: float) -> bool:
    """Whether a downward fan of `cards` from `top` at its least offsets ends by `bottom`."""
    gaps = cards[:-1]
    downs = sum(1 for card in gaps if not card.face_up)
    return top + height + downs * least_down + (len(gaps) - downs) * least_up <= bottom


def stock_badge_height(card_w: int) -> int:
    """The height of the pill under a stock that counts its cards or deals."""
    return max(17, round(card_w * 0.16))


def stock_badge_gap(card_w: int) -> int:
    return max(3, round(card_w * 0.05))


def under_stock_room(card_w: int) -> int:
    """What a pile below a stock must leave under it: the count's pill, clear of both."""
    return stock_badge_height(card_w) + 2 * stock_badge_gap(card_w)


def stock_badge_place(stock: pygame.Rect, card_w: int) -> Point:
    """The midtop of the stock's count: centred just under the stock."""
    return (stock.centerx, stock.bottom + stock_badge_gap(card_w))


@dataclass(frozen=True)
class Fan:
    """How the cards of a pile spread: the offset after a face-down and after a face-up card.

    `spread_last` spreads only the top cards (a waste showing its last three turned); the
    others lie squared at the base.
    """

    down: Offset = (0.0, 0.0)
    up: Offset = (0.0, 0.0)
    spread_last: int | None = None


SQUARED = Fan()


@dataclass(frozen=True)
class PileSpot:
    """One pile on the table: where its bottom card (or its empty outline) lies, and its fan."""

    rect: pygame.Rect
    fan: Fan = SQUARED

    def positions(self, cards: Sequence[Card]) -> list[Point]:
        """The top-left corner of each card, bottom to top."""
        x, y = float(self.rect.x), float(self.rect.y)
        spread_from = 0
        if self.fan.spread_last is not None:
            spread_from = max(0, len(cards) - self.fan.spread_last)
        points = []
        for index, card in enumerate(cards):
            points.append((round(x), round(y)))
            if index + 1 > spread_from:
                dx, dy = self.fan.up if card.face_up else self.fan.down
                x, y = x + dx, y + dy
        return points

    def card_rects(self, cards: Sequence[Card]) -> list[pygame.Rect]:
        return [pygame.Rect(point, self.rect.size) for point in self.positions(cards)]

    def area(self, cards: Sequence[Card]) -> pygame.Rect:
        """The base and every card: what a dropped card may overlap to land here."""
        rects = self.card_rects(cards)
        return self.rect.unionall(rects) if rects else self.rect.copy()


@dataclass(frozen=True, eq=False)
class TableLayout:
    """Everything a table draws, placed for one window size and one state."""

    size: tuple[int, int]
    card_width: int
    toolbar: pygame.Rect
    piles: dict[Hashable, PileSpot]  # in drawing order, bottom piles first
    panel: pygame.Rect | None = None  # room for a game's side panel, if it shows one
    stock_label_at: Point | None = None  # midtop of the stock's count, if it is shown

    @property
    def card_size(self) -> tuple[int, int]:
        return (self.card_width, card_height(self.card_width))


def squeezed_fan(cards: Sequence[Card], top: int, bottom: int, height: int, down: float,
                 up: float, least_down: float, least_up: float) -> Fan:
    """A downward fan for a column starting at `top` whose last card ends by `bottom`.

    Face-down offsets give way first (they hide nothing worth seeing), then face-up ones,
    each to its least; a column too long even then is allowed to overflow rather than hide
    the cards' indices entirely.
    """
    gaps = cards[:-1]
    downs = sum(1 for card in gaps if not card.face_up)
    ups = len(gaps) - downs
    room = bottom - top - height
    if downs * down + ups * up > room:
        down = max(least_down, (room - ups * up) / downs) if downs else down
        if downs * down + ups * up > room and ups:
            up = max(least_up, (room - downs * down) / ups)
    return Fan(down=(0.0, down), up=(0.0, up))


def columns_left(count: int, width: int, gap: int, centre_x: float) -> list[int]:
    """Left edges of `count` columns of `width` with `gap` between, centred on `centre_x`."""
    total = count * width + (count - 1) * gap
    left = centre_x - total / 2
    return [round(left + index * (width + gap)) for index in range(count)]
