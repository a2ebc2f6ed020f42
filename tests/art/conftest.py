"""Art tests draw off screen: pygame is initialised without opening a window."""

import pygame
import pytest


@pytest.fixture(autouse=True, scope="session")
def pygame_ready():
    pygame.init()
    yield


def opaque_pixels(surface: pygame.Surface) -> int:
    return pygame.mask.from_surface(surface, 127).count()


def pixels_near(surface: pygame.Surface, colour, tolerance: int = 40) -> int:
    """How many opaque pixels lie within `tolerance` of `colour` on every channel."""
    target = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    target.blit(surface, (0, 0))
    return pygame.mask.from_threshold(target, (*colour, 255),
                                      (tolerance, tolerance, tolerance, 128)).count()
