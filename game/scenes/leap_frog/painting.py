"""Drawing the Leap Frog table around the marbles: cloth, board, panels, rings, status, sparkle.

The background (cloth, board, empty panels and trays) is painted once per layout and cached
by the renderer; everything that changes with play (names, scores, rings, the turn's
instructions) is drawn over it each frame from cached text, which costs a few blits.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

import pygame

from game.art import palette
from game.art.felt import THEMES, paint_felt
from game.art.render import rounded_rect_surface
from game.art.skin import button_surface, corner_radius, draw_panel
from game.engine.resources import font
from game.engine.text import draw_text, render_text, wrap_text
from game.rules.leap_frog_board import PIECE_VALUES
from game.rules.moves import Cell
from game.scenes.leap_frog.chain import Chain
from game.scenes.leap_frog.layout import PanelSpot, TableLayout
from game.scenes.leap_frog.marks import MoveMark
from game.scenes.leap_frog.match import Match
from game.scenes.leap_frog.seats import Seat
from game.scenes.tabletop.clock import format_time
from game.scenes.tabletop.focus import focus_outline, focus_reach
from game.scenes.ui import fitted_size

TRAY_FILL = (0, 0, 0, 70)
MOVABLE = (235, 245, 255)  # the ring round a marble that can leap
SPARKLE_COUNT = 90
SPARKLE_COLOURS = (palette.ACCENT_BRIGHT, (255, 255, 255), palette.GOOD, (120, 200, 255),
                   (255, 150, 200))


@dataclass(frozen=True)
class PanelView:
    """What one player's panel shows right now."""

    seat: Seat
    pieces: Sequence[str]  # the marbles the player has captured
    plain: bool
    tag: str = ""  # "to move", "thinking…", "winner"
    active: bool = False


def rings_for(chain: Chain | None, hovered: Cell | None, removing: bool
              ) -> list[tuple[str, Cell]]:
    """The rings a person's turn shows: the chain's path, captures and landings, or the
    piece under the pointer (red when a click would remove it)."""
    if chain is None:
        return []
    if chain.started:
        rings = [("path", cell) for cell in chain.path[:-1]]
        rings += [("capture", cell) for cell in chain.jumped]
        rings += [("landing", cell) for cell in chain.landings]
        return [*rings, ("selected", chain.at)]
    if hovered is not None:
        return [("capture" if removing else "selected", hovered)]
    return []


def panel_views(match: Match, *, thinking: bool, winners: bool) -> list[PanelView]:
    """What each player's panel shows; `winners`: the game is over and the winners show.
    The score is the game's from the moment a move is played, never behind the marbles
    already in the tray."""
    plain = match.state.options.variant == "plain"
    leaders = match.winners() if winners else ()
    views = []
    for player, seat in enumerate(match.lineup.seats):
        active = not match.is_over and player == match.player
        if player in leaders:
            tag = "winner"
        elif active:
            tag = "thinking…" if thinking else "to move"
        else:
            tag = ""
        views.append(PanelView(seat, match.rules.captured_by(match.state, player), plain, tag,
                               active or player in leaders))
    return views


def toolbar_readout(match: Match) -> tuple[str, str, str, str]:
    """The deal's number (as Deal # asks for it), the game's kind, the turn number and the
    time played, for the right end of the toolbar."""
    options = match.state.options
    kind = "Plain" if options.variant == "plain" else "Murray"
    turns = match.history.position
    return (f"Deal #{match.history.states[0].seed}",
            f"{kind} · {options.size} × {options.size}"
            + (" · diagonal" if options.diagonal else ""),
            f"{turns} turns" if match.is_over else f"Turn {turns + 1}",
            format_time(match.clock.elapsed))


def paint_background(surface: pygame.Surface, layout: TableLayout, theme: str) -> None:
    paint_felt(surface, theme if theme in THEMES else "green")
    layout.art.paint_board(surface, layout.board.topleft)
    for spot in layout.panels:
        draw_panel(surface, spot.rect)
        surface.blit(_well(spot.tray.inflate(layout.px(6), layout.px(6)).size),
                     spot.tray.inflate(layout.px(6), layout.px(6)))
    draw_panel(surface, layout.status)


@lru_cache(maxsize=8)
def _well(size: tuple[int, int]) -> pygame.Surface:
    return rounded_rect_surface(size, corner_radius(size) * 0.6, TRAY_FILL)


def paint_rings(surface: pygame.Surface, layout: TableLayout,
                rings: Iterable[tuple[str, Cell]]) -> None:
    for kind, cell in rings:
        surface.blit(layout.art.ring(kind), layout.cell_rect(cell))


