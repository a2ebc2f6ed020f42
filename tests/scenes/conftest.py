"""Scene tests: a real App on the dummy video driver, fed constructed events."""

import pygame
import pytest

from game.app import LeapsApp, load_context


@pytest.fixture
def context():
    """The player's files (in the test's private data folder) and a silent audio."""
    return load_context(autosave=False)


@pytest.fixture
def app():
    app = LeapsApp((1280, 800))
    yield app
    app.close()


def settle(app) -> None:
    """Apply pending stack changes and finish every animation, then draw."""
    app.run_frame(0.0)
    app.settle()
    app.run_frame(0.0)


def show(app, scene) -> None:
    app.stack.push(scene)
    settle(app)


def feed(app, *events) -> None:
    app.run_frame(0.0, list(events))
    settle(app)


def click(app, pos, button: int = 1) -> None:
    """Move there, press and release, as a player's click arrives."""
    feed(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod)


def press(app, code: int, mod: int = 0) -> None:
    feed(app, key(code, mod))
