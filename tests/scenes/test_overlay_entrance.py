"""An overlay's entrance: the panel grows and fades in over the scene, drawn without any
window-sized picture, and looks as if drawn on a clear window-sized layer and scaled."""

import pygame
import pytest

from game.scenes import ui
from game.scenes.ui import DIM_ALPHA, ENTRANCE_SCALE, ModalScene, dim, draw_dialog_panel

SIZE = (480, 360)


class Panel(ModalScene):
    def layout(self, size):
        self.panel = pygame.Rect(0, 0, 300, 200)
        self.panel.center = (size[0] // 2, size[1] // 2)

    def draw_content(self, surface):
        draw_dialog_panel(surface, self.panel)
        surface.fill((200, 40, 40), self.panel.inflate(-120, -120))


def _striped() -> pygame.Surface:
    """A busy scene below: anything of it dragged along with the panel shows."""
    scene = pygame.Surface(SIZE).convert()
    scene.fill((20, 20, 20))
    for x in range(0, SIZE[0], 6):
        scene.fill((230, 230, 230), (x, 0, 3, SIZE[1]))
    return scene


def _as_on_a_clear_layer(scene: Panel, below: pygame.Surface, scale) -> pygame.Surface:
    shown = min(1.0, scene.appear)  # a springy entrance overshoots in size, not alpha
    expected = below.copy()
    dim(expected, round(DIM_ALPHA * shown))
    layer = pygame.Surface(SIZE, pygame.SRCALPHA)
    scene.draw_content(layer)
    factor = ENTRANCE_SCALE + (1.0 - ENTRANCE_SCALE) * scene.appear
    size = (round(scene.panel.width * factor), round(scene.panel.height * factor))
    grown = scale(layer.subsurface(scene.panel), size)
    grown.set_alpha(round(255 * shown))
    expected.blit(grown, grown.get_rect(center=scene.panel.center))
    return expected


@pytest.mark.parametrize("smooth_up_to", [10**9, 0], ids=["smooth", "nearest"])
def test_the_entrance_looks_as_drawn_on_a_clear_layer(app, monkeypatch, smooth_up_to):
    # Big panels (4K) grow in scaled by nearest pixels: they must look the same too.
    monkeypatch.setattr(ui, "SMOOTH_ENTRANCE_PIXELS", smooth_up_to)
    scale = pygame.transform.smoothscale if smooth_up_to else pygame.transform.scale
    scene = Panel()
    scene.resize(SIZE)
    below = _striped()
    for appear in (0.1, 0.5, 0.9, 1.1):
        scene.appear = appear
        drawn = below.copy()
        scene.draw(drawn)
        expected = _as_on_a_clear_layer(scene, below, scale)
        worst = max(max(abs(a - b) for a, b in zip(drawn.get_at((x, y))[:3],
                                                    expected.get_at((x, y))[:3], strict=True))
                    for y in range(0, SIZE[1], 2) for x in range(0, SIZE[0], 2))
        # The panel's backing lets a little of the scene through; nothing more may differ.
        assert worst <= 40, (appear, worst)
