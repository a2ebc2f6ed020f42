"""The interface's look: panels, buttons, titles and text, in the palette's colours.

Every helper returns (or draws) a cached surface, so scenes can call them each frame.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.art import palette
from game.art.overlays import soften
from game.art.palette import Colour
from game.art.render import font, layered_rounded_rect, optimised, rounded_rect_surface

BUTTON_STATES = tuple(palette.BUTTONS)


HIGHLIGHT = (255, 255, 255, 28)  # the faint line along a panel's top


def corner_radius(size: tuple[int, int]) -> int:
    """The rounding that suits a box of `size`: soft on buttons, restrained on big panels."""
    return max(4, min(16, round(min(size) * 0.18)))


@lru_cache(maxsize=32)
def panel_surface(size: tuple[int, int], backing: Colour | None = None) -> pygame.Surface:
    """A translucent dark box with a thin gold edge and a faint highlight along its top;
    laid on a rounded `backing` colour when one is given (dialogs over busy scenes)."""
    width, height = size
    radius = corner_radius(size)
    layers = [(palette.PANEL_FILL, palette.PANEL_EDGE, 1.5)]
    if backing is not None:
        layers.insert(0, (backing, None, 0.0))
    panel = layered_rounded_rect(size, radius, layers)
    highlight = pygame.Rect(radius, 2, max(0, width - 2 * radius), 1)
    if backing is None:
        panel.fill(HIGHLIGHT, highlight)
    else:  # the plain panel laid on the backing: its highlight line blends with the backing
        panel.fill(backing, highlight)
        line = pygame.Surface(highlight.size, pygame.SRCALPHA)
        line.fill(HIGHLIGHT)
        panel.blit(line, highlight)
    return optimised(panel)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Draw a panel filling `rect` on `surface`."""
    surface.blit(panel_surface((rect.width, rect.height)), rect)


@lru_cache(maxsize=8)
def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    return rounded_rect_surface(size, radius, (255, 255, 255, 255))


def _vertical_gradient(size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
    """A gradient drawn two pixels wide and stretched across, one line per row."""
    width, height = size
    column = pygame.Surface((2, height), pygame.SRCALPHA)
    for y in range(height):
        colour = palette.mix(top, bottom, y / max(1, height - 1))
        column.fill((*colour, 255), (0, y, 2, 1))
    return pygame.transform.scale(column, (width, height))


@lru_cache(maxsize=128)
def button_surface(size: tuple[int, int], label: str, state: str = "normal") -> pygame.Surface:
    """A rounded button with a soft gradient and centred label, in one of BUTTON_STATES."""
    if state not in palette.BUTTONS:
        raise ValueError(f"unknown button state: {state!r}")
    top, bottom, text_colour = palette.BUTTONS[state]
    width, height = size
    radius = corner_radius(size)
    button = _vertical_gradient(size, top, bottom)
    button.blit(_rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    edge_colour = palette.ACCENT if state == "hover" else palette.mix(top, (255, 255, 255), 0.25)
    edge = rounded_rect_surface(size, radius, (*edge_colour, 0), (*edge_colour, 200), 1.5)
    button.blit(edge, (0, 0))
    if state != "pressed":
        button.fill((255, 255, 255, 40), (radius, 1, max(0, width - 2 * radius), 1))
    text = text_surface(label, label_size(size, label), text_colour,
                        shadow=state != "disabled")
    sink = 1 if state == "pressed" else 0
    button.blit(text, text.get_rect(center=(width // 2, height // 2 + sink)))
    return optimised(button)


def label_points(height: int) -> int:
    """The type size of a label on a button `height` high, when the label has room."""
    return max(8, round(height * 0.56))


def label_size(size: tuple[int, int], label: str) -> int:
    """A button label's type size: in proportion to the button's height, smaller when a long
    label would otherwise run past the button's rounded ends."""
    width, height = size
    points = label_points(height)
    room = width - 2 * corner_radius(size)
    while points > 8 and font(points).size(label)[0] > room:
        points -= 1
    return points


@lru_cache(maxsize=256)
def text_surface(text: str, size: int, colour: Colour = palette.TEXT,
                 shadow: bool = False) -> pygame.Surface:
    """`text` in the default font at `size`, optionally over a soft dark drop shadow."""
    rendered = font(size).render(text, True, colour)
    if not shadow:
        return optimised(rendered)
    offset = max(1, size // 18)
    result = pygame.Surface((rendered.get_width() + offset, rendered.get_height() + offset),
                            pygame.SRCALPHA)
    dark = font(size).render(text, True, (0, 0, 0))
    dark.set_alpha(150)
    result.blit(dark, (offset, offset))
    result.blit(rendered, (0, 0))
    return optimised(result)


@lru_cache(maxsize=16)
def title_surface(text: str, size: int) -> pygame.Surface:
    """Big display text: a gold gradient with a dark outline and a soft shadow below."""
    face = font(size)
    glyphs = face.render(text, True, (255, 255, 255))
    gold = _vertical_gradient(glyphs.get_size(), palette.ACCENT_BRIGHT, palette.GOLD_DARK)
    gold.blit(glyphs, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    outline = face.render(text, True, palette.TITLE_OUTLINE)
    thickness = max(1, size // 24)
    pad = thickness + size // 10
    width, height = glyphs.get_width() + 2 * pad, glyphs.get_height() + 2 * pad
    shadow = pygame.Surface((width, height), pygame.SRCALPHA)
    shadow_ink = face.render(text, True, (0, 0, 0))
    shadow.blit(shadow_ink, (pad, pad + size // 14))
    title = soften(shadow, max(1, size // 20))
    rows = _widened(outline, thickness, palette.TITLE_OUTLINE)
    for dy in range(-thickness, thickness + 1):
        reach = math.isqrt(thickness * thickness + 1 - dy * dy)
        title.blit(rows[reach], (pad - thickness, pad + dy))
    title.blit(gold, (pad, pad))
    return optimised(title)


def _widened(ink: pygame.Surface, most: int, colour: Colour) -> list[pygame.Surface]:
    """`ink` smeared sideways by 0..`most` pixels each way, as pictures `2 * most` wider
    than `ink`: stacking one row of offsets per line makes a round outline in about
    4 * `most` blits instead of one blit for every pixel of the disc (150 at 4K)."""
    size = (ink.get_width() + 2 * most, ink.get_height())
    smear = pygame.Surface(size, pygame.SRCALPHA)
    smear.fill((*colour[:3], 0))  # blending onto its own colour keeps the edges' colour
    smear.blit(ink, (most, 0))
    rows = [smear.copy()]
    for reach in range(1, most + 1):
        smear.blit(ink, (most - reach, 0))
        smear.blit(ink, (most + reach, 0))
        rows.append(smear.copy())
    return rows
