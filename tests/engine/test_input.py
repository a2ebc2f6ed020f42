import pygame
import pytest

from game.engine.input import DEFAULT_KEYMAP, Action, KeyMap

from .conftest import key

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT


@pytest.mark.parametrize(
    ("code", "mod", "action"),
    [
        (pygame.K_z, CTRL, Action.UNDO),
        (pygame.K_z, pygame.KMOD_RCTRL | pygame.KMOD_NUM, Action.UNDO),
        (pygame.K_z, pygame.KMOD_LMETA, Action.UNDO),
        (pygame.K_y, CTRL, Action.REDO),
        (pygame.K_z, CTRL | SHIFT, Action.REDO),
        (pygame.K_h, 0, Action.HINT),
        (pygame.K_h, pygame.KMOD_CAPS, Action.HINT),
        (pygame.K_F2, 0, Action.NEW_GAME),
        (pygame.K_F11, 0, Action.FULLSCREEN),
        (pygame.K_ESCAPE, 0, Action.BACK),
        (pygame.K_F1, 0, Action.HELP),
        (pygame.K_RETURN, 0, Action.CONFIRM),
        (pygame.K_KP_ENTER, 0, Action.CONFIRM),
        (pygame.K_SPACE, 0, Action.SELECT),
        (pygame.K_LEFT, 0, Action.LEFT),
        (pygame.K_RIGHT, 0, Action.RIGHT),
        (pygame.K_UP, 0, Action.UP),
        (pygame.K_DOWN, 0, Action.DOWN),
    ],
)
def test_default_shortcuts(code, mod, action):
    assert DEFAULT_KEYMAP.action_for(key(code, mod)) is action


@pytest.mark.parametrize(
    ("code", "mod"),
    [(pygame.K_z, 0), (pygame.K_h, CTRL), (pygame.K_y, 0), (pygame.K_q, 0), (pygame.K_h, SHIFT)],
)
def test_other_keys_map_to_nothing(code, mod):
    assert DEFAULT_KEYMAP.action_for(key(code, mod)) is None


def test_only_key_presses_trigger_actions():
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_h, mod=0)
    assert DEFAULT_KEYMAP.action_for(up) is None
    assert DEFAULT_KEYMAP.action_for(pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0))) is None


def test_custom_bindings_and_labels():
    keymap = KeyMap()
    keymap.bind(Action.HINT, pygame.K_QUESTION)
    assert keymap.action_for(key(pygame.K_QUESTION)) is Action.HINT
    assert DEFAULT_KEYMAP.labels(Action.REDO) == ["Ctrl+Y", "Ctrl+Shift+Z"]
    assert DEFAULT_KEYMAP.labels(Action.NEW_GAME) == ["F2"]
