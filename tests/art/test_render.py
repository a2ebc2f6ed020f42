import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.art import render
from game.art.render import rounded_rect_surface, text_ink
from game.art.suits import SUIT_ASPECT, suit_symbol


def test_suit_symbols_differ_and_fill_their_box():
    symbols = {suit: suit_symbol(suit, 40, (0, 0, 0)) for suit in "SHDC"}
    for suit, symbol in symbols.items():
        assert symbol.get_size() == (40, round(40 * SUIT_ASPECT[suit]))
        box = symbol.get_bounding_rect()
        assert box.width >= 36 and box.height >= symbol.get_height() - 4
    masks = {tuple(pygame.mask.from_surface(s.subsurface((0, 0, 40, 36))).get_at((x, y))
                   for x in range(40) for y in range(36)) for s in symbols.values()}
    assert len(masks) == 4


def test_upside_down_symbol_is_the_symbol_turned_over():
    upright = suit_symbol("H", 30, (200, 0, 0))
    turned = suit_symbol("H", 30, (200, 0, 0), upside_down=True)
    assert pygame.image.tobytes(turned, "RGBA") == pygame.image.tobytes(
        pygame.transform.flip(upright, True, True), "RGBA")
    assert suit_symbol("H", 30, (200, 0, 0)) is upright


@pytest.mark.parametrize("height", [8, 14, 30, 60])
def test_text_ink_has_the_requested_capital_height(height):
    ink = text_ink("K", height, (0, 0, 0))
    assert abs(ink.get_height() - height) <= max(1, height // 10)


def test_tracking_moves_characters_apart():
    tight = text_ink("10", 30, (0, 0, 0))
    loose = text_ink("10", 30, (0, 0, 0), tracking=0.3)
    assert loose.get_width() > tight.get_width()


@settings(max_examples=25, deadline=None)
@given(width=st.integers(1, 300), height=st.integers(1, 300), radius=st.integers(0, 20))
def test_rounded_rect_has_exact_size_solid_middle_and_cut_corners(width, height, radius):
    rect = rounded_rect_surface((width, height), radius, (10, 200, 30), (250, 0, 0), 2)
    assert rect.get_size() == (width, height)
    if width > 2 * radius + 8 and height > 2 * radius + 8:
        assert rect.get_at((width // 2, height // 2)) == pygame.Color(10, 200, 30, 255)
        assert rect.get_at((width // 2, 0))[:3] == (250, 0, 0)
        assert rect.get_at((width // 2, 0)).a > 200
        if radius >= 4:
            assert rect.get_at((0, 0)).a < 60


def test_big_sketches_are_oversized_less_and_still_smooth():
    """A 4K card's courts need not be drawn on a canvas sixteen times their size."""
    from game.art.render import BIG_SKETCH_PIXELS, SUPERSAMPLE, Sketch

    assert Sketch((40, 60)).scale == SUPERSAMPLE
    big = Sketch((300, 300), background=(200, 30, 30))
    assert BIG_SKETCH_PIXELS <= 300 * 300 and big.scale == SUPERSAMPLE // 2
    big.pen().circle((200, 30, 30, 255), (0.5, 0.5), 0.45)
    picture = big.finish()
    edge = {picture.get_at((x, 60)).a for x in range(300)}
    assert any(0 < alpha < 255 for alpha in edge)  # the rim is antialiased


def _worst_difference(a: pygame.Surface, b: pygame.Surface) -> int:
    """The largest difference of any channel of any pixel (alpha included)."""
    assert a.get_size() == b.get_size()
    width, height = a.get_size()
    return max(max(abs(p - q) for p, q in zip(a.get_at((x, y)), b.get_at((x, y)), strict=True))
               for y in range(height) for x in range(width))


@pytest.mark.parametrize("size", [(60, 40), (300, 170)])
def test_layered_rounded_rect_is_its_layers_laid_on_each_other(size):
    bottom, top = ((16, 20, 28, 235), None, 0.0), ((30, 36, 50, 200), (200, 160, 60, 255), 1.5)
    merged = render.layered_rounded_rect(size, 9, (bottom, top))
    apart = render.rounded_rect_surface(size, 9, bottom[0])
    apart.blit(render.rounded_rect_surface(size, 9, *top), (0, 0))
    assert _worst_difference(merged, apart) <= 3


def test_a_rounded_rect_painted_in_place_is_the_picture_blitted():
    rect = pygame.Rect(13, 7, 140, 90)
    blitted, painted = (pygame.Surface((170, 110)) for _ in range(2))
    for canvas in (blitted, painted):
        canvas.fill((30, 120, 60))
    blitted.blit(render.rounded_rect_surface(rect.size, 12, (90, 50, 20), (58, 34, 16), 2), rect)
    render.paint_rounded_rect(painted, rect, 12, (90, 50, 20), (58, 34, 16), 2)
    assert _worst_difference(blitted, painted) == 0


@pytest.mark.parametrize("size", [(60, 50), (420, 380)])
def test_a_soft_shadow_is_the_whole_box_blurred(size):
    from game.art.overlays import soft_shadow, soften

    spread, radius = max(4, min(size) // 14), 12
    box = pygame.Surface((size[0] + 4 * spread, size[1] + 4 * spread), pygame.SRCALPHA)
    pygame.draw.rect(box, (0, 0, 0, 120), (2 * spread, 2 * spread, *size), border_radius=radius)
    whole = soften(box, spread)
    fast = soft_shadow(size, radius, spread, (0, 0, 0, 120))
    assert fast.get_size() == whole.get_size()
    width, height = whole.get_size()
    assert max(abs(fast.get_at((x, y)).a - whole.get_at((x, y)).a)
               for y in range(0, height, 2) for x in range(0, width, 2)) <= 10
