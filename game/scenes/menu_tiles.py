"""The menu's game tiles: which games, and how a tile looks (drawn once per size and state).

A tile shows a preview of its game on a little stage, the game's name and a one-line
description, and a badge when the game has a game in progress or is not playable yet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.art import palette
from game.art.overlays import soft_shadow
from game.art.render import rounded_rect_surface
from game.art.skin import corner_radius, panel_surface
from game.engine.text import draw_text, render_text, wrap_text
from game.registry import GAMES
from game.scenes.previews import preview
from game.scenes.ui import fitted_size

# (game id, title, one-line description) in menu order
GAME_TILES: tuple[tuple[str, str, str], ...] = tuple(
    (entry.id, entry.title, entry.blurb) for entry in GAMES)


@dataclass
class Tile:
    game_id: str
    title: str
    description: str
    rect: pygame.Rect
    lift: float = 0.0  # 0 at rest, 1 raised under the mouse
    appear: float = 1.0  # entrance: 0 below and invisible, 1 in place
    shake: float = 1.0  # a refused click shakes the tile: 0 starts the shake, 1 is at rest

    def shake_offset(self, amplitude: float) -> int:
        """How far the shake moves the tile sideways now."""
        return round(math.sin(self.shake * math.pi * 6) * amplitude * (1.0 - self.shake))


def _tile_padding(scale: float) -> int:
    return max(6, round(12 * scale))


def description_metrics(width: int, scale: float) -> tuple[int, int]:
    """The description size at which every tile's text fits in three lines, and the most
    lines any takes: all tiles keep that much room, so their previews line up."""
    room = width - 2 * _tile_padding(scale)
    size = max(13, round(19 * scale))
    while True:
        lines = max(len(wrap_text(text, size, room)) for _, _, text in GAME_TILES)
        if lines <= 3 or size <= 10:
            return size, lines
        size -= 1


@lru_cache(maxsize=16)
def tile_body(game_id: str, title: str, description: str, size: tuple[int, int],
               saved: bool, playable: bool, scale: float,
               text_metrics: tuple[int, int], pictured: bool = True) -> pygame.Surface:
    """A tile's panel with its preview, name, description and badge, drawn once per look.
    Without `pictured` the stage stays empty: a tile still faint as it fades in shows that,
    sparing its first frame the preview (the dearest part, ~50 ms at 3840x2160)."""
    width, height = size
    body = panel_surface(size).copy()
    pad = _tile_padding(scale)
    name_size = fitted_size(title, round(30 * scale), width - 2 * pad, bold=True)
    text_size, line_count = text_metrics
    lines = wrap_text(description, text_size, width - 2 * pad)
    line_height = round(text_size * 1.2)
    text_block = round(name_size * 1.25) + line_count * line_height
    stage = pygame.Rect(pad, pad, width - 2 * pad, height - 2 * pad - text_block - pad // 2)
    pygame.draw.rect(body, (10, 40, 24, 150), stage, border_radius=corner_radius(stage.size))
    if pictured:
        picture = preview(game_id, stage.inflate(-pad, -pad).size)
        if not playable:
            picture = picture.copy()
            picture.fill((120, 120, 120, 150), special_flags=pygame.BLEND_RGBA_MULT)
        body.blit(picture, picture.get_rect(center=stage.center))
    top = stage.bottom + pad // 2
    draw_text(body, title, name_size, palette.ACCENT_BRIGHT, (width // 2, top), anchor="midtop",
              bold=True)
    top += round(name_size * 1.25)
    for number, line in enumerate(lines):
        draw_text(body, line, text_size, palette.TEXT, (width // 2, top + number * line_height),
                  anchor="midtop")
    if not playable:
        _badge(body, "Coming soon", False, stage, scale, centred=True)
    elif saved:
        _badge(body, "Continue", True, stage, scale)
    return body


def _badge(body: pygame.Surface, label: str, bright: bool, stage: pygame.Rect,
           scale: float, *, centred: bool = False) -> None:
    """A pill in the top right corner of the preview, or across its middle."""
    colour = palette.ACCENT if bright else (70, 76, 90)
    ink = palette.TEXT_DARK if bright else palette.TEXT
    text = render_text(label, max(11, round(18 * scale)), ink, bold=True)
    box = text.get_rect().inflate(round(20 * scale), round(10 * scale))
    if centred:
        box.center = stage.center
    else:
        box.topright = (stage.right - round(6 * scale), stage.top + round(6 * scale))
    body.blit(rounded_rect_surface(box.size, box.height / 2, colour, (255, 255, 255, 90), 1), box)
    body.blit(text, text.get_rect(center=box.center))


@lru_cache(maxsize=2)
def tile_shadow(size: tuple[int, int]) -> pygame.Surface:
    return soft_shadow(size, corner_radius(size), max(4, min(size) // 14), (0, 0, 0, 120))
