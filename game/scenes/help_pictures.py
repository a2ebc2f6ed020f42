"""Small pictures for the help pages, drawn with the game's own card, panel and board art.

Each picture shows one rule at work on a scrap of cloth: a Klondike run in alternating colours
going onto the next card up, the deck-contents panel, a Leapfrog gap and the card that fills
it, a Leap Year foundation taking any suit, a Lucas Leaps run of one suit, a Leap Frog chain
of leaps. Gold arrows show the moves; a gold outline marks the cards that move together.
`picture(name, unit, ...)` renders one for cards `unit` pixels wide and keeps it; a page is
laid out from `picture_size` alone, so only pictures scrolled into view are ever drawn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from game.art import palette
from game.art.cards import CardArt, card_art
from game.art.overlays import dead_gap_mark
from game.art.pegs import board_art
from game.art.render import curve, rounded_rect_surface
from game.rules.cards import parse_card
from game.rules.klondike import DeckGroups
from game.scenes.table.deck_panel import paint_deck_panel

Point = tuple[float, float]
ARROW = palette.GLOWS["hint"]
ARROW_EDGE = (40, 26, 6)
CLOTH_EDGE = (*palette.ACCENT, 110)


class _Canvas:
    """A scrap of cloth `across` x `down` card widths, and ways to put cards on it."""

    def __init__(self, unit: int, across: float, down: float, deck: str, back: str,
                 cloth: palette.Colour) -> None:
        self.art: CardArt = card_art(unit, deck, back)
        self.w, self.h = self.art.size
        self.pad = round(self.w * 0.3)
        size = (round(across * self.w), round(down * self.w))
        self.surface = rounded_rect_surface(size, self.w * 0.14, cloth, CLOTH_EDGE, 1)

    def card(self, code: str, at: Point) -> pygame.Rect:
        """Blit the card (a back for a lower-case code) with its top-left at `at`."""
        card = parse_card(code)
        image = self.art.face(card) if card.face_up else self.art.back()
        return self.surface.blit(image, (round(at[0]), round(at[1])))

    def fan(self, codes: Sequence[str], at: Point, *, down: float = 0.1, up: float = 0.27,
            across: float = 0.0) -> list[pygame.Rect]:
        """Cards one on another as a pile fans them: each lies `down` card heights below a
        face-down card and `up` below a face-up one (or `across` card widths to its right)."""
        x, y = at
        rects = []
        for code in codes:
            rects.append(self.card(code, (x, y)))
            x += across * self.w
            y += (up if parse_card(code).face_up else down) * self.h
        return rects

    def outline(self, rects: Sequence[pygame.Rect]) -> None:
        """A gold line round cards that move together."""
        area = rects[0].unionall(rects).inflate(6, 6)
        pygame.draw.rect(self.surface, palette.ACCENT_BRIGHT, area, 2,
                         border_radius=round(self.w * 0.1))

    def arrow(self, start: Point, end: Point, bend: float = 0.35) -> None:
        """A gold arrow from `start` to `end`, bowed to its left by `bend` of its length."""
        arrow(self.surface, start, end, max(2, round(self.w * 0.06)), bend)


def arrow(surface: pygame.Surface, start: Point, end: Point, width: int,
          bend: float = 0.35) -> None:
    """A curved arrow, dark-edged so it reads on cloth and cards alike."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    control = ((start[0] + end[0]) / 2 + dy * bend, (start[1] + end[1]) / 2 - dx * bend)
    points = curve(start, control, end, 16)
    head = width * 3.2
    last = points[-3]
    angle = math.atan2(end[1] - last[1], end[0] - last[0])
    tip = [end, *((end[0] - head * math.cos(angle + turn), end[1] - head * math.sin(angle + turn))
                  for turn in (0.5, -0.5))]
    shaft = points[:-2]
    pygame.draw.lines(surface, ARROW_EDGE, False, shaft, width + 3)
    pygame.draw.polygon(surface, ARROW_EDGE, tip, 3)
    pygame.draw.lines(surface, ARROW, False, shaft, width)
    pygame.draw.polygon(surface, ARROW, tip)


# The pictures ---------------------------------------------------------------------------------


def klondike_run(canvas: _Canvas) -> None:
    """Eight, seven and six in alternating colours go as one onto the black nine."""
    pad, w, h = canvas.pad, canvas.w, canvas.h
    left = canvas.fan(["9c", "2d", "8H", "7C", "6D"], (pad, pad))
    run = left[2:]
    canvas.outline(run)
    right_x = pad + 2.1 * w
    nine = canvas.fan(["kd", "9S"], (right_x, pad))[-1]
    canvas.arrow((run[0].right + 2, run[0].y + h * 0.14), (nine.x + w * 0.18, nine.bottom - 4),
                 -0.3)


def klondike_deck(canvas: _Canvas) -> None:
    """The deck-contents panel as the table paints it, drawing three: the waste's top three
    now, one group still to come in this pass, and the next pass."""
    groups = DeckGroups(waste=_cards("4C 9H QS"), this_pass=(_cards("2D JC 5H"),),
                        next_pass=(_cards("4C 9H QS"), _cards("2D JC 5H")))
    surface = canvas.surface
    paint_deck_panel(surface, surface.get_rect().inflate(-canvas.pad, -canvas.pad), groups, 3,
                     canvas.art.deck)


