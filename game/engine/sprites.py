"""A light sprite: an image at a float position with draw order and effects.

Positions are floats so tweens glide smoothly; they are rounded only when
drawn. Every visual change bumps ``version``, which is how the layered
renderer notices what moved without the sprite knowing about it.
"""

from __future__ import annotations

from typing import Any

import pygame

Point = tuple[float, float]


class Sprite:
    """An image drawn with its top-left corner at (x, y).

    ``scale_x`` / ``scale_y`` shrink the image about its centre (a card flip
    is scale_x going 1 -> 0, a face swap, then 0 -> 1); the hit box stays the
    unscaled rectangle so a card mid-flip is still where it looks to be.
    ``data`` is free for the owner (e.g. the card this sprite shows).
    """

    __slots__ = (
        "_alpha",
        "_cache",
        "_cache_key",
        "_image",
        "_scale_x",
        "_scale_y",
        "_visible",
        "_x",
        "_y",
        "_z",
        "data",
        "version",
    )

    def __init__(
        self,
        image: pygame.Surface,
        pos: Point = (0.0, 0.0),
        *,
        z: float = 0,
        alpha: float = 255,
        visible: bool = True,
        data: Any = None,
    ) -> None:
        self._image = image
        self._x = float(pos[0])
        self._y = float(pos[1])
        self._z = z
        self._alpha = alpha
        self._visible = visible
        self._scale_x = 1.0
        self._scale_y = 1.0
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple | None = None
        self.data = data
        self.version = 0

    def __repr__(self) -> str:
        return f"Sprite(pos=({self._x:.1f}, {self._y:.1f}), z={self._z}, data={self.data!r})"

    def _changed(self) -> None:
        self.version += 1

    # Properties (each change bumps the version) -----------------------------

    @property
    def image(self) -> pygame.Surface:
        return self._image

    @image.setter
    def image(self, image: pygame.Surface) -> None:
        if image is not self._image:
            self._image = image
            self._cache = None
            self._changed()

    @property
    def x(self) -> float:
        return self._x

    @x.setter
    def x(self, x: float) -> None:
        if x != self._x:
            self._x = float(x)
            self._changed()

    @property
    def y(self) -> float:
        return self._y

    @y.setter
    def y(self, y: float) -> None:
        if y != self._y:
            self._y = float(y)
            self._changed()

    @property
    def pos(self) -> Point:
        return (self._x, self._y)

    @pos.setter
    def pos(self, pos: Point) -> None:
        x, y = float(pos[0]), float(pos[1])
        if x != self._x or y != self._y:
            self._x, self._y = x, y
            self._changed()

    @property
    def z(self) -> float:
        return self._z

    @z.setter
    def z(self, z: float) -> None:
        if z != self._z:
            self._z = z
            self._changed()

    @property
    def alpha(self) -> float:
        return self._alpha

    @alpha.setter
    def alpha(self, alpha: float) -> None:
        alpha = min(255.0, max(0.0, alpha))
        if alpha != self._alpha:
            self._alpha = alpha
            self._changed()

    @property
    def visible(self) -> bool:
        return self._visible

    @visible.setter
    def visible(self, visible: bool) -> None:
        if visible != self._visible:
            self._visible = visible
            self._changed()

    @property
    def scale_x(self) -> float:
        return self._scale_x

    @scale_x.setter
    def scale_x(self, scale: float) -> None:
        if scale != self._scale_x:
            self._scale_x = scale
            self._changed()

    @property
    def scale_y(self) -> float:
        return self._scale_y

    @scale_y.setter
    def scale_y(self, scale: float) -> None:
        if scale != self._scale_y:
            self._scale_y = scale
            self._changed()

    # Geometry --------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self._image.get_size()

    @property
    def rect(self) -> pygame.Rect:
        """The unscaled area, rounded to pixels: for hit tests and layout."""
        width, height = self._image.get_size()
        return pygame.Rect(round(self._x), round(self._y), width, height)

    @property
    def center(self) -> Point:
        width, height = self._image.get_size()
        return (self._x + width / 2.0, self._y + height / 2.0)

    def contains(self, point: Point) -> bool:
        return self._visible and self.rect.collidepoint(point)

    # Drawing -----------------------------------------------------------------------

    def is_drawn(self) -> bool:
        """False when nothing would show (hidden, transparent or flat)."""
        return (
            self._visible
            and self._alpha >= 1.0
            and abs(self._scale_x) * self._image.get_width() >= 0.5
            and abs(self._scale_y) * self._image.get_height() >= 0.5
        )

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        """Blit onto ``surface``; returns the area painted, None if nothing was."""
        if not self.is_drawn():
            return None
        image = self._effective_image()
        width, height = self._image.get_size()
        left = self._x + (width - image.get_width()) / 2.0
        top = self._y + (height - image.get_height()) / 2.0
        return surface.blit(image, (round(left), round(top)))

    def _effective_image(self) -> pygame.Surface:
        """The image with scale and alpha applied, cached while they hold still.

        The source image is often shared (every card face of one size), so
        alpha goes onto a private copy, never onto the shared surface.
        """
        alpha = round(self._alpha)
        scaled = self._scale_x != 1.0 or self._scale_y != 1.0
        if alpha >= 255 and not scaled:
            return self._image
        width, height = self._image.get_size()
        size = (
            max(1, round(abs(self._scale_x) * width)),
            max(1, round(abs(self._scale_y) * height)),
        )
        key = (id(self._image), size, alpha)
        if key != self._cache_key or self._cache is None:
            image = pygame.transform.scale(self._image, size) if scaled else self._image.copy()
            if alpha < 255:
                image.set_alpha(alpha)
            self._cache = image
            self._cache_key = key
        return self._cache
