"""What the table paints besides the cards: the cloth, outlines and the stock's count under
them; glows and shadows over the resting cards but under the moving ones."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.art import palette
from game.art.felt import THEMES, felt
from game.art.render import rounded_rect_surface
from game.engine.text import render_text

if TYPE_CHECKING:
    from game.scenes.table.scene import CardTableScene


def backdrop_key(table: CardTableScene) -> tuple:
    """Changes whenever `paint_background` would paint something else."""
    state = table.session.state
    ghosts = tuple(table.game.ghost(key, state) for key in table.view.layout.piles)
    return (ghosts, table.game.stock_label(state), table.game.decoration_key(state),
            table.context.settings.appearance.felt)


def paint_background(table: CardTableScene, surface: pygame.Surface) -> None:
    theme = table.context.settings.appearance.felt
    surface.blit(felt(surface.get_size(), theme if theme in THEMES else "green"), (0, 0))
    layout, art, state = table.view.layout, table.view.art, table.session.state
    for key, spot in layout.piles.items():
        ghost = table.game.ghost(key, state)
        if ghost is not None:
            surface.blit(art.ghost(*ghost), spot.rect)
    label = table.game.stock_label(state)
    if label is not None and layout.stock_label_at is not None:
        badge = stock_badge(label, max(17, round(layout.card_width * 0.16)))
        surface.blit(badge, badge.get_rect(midtop=layout.stock_label_at))
    table.game.paint_decorations(surface, state, layout)


def paint_overlays(table: CardTableScene, surface: pygame.Surface) -> None:
    """Drop targets glowing while dragging, the dragged cards' shadow and a hint."""
    view, game = table.view, table.game
    art = view.art
    margin = art.margin
    drag = table.mouse.drag
    if drag.dragging:
        glow = art.glow("target")
        for target in drag.targets:
            rect = view.top_rect(game.move_parts(target.payload).target)
            for _ in range(2 if target == drag.hovered else 1):
                surface.blit(glow, (rect.x - margin, rect.y - margin))
        shadow = art.shadow()
        for sprite in drag.pickup.sprites:
            surface.blit(shadow, (round(sprite.x) - margin, round(sprite.y) - margin))
    if table.hint is not None:
        parts = game.move_parts(table.hint)
        keys = [game.stock_pile] if parts is None else [parts.source, parts.target]
        for key in keys:
            rect = view.top_rect(key)
            surface.blit(art.glow("hint"), (rect.x - margin, rect.y - margin))


@lru_cache(maxsize=64)
def stock_badge(text: str, height: int) -> pygame.Surface:
    """A dark pill with `text` in gold: the count on the stock."""
    ink = render_text(text, round(height * 0.8), palette.ACCENT_BRIGHT, bold=True)
    badge = rounded_rect_surface((ink.get_width() + height, height), height / 2,
                                 (14, 18, 26, 215), (*palette.ACCENT, 150), 1)
    badge.blit(ink, ink.get_rect(center=(badge.get_width() // 2, height // 2 + 1)))
    return badge