def leapfrog_gap(canvas: _Canvas) -> None:
    """A gap after the jack of spades calls the ten of spades from wherever it lies; the gap
    after the two of clubs is dead."""
    pad, w, h = canvas.pad, canvas.w, canvas.h
    gap = w * 0.1
    rows = ("KS QS JS -- 4D 9C", "7H TS 2C xx 5D 3H")
    cells: dict[tuple[int, int], pygame.Rect] = {}
    for row, codes in enumerate(rows):
        for column, code in enumerate(codes.split()):
            at = (round(pad + column * (w + gap)), round(pad + row * (h + gap)))
            if code in ("--", "xx"):
                cells[row, column] = canvas.surface.blit(canvas.art.ghost("empty"), at)
                if code == "xx":
                    canvas.surface.blit(dead_gap_mark((w, h)), at)
            else:
                cells[row, column] = canvas.card(code, at)
    target = cells[0, 3]
    margin = canvas.art.margin
    canvas.surface.blit(canvas.art.glow("target"), (target.x - margin, target.y - margin))
    ten = cells[1, 1]
    canvas.arrow((ten.centerx + w * 0.1, ten.y + h * 0.2), (target.x + w * 0.3, target.bottom - 6),
                 -0.25)


def leap_year_build(canvas: _Canvas) -> None:
    """A foundation built Ace, two, three, four in any suits takes the five of hearts."""
    pad, w, h = canvas.pad, canvas.w, canvas.h
    pile = canvas.fan(["AC", "2H", "3S", "4D"], (pad, pad), up=0.0, across=0.42)
    five = canvas.card("5H", (pile[-1].right + w * 1.0, pad + h * 0.35))
    canvas.arrow((five.x + w * 0.3, five.y - 2), (pile[-1].right - w * 0.35, pile[-1].y + h * 0.3),
                 0.35)


def lucas_run(canvas: _Canvas) -> None:
    """Nine, eight and seven of clubs go as one onto the ten of clubs."""
    pad, w, h = canvas.pad, canvas.w, canvas.h
    ten = canvas.fan(["4H", "TC"], (pad, pad))[-1]
    pile = canvas.fan(["QD", "9C", "8C", "7C"], (pad + 2.1 * w, pad))
    run = pile[1:]
    canvas.outline(run)
    canvas.arrow((run[0].x - 2, run[0].y + h * 0.14), (ten.right - w * 0.2, ten.y + h * 0.45),
                 0.3)


CHAIN = ((4, 1), (2, 1), (2, 3), (0, 3))  # the leaping marble's squares, start first
BOARD = ("PPP.P", "PPPPP", "P.P..", "PPPPP", "PPPPP")  # "." an empty square
CAPTURED_ALPHA = 110  # a captured marble shows faintly until the turn is played


def leap_frog_chain(canvas: _Canvas) -> None:
    """One marble leaps three times in a turn, capturing the three it jumps over."""
    art = board_art(len(BOARD), round(canvas.w * 0.72))
    board = art.board().copy()
    jumped = {((a[0] + b[0]) // 2, (a[1] + b[1]) // 2) for a, b in zip(CHAIN, CHAIN[1:],
                                                                         strict=False)}
    for row, pieces in enumerate(BOARD):
        for column, piece in enumerate(pieces):
            if piece == ".":
                continue
            image = art.marble(piece)
            if (row, column) in jumped:
                image = image.copy()
                image.set_alpha(CAPTURED_ALPHA)
                board.blit(art.ring("capture"), art.cell_rect(row, column))
            board.blit(image, art.cell_rect(row, column))
    board.blit(art.ring("selected"), art.cell_rect(*CHAIN[0]))
    for cell in CHAIN[1:]:
        board.blit(art.ring("path"), art.cell_rect(*cell))
    for start, end in zip(CHAIN, CHAIN[1:], strict=False):
        arrow(board, art.cell_rect(*start).center, art.cell_rect(*end).center,
              max(2, art.cell // 12), 0.3)
    surface = canvas.surface
    surface.blit(board, board.get_rect(center=surface.get_rect().center))


def _cards(codes: str) -> tuple:
    return tuple(parse_card(code) for code in codes.split())


# Name -> (drawing, size of the cloth in card widths).
PICTURES: dict[str, tuple[Callable[[_Canvas], None], tuple[float, float]]] = {
    "klondike_run": (klondike_run, (3.7, 3.05)),
    "klondike_deck": (klondike_deck, (4.6, 7.0)),
    "leapfrog_gap": (leapfrog_gap, (7.2, 3.6)),
    "leap_year_build": (leap_year_build, (5.0, 2.6)),
    "lucas_run": (lucas_run, (3.7, 2.95)),
    "leap_frog_chain": (leap_frog_chain, (5.0, 5.0)),
}


def picture_size(name: str, unit: int) -> tuple[int, int]:
    """The size of `picture(name, unit, ...)`, known without drawing it."""
    _, (across, down) = PICTURES[name]
    width = card_art(unit).width
    return round(across * width), round(down * width)


@lru_cache(maxsize=16)
def picture(name: str, unit: int, deck: str = "two_colour", back: str = "classic",
            felt: str = "green") -> pygame.Surface:
    """The picture `name` (a key of PICTURES) for cards `unit` pixels wide."""
    draw, (across, down) = PICTURES[name]
    cloth = palette.FELTS.get(felt, palette.FELTS["green"])
    canvas = _Canvas(unit, across, down, deck, back, cloth)
    draw(canvas)
    return canvas.surface
