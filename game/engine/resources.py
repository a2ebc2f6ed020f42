"""Shipped files and fonts.

Shipped files are found from this module's location (or from the unpacked
bundle when frozen by PyInstaller), never from the working directory, so the
game starts the same from any folder.
"""

from __future__ import annotations

import logging
import sys
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Generic, TypeVar

import pygame

log = logging.getLogger(__name__)

T = TypeVar("T")

ASSETS_FOLDER = "assets"
FONTS_FOLDER = "fonts"


def asset_root() -> Path:
    """The folder of shipped files: ``assets/`` beside ``game/``, or in the bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / ASSETS_FOLDER
    return Path(__file__).resolve().parents[2] / ASSETS_FOLDER


def asset_path(*parts: str) -> Path:
    """Path of a shipped file, e.g. ``asset_path("sounds", "deal.wav")``."""
    return asset_root().joinpath(*parts)


class LruCache(Generic[T]):
    """A bounded cache of made things (fonts, rendered text, art per size).

    Art is rendered for the window size in use; bounding the cache keeps
    memory flat while the user drags the window edge through many sizes.
    """

    def __init__(self, max_entries: int) -> None:
        self.max_entries = max_entries
        self._entries: OrderedDict[Hashable, T] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._entries

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The cached value for ``key``, made (and remembered) if missing."""
        try:
            self._entries.move_to_end(key)
            return self._entries[key]
        except KeyError:
            value = make()
            self._entries[key] = value
            if len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)
            return value

    def clear(self) -> None:
        self._entries.clear()


_fonts: LruCache[pygame.font.Font] = LruCache(64)
# The built-in font is hinted to whole-pixel advances: at this many points and below (font
# sizes up to 13) a letter's ink overhangs its advance by a pixel and eats the 2-pixel space
# beside it, so "from 0 pieces" read "from 0pieces". There a space is set as two.
NARROW_SPACE_POINTS = 8


class _SpacedFont(pygame.font.Font):
    """A small font that sets each space as two, alike when measuring and when drawing."""

    def size(self, text: str | bytes) -> tuple[int, int]:
        return super().size(_spaced(text))

    def render(self, text: str | bytes | None, antialias: bool, color, bgcolor=None,
               wraplength: int = 0) -> pygame.Surface:
        return super().render(_spaced(text), antialias, color, bgcolor, wraplength)


def _spaced(text):
    return text.replace(" ", "  ") if isinstance(text, str) else text


def font(size: int, *, bold: bool = False, name: str | None = None) -> pygame.font.Font:
    """A cached font: pygame's built-in one, or ``assets/fonts/<name>`` if shipped."""
    size = max(1, int(size))
    return _fonts.get((size, bold, name), lambda: _load_font(size, bold, name))


def _load_font(size: int, bold: bool, name: str | None) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = None
    if name is not None:
        path = asset_path(FONTS_FOLDER, name)
        if not path.is_file():
            log.warning("font %s is not shipped; using the built-in font", path)
            path = None
    loaded = pygame.font.Font(path, size)
    if loaded.point_size <= NARROW_SPACE_POINTS:
        loaded = _SpacedFont(path, size)
    loaded.bold = bold
    return loaded
