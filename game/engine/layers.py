"""Layered drawing: a cached static layer under the sprites that move.

A table has a background (felt, pile outlines) that changes only on resize,
many cards at rest and a few in flight. Redrawing everything each frame
would cost hundreds of blits; instead resting sprites are baked into one
cached surface over the background, and each frame is one blit of that
layer plus the sprites that are changing.

The renderer notices changes by each sprite's ``version``: a baked sprite
that changes is lifted out (the layer is rebuilt without it) and drawn on
its own until it rests again. Sprites in motion are drawn above resting
ones, which is also what a card in flight should look like.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.sprites import Point, Sprite

Painter = Callable[[pygame.Surface], None]

# Resting sprites stay in the moving set until this many have gathered (or
# the layer is rebuilt anyway), so cards landing one by one during a deal do
# not rebuild the layer for each card.
BAKE_THRESHOLD = 12


class LayeredRenderer:
    """Draws a background, resting sprites and moving sprites, in that order."""

    def __init__(
        self, paint_background: Painter | None = None, *, bake_threshold: int = BAKE_THRESHOLD
    ) -> None:
        self._paint_background = paint_background
        self.bake_threshold = bake_threshold
        self._order: dict[Sprite, int] = {}
        self._next_order = 0
        self._seen: dict[Sprite, int] = {}
        self._baked: set[Sprite] = set()
        self._moving: set[Sprite] = set()
        self._background: pygame.Surface | None = None
        self._static: pygame.Surface | None = None
        self._static_valid = False
        self._painted_in_place = False
        self._removed_since_draw = False
        self.sprite_blits = 0
        self.static_rebuilds = 0

    # Membership ------------------------------------------------------------------

    def add(self, sprite: Sprite) -> Sprite:
        if sprite not in self._order:
            self._order[sprite] = self._next_order
            self._next_order += 1
        return sprite

    def remove(self, sprite: Sprite) -> None:
        if self._order.pop(sprite, None) is None:
            return
        self._seen.pop(sprite, None)
        self._moving.discard(sprite)
        if sprite in self._baked:
            self._baked.discard(sprite)
            self._static_valid = False
        self._removed_since_draw = True

    def clear(self) -> None:
        for sprite in list(self._order):
            self.remove(sprite)

    def __contains__(self, sprite: object) -> bool:
        return sprite in self._order

    def __len__(self) -> int:
        return len(self._order)

    @property
    def sprites(self) -> list[Sprite]:
        """All sprites in drawing order (z, then the order they were added)."""
        return sorted(self._order, key=self._draw_key)

    def sprites_at(self, point: Point) -> list[Sprite]:
        """Visible sprites under ``point``, topmost first."""
        hits = [sprite for sprite in self._order if sprite.contains(point)]
        hits.sort(key=self._draw_key, reverse=True)
        return hits

    # Background --------------------------------------------------------------------

    def invalidate_background(self) -> None:
        """Repaint the background on the next draw (after a resize or a theme change)."""
        self._background = None
        self._static_valid = False

    # Drawing -------------------------------------------------------------------------

    def needs_redraw(self) -> bool:
        return (
            not self._static_valid
            or self._removed_since_draw
            or any(sprite.version != self._seen.get(sprite) for sprite in self._order)
        )

    def draw(self, surface: pygame.Surface, decorate: Painter | None = None) -> None:
        """Compose the frame; ``decorate`` paints between resting and moving sprites
        (target highlights that should glow over the piles but under a dragged card).
        """
        size = surface.get_size()
        stale = self._background is None or self._background.get_size() != size
        changed = self._collect_changes()
        if stale and not self._baked and not self._painted_in_place:
            # Nothing rests yet (a table's first frame): the background is painted straight
            # onto the window, and the layer, a window-sized surface (~20 ms to make at 4K),
            # is made on the next frame, which the still invalid layer asks for.
            self._paint(surface)
            self._background = self._static = None
            self._static_valid = False
            self._painted_in_place = True
        else:
            if stale:
                self._render_background(surface)
            self._painted_in_place = False
            settled = [sprite for sprite in self._moving if sprite not in changed]
            if settled and (not self._static_valid or len(settled) >= self.bake_threshold):
                self._moving.difference_update(settled)
                self._baked.update(settled)
                self._static_valid = False
            if not self._static_valid:
                self._rebuild_static(surface)
            surface.blit(self._static, (0, 0))
        if decorate is not None:
            decorate(surface)
        self.sprite_blits = 0
        for sprite in sorted(self._moving, key=self._draw_key):
            if sprite.draw(surface) is not None:
                self.sprite_blits += 1
        self._removed_since_draw = False

    def _draw_key(self, sprite: Sprite) -> tuple[float, int]:
        return (sprite.z, self._order[sprite])

    def _collect_changes(self) -> set[Sprite]:
        changed = set()
        for sprite in self._order:
            if sprite.version != self._seen.get(sprite):
                self._seen[sprite] = sprite.version
                changed.add(sprite)
                if sprite in self._baked:
                    self._baked.discard(sprite)
                    self._static_valid = False
                self._moving.add(sprite)
        return changed

    def _render_background(self, target: pygame.Surface) -> None:
        self._background = pygame.Surface(target.get_size(), 0, target)
        self._paint(self._background)
        self._static_valid = False

    def _paint(self, surface: pygame.Surface) -> None:
        if self._paint_background is None:
            surface.fill((0, 0, 0))
        else:
            self._paint_background(surface)

    def _rebuild_static(self, target: pygame.Surface) -> None:
        if not self._baked:
            # Nothing rests yet (a deal's first frames): the background is the layer, which
            # spares a window-sized surface and a copy of it (about 20 ms at 4K).
            self._static = self._background
            self._static_valid = True
            self.static_rebuilds += 1
            return
        if (self._static is None or self._static is self._background
                or self._static.get_size() != target.get_size()):
            self._static = pygame.Surface(target.get_size(), 0, target)
        self._static.blit(self._background, (0, 0))
        for sprite in sorted(self._baked, key=self._draw_key):
            sprite.draw(self._static)
        self._static_valid = True
        self.static_rebuilds += 1