def paint_marks(surface: pygame.Surface, layout: TableLayout,
                marks: Iterable[MoveMark]) -> None:
    """Moves made (a line along the path, crosses where marbles were taken, a ring round
    the marble that moved) or suggested (rings round the marble, its landings and its
    captures)."""
    cell = layout.cell
    line = max(2, cell // 12)
    for mark in marks:
        centres = [layout.cell_rect(square).center for square in mark.path]
        shade = palette.mix(mark.colour, (0, 0, 0), 0.6)
        if mark.made:
            for start, end in pairwise(centres):
                pygame.draw.line(surface, shade, start, end, line + 2)
                pygame.draw.line(surface, mark.colour, start, end, line)
            pygame.draw.circle(surface, mark.colour, centres[0], line * 1.5)
            for square in mark.captured:
                _cross(surface, layout.cell_rect(square).center, cell * 0.16, line, mark.colour,
                       shade)
            pygame.draw.circle(surface, mark.colour, centres[-1], cell * 0.47, line)
        else:
            pygame.draw.circle(surface, mark.colour, centres[0], cell * 0.47, line + 1)
            for centre in centres[1:]:
                pygame.draw.circle(surface, mark.colour, centre, cell * 0.2, line)
            for square in mark.captured:  # red: the marble is still there, to be taken
                _cross(surface, layout.cell_rect(square).center, cell * 0.16, line,
                       palette.BAD, palette.mix(palette.BAD, (0, 0, 0), 0.6))


def paint_movable(surface: pygame.Surface, layout: TableLayout, cells: Iterable[Cell]) -> None:
    """A thin light ring round each marble that can leap."""
    line = max(1, layout.cell // 16)
    for cell in cells:
        pygame.draw.circle(surface, MOVABLE, layout.cell_rect(cell).center, layout.cell * 0.46,
                           line)


def _cross(surface: pygame.Surface, centre: tuple[int, int], reach: float, width: int,
           colour: palette.Colour, shade: palette.Colour) -> None:
    x, y = centre
    for ink, extra in ((shade, 2), (colour, 0)):
        pygame.draw.line(surface, ink, (x - reach, y - reach), (x + reach, y + reach),
                         width + extra)
        pygame.draw.line(surface, ink, (x - reach, y + reach), (x + reach, y - reach),
                         width + extra)


def paint_focus(surface: pygame.Surface, layout: TableLayout, cell: Cell | None) -> None:
    """The keyboard's focus square, drawn just inside the square's edge."""
    if cell is None:
        return
    line = max(2, layout.cell // 14)
    reach = focus_reach(line)
    inner = layout.cell_rect(cell).inflate(-2 * reach, -2 * reach)
    focus_outline(surface, inner, line, max(2, layout.cell // 5))


def paint_panels(surface: pygame.Surface, layout: TableLayout,
                 panels: Sequence[PanelView]) -> None:
    for spot, panel in zip(layout.panels, panels, strict=True):
        _paint_panel(surface, layout, spot, panel)


def _paint_panel(surface: pygame.Surface, layout: TableLayout, spot: PanelSpot,
                 panel: PanelView) -> None:
    px = layout.px
    if panel.active:
        pygame.draw.rect(surface, panel.seat.colour, spot.rect.inflate(px(4), px(4)),
                         max(2, px(3)), border_radius=corner_radius(spot.rect.size) + px(2))
    header = spot.header
    radius = max(4, header.height * 0.32)
    centre = (header.x + radius, header.centery)
    pygame.draw.circle(surface, palette.mix(panel.seat.colour, (0, 0, 0), 0.5), centre,
                       radius + 1)
    pygame.draw.circle(surface, panel.seat.colour, centre, radius)
    points = len(panel.pieces) if panel.plain else sum(PIECE_VALUES[p] for p in panel.pieces)
    score = draw_text(surface, str(points), px(26), palette.ACCENT_BRIGHT,
                      (header.right, header.centery), anchor="midright", bold=True)
    name_left = header.x + 2 * radius + px(8)
    room = max(10, score.left - name_left - px(6))
    name_size = fitted_size(panel.seat.name, px(22), room, bold=True)
    name = draw_text(surface, panel.seat.name, name_size, palette.TEXT,
                     (name_left, header.centery), anchor="midleft", bold=True)
    if panel.seat.is_computer:  # how strong it plays, if there is room to say
        strength = panel.seat.strength
        size = max(name_size * 3 // 4, 8)
        word = render_text(strength, size, palette.TEXT_DIM)
        if word.get_width() <= score.left - name.right - px(12):
            surface.blit(word, word.get_rect(midleft=(name.right + px(6), header.centery)))
    if spot.detail is None:
        return
    count = len(panel.pieces)
    noun = "piece" if count == 1 else "pieces"
    detail = f"{noun} captured" if panel.plain else f"points from {count} {noun}"
    draw_text(surface, detail, px(16), palette.TEXT_DIM, spot.detail.midleft, anchor="midleft")
    if panel.tag:
        draw_text(surface, panel.tag, px(16), palette.ACCENT if panel.active else palette.GOOD,
                  spot.detail.midright, anchor="midright", bold=True)


MIN_STATUS_TEXT = 10  # the smallest the status block's words shrink to before one line goes


def paint_status(surface: pygame.Surface, layout: TableLayout, headline: str, hint: str,
                 buttons: Sequence[tuple[pygame.Rect, str, str]]) -> None:
    """The turn's instructions in the status block, and its buttons as (rect, label, look).
    In a small window the words shrink to fit, and if they still do not, the headline gives
    way to the line under it (a hint, or why a click was refused, matters more just then)."""
    px = layout.px
    area = layout.status.inflate(-2 * px(12), -2 * px(10))
    bottom = min((rect.top for rect, _, _ in buttons), default=area.bottom) - px(4)
    blocks = _fitted_blocks(((headline, px(22), palette.TEXT, True),
                             (hint, px(17), palette.TEXT_DIM, False)),
                            area.width, bottom - area.y, px(4))
    y = area.top
    for lines, size, colour, bold in blocks:
        for line in lines:
            y = draw_text(surface, line, size, colour, (area.x, y), bold=bold).bottom
        y += px(4)
    for rect, label, look in buttons:
        surface.blit(button_surface(rect.size, label, look), rect)


Block = tuple[str, int, palette.Colour, bool]  # text, size, colour, bold


@lru_cache(maxsize=32)
def _fitted_blocks(blocks: tuple[Block, ...], width: int, height: int, gap: int
                   ) -> list[tuple[list[str], int, palette.Colour, bool]]:
    """The blocks wrapped to `width` at the largest sizes (shrunk together) at which they
    fit in `height`; the first block is left out if none does. Cached: it runs each frame."""
    blocks = [block for block in blocks if block[0]]
    while blocks:
        for shrink in range(0, 40):
            sized = [(text, max(MIN_STATUS_TEXT, size - shrink), colour, bold)
                     for text, size, colour, bold in blocks]
            wrapped = [(wrap_text(text, size, width, bold=bold), size, colour, bold)
                       for text, size, colour, bold in sized]
            needed = sum(len(lines) * font(size, bold=bold).get_linesize() + gap
                         for lines, size, _, bold in wrapped)
            if needed - gap <= height:
                return wrapped
            if all(size == MIN_STATUS_TEXT for _, size, _, _ in sized):
                break
        blocks = blocks[1:]
    return []


@lru_cache(maxsize=1)
def _sparkles() -> tuple[tuple[float, ...], ...]:
    """Each: across, down, drift, rise, delay, size, colour index."""
    rng = random.Random(29)
    return tuple((rng.random(), rng.random(), rng.uniform(-0.3, 0.3), rng.uniform(0.2, 0.6),
                  rng.uniform(0.0, 0.55), rng.uniform(0.6, 1.4), rng.randrange(5))
                 for _ in range(SPARKLE_COUNT))


def paint_sparkles(surface: pygame.Surface, areas: Sequence[pygame.Rect], progress: float,
                   size: int) -> None:
    """Four-pointed stars rising and twinkling over `areas` while `progress` runs 0 to 1."""
    if not areas or not 0.0 < progress < 1.0:
        return
    for index, (across, down, drift, rise, delay, scale, colour) in enumerate(_sparkles()):
        t = (progress - delay) / (1.0 - delay)
        if not 0.0 < t < 1.0:
            continue
        area = areas[index % len(areas)]
        x = area.x + (across + drift * t) * area.width
        y = area.y + (down - rise * t) * area.height
        radius = size * scale * math.sin(math.pi * t) * (0.75 + 0.25 * math.sin(t * 25 + index))
        if radius < 1.0:
            continue
        thin = max(1.0, radius * 0.28)
        star = [(x, y - radius), (x + thin, y - thin), (x + radius, y), (x + thin, y + thin),
                (x, y + radius), (x - thin, y + thin), (x - radius, y), (x - thin, y - thin)]
        pygame.draw.polygon(surface, SPARKLE_COLOURS[colour], star)
