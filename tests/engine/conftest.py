"""Shared helpers for the engine tests: pygame modules and constructed events."""

import pygame
import pytest


@pytest.fixture(autouse=True)
def pygame_modules():
    """The display and font modules, as a running game has them (dummy driver).

    Started before every test because closing an App shuts the display down.
    """
    pygame.display.init()
    pygame.font.init()


def mouse(kind: int, pos, button: int = 1) -> pygame.event.Event:
    """A mouse event as SDL would deliver it (only the fields the engine reads)."""
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod)
