"""Text rendering with a cache, so labels cost one blit per frame."""

from __future__ import annotations

import pygame

from game.engine.resources import LruCache, font

Colour = tuple[int, int, int] | tuple[int, int, int, int]

_rendered: LruCache[pygame.Surface] = LruCache(512)


def render_text(text: str, size: int, colour: Colour, *, bold: bool = False) -> pygame.Surface:
    """The text as an antialiased surface, cached by (text, size, colour, bold)."""
    key = (text, size, tuple(colour), bold)
    return _rendered.get(key, lambda: font(size, bold=bold).render(text, True, colour))


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Colour,
    at: tuple[float, float],
    *,
    anchor: str = "topleft",
    bold: bool = False,
) -> pygame.Rect:
    """Blit text with one of its rect's points (``"center"``, ``"midtop"``...) at ``at``."""
    image = render_text(text, size, colour, bold=bold)
    rect = image.get_rect(**{anchor: (round(at[0]), round(at[1]))})
    return surface.blit(image, rect)


def wrap_text(text: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """Split text into lines no wider than ``width`` pixels (paragraphs kept)."""
    face = font(size, bold=bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and face.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def clear_text_cache() -> None:
    _rendered.clear()
