"""Keyboard shortcuts mapped to named actions.

Scenes react to actions ("undo", "hint") rather than raw keys, so the
bindings live in one place and a help screen can list them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import pygame


class Action(StrEnum):
    UNDO = "undo"
    REDO = "redo"
    HINT = "hint"
    NEW_GAME = "new_game"
    FULLSCREEN = "fullscreen"
    BACK = "back"
    HELP = "help"
    CONFIRM = "confirm"
    SELECT = "select"
    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"


CTRL = "ctrl"
SHIFT = "shift"
ALT = "alt"


def modifiers_of(mod: int) -> frozenset[str]:
    """The modifiers that matter for shortcuts; Cmd counts as Ctrl on macOS."""
    held = set()
    if mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        held.add(CTRL)
    if mod & pygame.KMOD_SHIFT:
        held.add(SHIFT)
    if mod & pygame.KMOD_ALT:
        held.add(ALT)
    return frozenset(held)


@dataclass(frozen=True, slots=True)
class Binding:
    key: int
    modifiers: frozenset[str] = frozenset()

    def label(self) -> str:
        names = [name.capitalize() for name in (CTRL, ALT, SHIFT) if name in self.modifiers]
        key_name = pygame.key.name(self.key)
        names.append(key_name.upper() if len(key_name) == 1 else key_name.title())
        return "+".join(names)


class KeyMap:
    """Exact-match shortcuts: Ctrl+Shift+Z is redo even though Ctrl+Z is undo."""

    def __init__(self) -> None:
        self._actions: dict[Binding, Action] = {}

    def bind(self, action: Action, key: int, *modifiers: str) -> None:
        """Make ``key`` with exactly these modifiers trigger ``action``."""
        self._actions[Binding(key, frozenset(modifiers))] = action

    def action_for(self, event: pygame.event.Event) -> Action | None:
        """The action a KEYDOWN event triggers, or None."""
        if event.type != pygame.KEYDOWN:
            return None
        return self._actions.get(Binding(event.key, modifiers_of(getattr(event, "mod", 0))))

    def labels(self, action: Action) -> list[str]:
        """Human-readable shortcuts for ``action``, e.g. ["Ctrl+Z"]."""
        return [binding.label() for binding, bound in self._actions.items() if bound is action]


def default_keymap() -> KeyMap:
    """The standard shortcuts of every scene."""
    keymap = KeyMap()
    keymap.bind(Action.UNDO, pygame.K_z, CTRL)
    keymap.bind(Action.REDO, pygame.K_y, CTRL)
    keymap.bind(Action.REDO, pygame.K_z, CTRL, SHIFT)
    keymap.bind(Action.HINT, pygame.K_h)
    keymap.bind(Action.NEW_GAME, pygame.K_F2)
    keymap.bind(Action.FULLSCREEN, pygame.K_F11)
    keymap.bind(Action.BACK, pygame.K_ESCAPE)
    keymap.bind(Action.HELP, pygame.K_F1)
    keymap.bind(Action.CONFIRM, pygame.K_RETURN)
    keymap.bind(Action.CONFIRM, pygame.K_KP_ENTER)
    keymap.bind(Action.SELECT, pygame.K_SPACE)
    keymap.bind(Action.LEFT, pygame.K_LEFT)
    keymap.bind(Action.RIGHT, pygame.K_RIGHT)
    keymap.bind(Action.UP, pygame.K_UP)
    keymap.bind(Action.DOWN, pygame.K_DOWN)
    return keymap


DEFAULT_KEYMAP = default_keymap()
