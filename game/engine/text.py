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


# Measuring words apart and adding them up misses the kerning and rounding where two words
# meet, at most 2 pixels a join in the game's font; a line is measured whole only when the
# sum comes within that much of the width, which gives the very lines measuring each
# candidate line would, for a fraction of the cost (help's pages at 4K took 13 ms).
JOIN_SLACK = 3
_word_widths: dict[tuple[int, bool, str], int] = {}


def _word_width(face: pygame.font.Font, size: int, bold: bool, word: str) -> int:
    key = (size, bold, word)
    width = _word_widths.get(key)
    if width is None:
        if len(_word_widths) > 20000:
            _word_widths.clear()
        width = _word_widths[key] = face.size(word)[0]
    return width


def wrap_text(text: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """Split text into lines no wider than ``width`` pixels (paragraphs kept)."""
    face = font(size, bold=bold)
    space = _word_width(face, size, bold, " ")
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, line_width, guessed_joins = "", 0, 0
        for word in paragraph.split():
            word_width = _word_width(face, size, bold, word)
            if not line:
                line, line_width, guessed_joins = word, word_width, 0
                continue
            guess = line_width + space + word_width
            slack = JOIN_SLACK * (guessed_joins + 1)
            if guess + slack <= width:
                fits, guessed_joins = True, guessed_joins + 1
            elif guess - slack > width:
                fits = False
            else:
                guess = face.size(f"{line} {word}")[0]
                fits, guessed_joins = guess <= width, 0
            if fits:
                line, line_width = f"{line} {word}", guess
            else:
                lines.append(line)
                line, line_width, guessed_joins = word, word_width, 0
        lines.append(line)
    return lines
