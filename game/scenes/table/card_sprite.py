"""A card on the table: a sprite that knows its card, its pile and which side it shows.

A flip squeezes the sprite to nothing, swaps the image and opens it again. The squeezed
images are quantised to a few widths and cached, so a flip allocates nothing after the first
few frames (every card back shares one set), and they are scaled without smoothing: they
are on screen for a few hundredths of a second, where speed matters more than polish.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.engine.resources import LruCache
from game.engine.sprites import Sprite
from game.rules.cards import Card

SCALE_STEPS = 10  # widths a flipping card passes through
_squeezed: LruCache[pygame.Surface] = LruCache(200)


def _quantised(scale: float) -> float:
    return max(1, round(min(1.0, abs(scale)) * SCALE_STEPS)) / SCALE_STEPS


class CardSprite(Sprite):
    """One card's sprite. `shown_up` says which side the image shows right now."""

    __slots__ = ("card", "pile", "plain", "shown_up")

    def __init__(self, card: Card, image: pygame.Surface, pos: tuple[float, float],
                 pile: Hashable, z: float) -> None:
        super().__init__(image, pos, z=z)
        self.card = card
        self.pile = pile
        self.shown_up = card.face_up
        self.plain = image  # the same picture, for squeezing (see `dress`)

    def dress(self, image: pygame.Surface, plain: pygame.Surface) -> None:
        """Show `image`; `plain` is the same picture in a form cheap to scale."""
        self.image = image
        self.plain = plain

    def __repr__(self) -> str:
        return f"CardSprite({self.card.code} in {self.pile}, pos=({self.x:.0f}, {self.y:.0f}))"

    def _effective_image(self) -> pygame.Surface:
        if self.scale_x == 1.0 and self.scale_y == 1.0:
            return self.image
        width, height = self.plain.get_size()
        size = (max(1, round(_quantised(self.scale_x) * width)),
                max(1, round(_quantised(self.scale_y) * height)))
        return _squeezed.get((id(self.plain), size),
                             lambda: pygame.transform.scale(self.plain, size))


def clear_squeezed_cache() -> None:
    """Forget squeezed images (after the card art changes size)."""
    _squeezed.clear()
