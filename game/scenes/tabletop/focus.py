"""The keyboard's focus as every table draws it."""

from __future__ import annotations

import pygame

from game.art import palette

FOCUS_EDGE = palette.mix(palette.ACCENT, (0, 0, 0), 0.6)


def focus_outline(surface: pygame.Surface, rect: pygame.Rect, line: int, radius: int) -> None:
    """The keyboard's focus: a bright gold line `line` wide edged in dark, just outside
    `rect` (whose corners are rounded by `radius`), so it reads on cloth, wood and white
    card faces alike."""
    reach = focus_reach(line)
    edge = rect.inflate(2 * reach, 2 * reach)
    pygame.draw.rect(surface, FOCUS_EDGE, edge, line + 2, border_radius=radius + reach)
    pygame.draw.rect(surface, palette.ACCENT_BRIGHT, edge.inflate(-2, -2), line,
                     border_radius=radius + reach - 1)


def focus_reach(line: int) -> int:
    """How far `focus_outline` reaches beyond the rectangle it frames."""
    return max(1, line // 2) + line + 1
