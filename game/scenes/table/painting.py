"""What the table paints besides the cards: the cloth, outlines and the stock's count under
them; glows, shadows and the keyboard's focus over the resting cards but under the moving
ones."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.art import palette
from game.art.felt import THEMES, paint_felt
from game.art.render import rounded_rect_surface
from game.engine.text import render_text
from game.scenes.table.geometry import stock_badge_height
from game.scenes.tabletop.focus import focus_outline

if TYPE_CHECKING:
    from game.scenes.table.protocol import CardTable



def backdrop_key(table: CardTable) -> tuple:
    """Changes whenever `paint_background` would paint something else."""
    state = table.session.state
    ghosts = tuple(table.game.ghost(key, state) for key in table.view.layout.piles)
    return (ghosts, table.game.stock_label(state),
            table.game.decoration_key(state, assisted=table.session.assisted),
            table.context.settings.appearance.felt)


def paint_background(table: CardTable, surface: pygame.Surface) -> None:
    theme = table.context.settings.appearance.felt
    paint_felt(surface, theme if theme in THEMES else "green")
    layout, art, state = table.view.layout, table.view.art, table.session.state
    for key, spot in layout.piles.items():
        ghost = table.game.ghost(key, state)
        if ghost is not None:
            surface.blit(art.ghost(*ghost), spot.rect)
    label = table.game.stock_label(state)
    if label is not None and layout.stock_label_at is not None:
        badge = stock_badge(label, stock_badge_height(layout.card_width))
        surface.blit(badge, badge.get_rect(midtop=layout.stock_label_at))
    table.game.paint_decorations(surface, state, layout, assisted=table.session.assisted)


def paint_overlays(table: CardTable, surface: pygame.Surface) -> None:
    """Drop targets glowing while dragging, the dragged cards' shadow, a hint and the
    keyboard's focus."""
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
        # The whole run that would move glows, and the card it would go on.
        spots = ([view.top_rect(game.stock_pile)] if parts is None
                 else [view.run_rect(parts.source, parts.count), view.top_rect(parts.target)])
        for rect in spots:
            surface.blit(art.glow("hint", rect.size), (rect.x - margin, rect.y - margin))
    paint_selection(table, surface)
    paint_keyboard_focus(table, surface)


def paint_selection(table: CardTable, surface: pygame.Surface) -> None:
    """Cards a click has highlighted: a bright ring round them, and the piles that would
    take them glowing as they do under a drag."""
    chosen = table.mouse.selection
    if chosen is None:
        return
    view = table.view
    glow, margin = view.art.glow("target"), view.art.margin
    for target in dict.fromkeys(chosen.targets):
        rect = view.top_rect(target)
        surface.blit(glow, (rect.x - margin, rect.y - margin))
    width = view.layout.card_width
    focus_outline(surface, view.run_rect(chosen.pile, chosen.count),
                  max(3, round(width * 0.05)), round(max(3.0, width * 0.065)))


def paint_keyboard_focus(table: CardTable, surface: pygame.Surface) -> None:
    """A gold ring round the cards the keys would take; while the keys hold cards, the piles
    that would take them glow and the ring marks the one Enter drops them on."""
    keyboard, view = table.keyboard, table.view
    key = keyboard.focus
    if not keyboard.shown or table.session.finished or key not in view.layout.piles:
        return
    held = keyboard.held
    if held is None:
        rect = view.run_rect(key, keyboard.focus_depth())
    else:
        glow, margin = view.art.glow("target"), view.art.margin
        for target in held.targets:
            spot_rect = view.top_rect(target)
            surface.blit(glow, (spot_rect.x - margin, spot_rect.y - margin))
        paint_held_shadow(surface, [sprite.rect for sprite in held.sprites],
                          view.art.shadow(), margin)
        rect = view.top_rect(key)
    width = view.layout.card_width
    focus_outline(surface, rect, max(2, round(width * 0.036)), round(max(3.0, width * 0.065)))


def paint_held_shadow(surface: pygame.Surface, rects: list[pygame.Rect],
                      shadow: pygame.Surface, margin: int) -> None:
    """The shadow of cards held up, only where it falls beside them: resting cards may be
    drawn before the overlays, and the shadow must not darken the cards casting it."""
    cards = rects[0].unionall(rects)
    area = surface.get_clip()
    strips = (pygame.Rect(area.left, area.top, area.width, cards.top - area.top),
              pygame.Rect(area.left, cards.bottom, area.width, area.bottom - cards.bottom),
              pygame.Rect(area.left, cards.top, cards.left - area.left, cards.height),
              pygame.Rect(cards.right, cards.top, area.right - cards.right, cards.height))
    for strip in strips:
        surface.set_clip(strip.clip(area))
        for rect in rects:
            surface.blit(shadow, (rect.x - margin, rect.y - margin))
    surface.set_clip(area)


@lru_cache(maxsize=64)
def stock_badge(text: str, height: int) -> pygame.Surface:
    """A dark pill with `text` in gold: the count on the stock."""
    ink = render_text(text, round(height * 0.8), palette.ACCENT_BRIGHT, bold=True)
    badge = rounded_rect_surface((ink.get_width() + height, height), height / 2,
                                 (14, 18, 26, 215), (*palette.ACCENT, 150), 1)
    badge.blit(ink, ink.get_rect(center=(badge.get_width() // 2, height // 2 + 1)))
    return badge
