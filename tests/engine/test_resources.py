from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import resources
from game.engine.resources import LruCache, asset_path, asset_root, font
from game.engine.text import draw_text, render_text, wrap_text
from game.scenes.help_text import game_help

REPO = Path(__file__).resolve().parents[2]


def test_assets_are_found_beside_the_game_package():
    assert asset_root() == REPO / "assets"
    assert asset_path("sounds", "deal.wav") == REPO / "assets" / "sounds" / "deal.wav"


def test_a_frozen_bundle_uses_its_unpack_folder(monkeypatch, tmp_path):
    monkeypatch.setattr(resources.sys, "_MEIPASS", str(tmp_path), raising=False)
    assert asset_root() == tmp_path / "assets"


def test_fonts_are_cached_per_size_and_weight():
    assert font(20) is font(20)
    assert font(20) is not font(21)
    assert font(20, bold=True).bold and not font(20).bold


def test_a_missing_font_file_falls_back_to_the_built_in_one(caplog):
    assert font(18, name="no-such-font.ttf").get_height() > 0
    assert "not shipped" in caplog.text


def test_lru_cache_keeps_the_most_recent_entries():
    cache = LruCache(2)
    made = []

    def make(value):
        made.append(value)
        return value

    cache.get("a", lambda: make("a"))
    cache.get("b", lambda: make("b"))
    cache.get("a", lambda: make("a"))
    cache.get("c", lambda: make("c"))  # evicts b, the least recently used
    assert "a" in cache and "b" not in cache and len(cache) == 2
    assert made == ["a", "b", "c"]


def test_text_is_rendered_once_per_text_size_and_colour():
    first = render_text("Score 10", 24, (255, 255, 255))
    assert render_text("Score 10", 24, (255, 255, 255)) is first
    assert render_text("Score 10", 24, (255, 0, 0)) is not first
    surface = pygame.Surface((200, 100))
    rect = draw_text(surface, "Hi", 30, (255, 255, 255), (100, 50), anchor="center")
    assert rect.center in ((100, 50), (100, 49), (99, 50), (99, 49))


def test_wrap_text_respects_the_width_and_paragraphs():
    lines = wrap_text("one two three four five six seven\nnext", 20, 80)
    assert lines[-1] == "next" and len(lines) > 2
    assert all(font(20).size(line)[0] <= 80 for line in lines)
    assert " ".join(lines[:-1]) == "one two three four five six seven"


def _wrapped_by_measuring_every_line(text: str, size: int, width: int, bold: bool) -> list[str]:
    """Wrapping that measures each candidate line whole: the lines wrap_text must give."""
    face = font(size, bold=bold)
    lines = []
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


_HELP_WORDS = sorted({word for _, page in game_help().values() for word in page.split()})


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.sampled_from(_HELP_WORDS), min_size=1, max_size=60),
       breaks=st.sets(st.integers(0, 59), max_size=3), size=st.integers(10, 48),
       width=st.integers(40, 1600), bold=st.booleans())
def test_wrap_text_gives_the_lines_that_measuring_every_line_gives(words, breaks, size, width,
                                                                   bold):
    text = "".join(word + ("\n" if index in breaks else " ") for index, word in enumerate(words))
    assert wrap_text(text, size, width, bold=bold) == \
        _wrapped_by_measuring_every_line(text, size, width, bold)


def word_gap(text: str, size: int, *, bold: bool = False) -> int:
    """The widest run of blank columns inside the ink of `text` rendered at `size`."""
    image = render_text(text, size, (255, 255, 255), bold=bold)
    inked = [max(image.get_at((x, y)).a for y in range(image.get_height())) > 60
             for x in range(image.get_width())]
    first, last = inked.index(True), len(inked) - inked[::-1].index(True)
    widest = run = 0
    for ink in inked[first:last]:
        run = 0 if ink else run + 1
        widest = max(widest, run)
    return widest


@pytest.mark.parametrize("bold", [False, True])
def test_small_text_keeps_its_spaces(bold):
    """At 8 points and below the hinted font's letters overhang their advances and ate the
    space ("points from 0pieces" on the Leap Frog panel at 640x480)."""
    for size in range(8, 41):
        for text in ("0 pieces", "from 0 p", "a b"):
            assert word_gap(text, size, bold=bold) >= 2, (text, size)


def test_the_art_and_the_text_measure_with_the_same_font():
    from game.art.render import font as art_font

    for size in (10, 13, 20):
        assert art_font(size).size("points from 0 pieces") == font(size).size(
            "points from 0 pieces")
