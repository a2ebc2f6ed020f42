"""Where everything lies on the Leap Frog table: a pure function of the window size.

The board takes the largest square that leaves room for the players' panels beside it (below
it in a tall window). Each panel holds a header (colour chip, name, score), a line of detail
and a tray for the marbles the player has captured. The status block with the turn's
instructions and the End turn / Cancel buttons follows the panels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.art.pegs import BoardArt
from game.engine.scene import Size
from game.rules.moves import Cell
from game.scenes.tabletop.toolbar import toolbar_height
from game.scenes.ui import ui_scale

MIN_SLOT = 5  # the smallest tray slot, in pixels
TRAY_SHARE = 0.4  # trays start with room for this share of a fair split of the pieces
COMPACT_PANEL = 120  # panels shorter than this (at 1280x800) leave out the detail line


@dataclass(frozen=True)
class PanelSpot:
    """One player's panel: the whole box, its header and detail lines, and the tray."""

    rect: pygame.Rect
    header: pygame.Rect
    detail: pygame.Rect | None  # None in a short panel
    tray: pygame.Rect


@dataclass(frozen=True)
class TableLayout:
    size: Size
    scale: float
    toolbar: pygame.Rect
    art: BoardArt
    board: pygame.Rect  # the board picture, border included
    panels: tuple[PanelSpot, ...]
    status: pygame.Rect
    end_turn: pygame.Rect
    cancel: pygame.Rect
    tray_capacity: int

    def px(self, value: float) -> int:
        """`value` pixels at 1280x800, scaled to the window."""
        return max(1, round(value * self.scale))

    @property
    def cell(self) -> int:
        return self.art.cell

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        return self.art.cell_rect(cell[0], cell[1]).move(self.board.topleft)

    def cell_at(self, pos: tuple[float, float]) -> Cell | None:
        found = self.art.cell_at((int(pos[0]) - self.board.x, int(pos[1]) - self.board.y))
        return None if found is None else Cell(*found)

    def slot_size(self, player: int, count: int) -> int:
        """The tray slot size for `count` marbles: as large as fits, shrinking as they gather."""
        tray = self.panels[player].tray
        needed = max(count, self.tray_capacity)
        largest = max(MIN_SLOT, min(round(self.cell * 0.8), self.px(30)))
        for size in range(largest, MIN_SLOT, -1):
            if (tray.width // size) * (tray.height // size) >= needed:
                return size
        return MIN_SLOT

    def tray_slot(self, player: int, index: int, count: int) -> pygame.Rect:
        """The square of the `index`th captured marble when the tray holds `count`."""
        tray = self.panels[player].tray
        size = self.slot_size(player, count)
        columns = max(1, tray.width // size)
        row, column = divmod(index, columns)
        spare = tray.width - columns * size
        return pygame.Rect(tray.x + spare // 2 + column * size, tray.y + row * size, size, size)


def table_scale(size: Size) -> float:
    """1.0 at 1280x800, as the other scenes' scale, but growing with the window beyond their
    cap of 1.5, so the panels and their words keep their proportion beside the marbles
    (at 3840x2160 the capped status line was 16 pixels beside 80-pixel marbles)."""
    return max(ui_scale(size), min(size[0] / 1280, size[1] / 800))


def table_layout(size: Size, players: int, board_size: int) -> TableLayout:
    """The layout for a window of `size`, `players` panels and an n x n board."""
    width, height = size
    scale = table_scale(size)

    def px(value: float) -> int:
        return max(1, round(value * scale))

    bar = toolbar_height(size)
    toolbar = pygame.Rect(0, 0, width, bar)
    margin = px(14)
    status_height = px(150)
    area = pygame.Rect(margin, bar + margin, width - 2 * margin, height - bar - 2 * margin)
    if width * 0.9 >= height:
        art, board, column = _aside(area, board_size, margin, px)
        panels_area = pygame.Rect(column.x, column.y, column.width,
                                  column.height - status_height - margin)
        panels = _stacked(panels_area, players, margin // 2, px(250), px)
        status = pygame.Rect(column.x, panels[-1].rect.bottom + margin, column.width,
                             status_height)
    else:
        art, board, below = _above(area, board_size, margin, status_height, px)
        panels_area = pygame.Rect(below.x, below.y, below.width,
                                  below.height - status_height - margin)
        panels = _side_by_side(panels_area, players, margin // 2, px)
        status = pygame.Rect(below.x, below.bottom - status_height, below.width, status_height)
    end_turn, cancel = _status_buttons(status, px)
    capacity = math.ceil(board_size * board_size / players * TRAY_SHARE)
    return TableLayout(size, scale, toolbar, art, board, tuple(panels), status, end_turn,
                       cancel, capacity)


def _aside(area: pygame.Rect, n: int, margin: int, px) -> tuple[BoardArt, pygame.Rect,
                                                                 pygame.Rect]:
    """Board on the left, a column for the panels on its right, centred together."""
    column_width = max(px(200), min(px(460), round(area.width * 0.26)))
    art = BoardArt.fitting(n, (area.width - column_width - margin, area.height))
    side = art.size[0]
    column_width = min(px(460), area.width - side - margin)
    left = area.x + (area.width - side - margin - column_width) // 2
    board = pygame.Rect(left, area.y + (area.height - side) // 2, side, side)
    column = pygame.Rect(board.right + margin, area.y, column_width, area.height)
    return art, board, column


def _above(area: pygame.Rect, n: int, margin: int, status_height: int,
           px) -> tuple[BoardArt, pygame.Rect, pygame.Rect]:
    """Board at the top, the panels and status in the room left below it (tall windows)."""
    below_height = px(150) + status_height + margin
    art = BoardArt.fitting(n, (area.width, area.height - below_height - margin))
    side = art.size[0]
    board = pygame.Rect(area.x + (area.width - side) // 2, area.y, side, side)
    below = pygame.Rect(area.x, board.bottom + margin, area.width, area.bottom - board.bottom
                        - margin)
    return art, board, below


def _panel(rect: pygame.Rect, px) -> PanelSpot:
    """Header, detail line and tray; a short panel drops the detail line for its tray."""
    compact = rect.height < px(COMPACT_PANEL)
    pad = px(6 if compact else 10)
    inner = rect.inflate(-2 * pad, -2 * pad)
    header = pygame.Rect(inner.x, inner.y, inner.width, px(24 if compact else 28))
    detail = None if compact else pygame.Rect(inner.x, header.bottom + px(2), inner.width,
                                                px(20))
    tray_top = (header if detail is None else detail).bottom + px(6)
    tray = pygame.Rect(inner.x, tray_top, inner.width, max(px(8), inner.bottom - tray_top))
    return PanelSpot(rect, header, detail, tray)


def _stacked(area: pygame.Rect, players: int, gap: int, tallest: int, px) -> list[PanelSpot]:
    height = min(tallest, (area.height - gap * (players - 1)) // players)
    return [_panel(pygame.Rect(area.x, area.y + index * (height + gap), area.width, height), px)
            for index in range(players)]


def _side_by_side(area: pygame.Rect, players: int, gap: int, px) -> list[PanelSpot]:
    width = (area.width - gap * (players - 1)) // players
    return [_panel(pygame.Rect(area.x + index * (width + gap), area.y, width, area.height), px)
            for index in range(players)]


def _status_buttons(status: pygame.Rect, px) -> tuple[pygame.Rect, pygame.Rect]:
    """End turn and Cancel, side by side along the bottom of the status block."""
    pad = px(10)
    height = px(40)
    gap = px(8)
    top = status.bottom - pad - height
    width = (status.width - 2 * pad - gap) // 2
    end_turn = pygame.Rect(status.x + pad, top, width, height)
    cancel = pygame.Rect(end_turn.right + gap, top, width, height)
    return end_turn, cancel
