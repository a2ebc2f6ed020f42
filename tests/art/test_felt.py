import pygame
import pytest

from game.art.felt import THEMES, felt, paint_felt


def brightness(colour: pygame.Color) -> int:
    return colour.r + colour.g + colour.b


@pytest.mark.parametrize("theme", THEMES)
def test_each_theme_fills_the_window_with_a_vignette(theme):
    cloth = felt((320, 200), theme)
    assert cloth.get_size() == (320, 200)
    centre = pygame.transform.average_color(cloth, (140, 80, 40, 40))
    corner = pygame.transform.average_color(cloth, (0, 0, 20, 20))
    assert brightness(pygame.Color(centre)) > brightness(pygame.Color(corner)) * 1.15


def test_themes_differ_and_include_the_three_classic_cloths():
    assert {"green", "blue", "burgundy"} <= set(THEMES)
    averages = {tuple(pygame.transform.average_color(felt((64, 48), theme))) for theme in THEMES}
    assert len(averages) == len(THEMES)


def test_cloth_has_grain_rather_than_flat_colour():
    cloth = felt((256, 256), "green")
    row = {tuple(cloth.get_at((x, 128)))[:3] for x in range(100, 160)}
    assert len(row) > 10


def test_felt_is_cached_per_size_and_theme():
    assert felt((300, 200), "blue") is felt((300, 200), "blue")
    assert felt((300, 200), "blue") is not felt((300, 201), "blue")


def test_unknown_theme_is_rejected():
    with pytest.raises(ValueError, match="theme"):
        felt((10, 10), "tartan")


def test_paint_felt_covers_the_surface_in_place_like_the_kept_cloth():
    for size in ((320, 200), (321, 201)):
        surface = pygame.Surface(size)
        surface.fill((255, 0, 255))
        paint_felt(surface, "blue")
        assert surface.get_at((size[0] - 1, size[1] - 1))[:3] != (255, 0, 255)
        assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(
            felt(size, "blue"), "RGB")
