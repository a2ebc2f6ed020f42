"""Scenes and the stack that runs them.

A scene is one screen (menu, table, dialog). The stack holds them bottom to
top; the top one has the input focus. Scenes never change the stack in the
middle of a frame: push/pop/replace/clear are requests, applied by the loop
between frames, so a scene popped while handling an event still finishes
that frame in a consistent state.

Redrawing is demand-driven: a scene is redrawn only when it says it needs
it (``dirty``, a running tween, a handled event, a resize), which lets an
idle table cost nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.input import DEFAULT_KEYMAP, Action, KeyMap
from game.engine.tween import TweenManager

Size = tuple[int, int]


class Scene:
    """One screen. Subclasses override the hooks they need.

    ``is_overlay`` scenes (dialogs, summaries) draw over the scene below
    instead of hiding it; ``blocks_input`` overlays (the default) are modal,
    others let events they do not consume reach the scene below.
    """

    is_overlay: bool = False
    blocks_input: bool = True
    keymap: KeyMap = DEFAULT_KEYMAP

    def __init__(self) -> None:
        self.stack: SceneStack | None = None
        self.size: Size = (0, 0)
        self.tweens = TweenManager()
        self.dirty = True

    # Lifecycle ---------------------------------------------------------------

    def on_enter(self) -> None:
        """Pushed onto the stack (after ``resize``)."""

    def on_exit(self) -> None:
        """Removed from the stack."""

    def on_pause(self) -> None:
        """Another scene was pushed on top."""

    def on_resume(self) -> None:
        """The scene above was popped; this one is on top again."""

    def on_quit(self) -> None:
        """The application is closing: the last chance to save."""

    # Frame -------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was used. Keys arrive as actions."""
        action = self.keymap.action_for(event)
        return action is not None and self.handle_action(action)

    def handle_action(self, action: Action) -> bool:
        """Return True when the action was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by one fixed step; subclasses extend and call super()."""
        if self.tweens.active:
            self.tweens.update(dt)
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole scene (overlays paint only themselves)."""

    def resize(self, size: Size) -> None:
        """The window changed size: lay out again. Subclasses call super()."""
        self.size = size
        self.dirty = True

    # Demand-driven drawing ---------------------------------------------------

    def needs_redraw(self) -> bool:
        return self.dirty or self.tweens.active

    def is_idle(self) -> bool:
        """No animation running and nothing waiting to happen by itself."""
        return not self.tweens.active

    def redraw_area(self) -> pygame.Rect | None:
        """Asked when the scene needs a redraw: the part of the window that changed, or None
        for all of it (a table whose clock alone turned redraws only its toolbar)."""
        return None

    def wake_in(self) -> float | None:
        """While idle: seconds until the scene must be looked at again although no event
        came (a clock's next second), or None to sleep until an event."""
        return None

    def mark_dirty(self) -> None:
        self.dirty = True


class SceneStack:
    """Scenes bottom to top, with changes deferred to between frames."""

    def __init__(self, size: Size = (0, 0)) -> None:
        self.size = size
        self._scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self._dirty = True
        self.quit_requested = False

    # Requests ------------------------------------------------------------------

    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        self._pending.append(self._pop)

    def replace(self, scene: Scene) -> None:
        self._pending.append(lambda: self._replace(scene))

    def clear(self) -> None:
        self._pending.append(self._clear)

    def request_quit(self) -> None:
        """Ask the application to close (it calls ``close`` once the frame ends)."""
        self.quit_requested = True

    @property
    def has_pending(self) -> bool:
        return bool(self._pending)

    def apply_pending(self) -> bool:
        """Apply the requested changes in order; True if there were any."""
        if not self._pending:
            return False
        while self._pending:
            self._pending.pop(0)()
        self._dirty = True
        return True

    def close(self) -> None:
        """Give every scene, top first, a chance to save, then exit them all."""
        self._pending.clear()
        for scene in reversed(self._scenes):
            scene.on_quit()
        self._clear()

    # Queries -------------------------------------------------------------------

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def empty(self) -> bool:
        return not self._scenes

    def visible(self) -> list[Scene]:
        """Scenes that show, bottom first: the top opaque one and overlays above."""
        base = len(self._scenes) - 1
        while base > 0 and self._scenes[base].is_overlay:
            base -= 1
        return self._scenes[max(base, 0) :]

    def needs_redraw(self) -> bool:
        return self._dirty or any(scene.needs_redraw() for scene in self.visible())

    def is_idle(self) -> bool:
        return not self._pending and all(scene.is_idle() for scene in self.visible())

    def redraw_area(self) -> pygame.Rect | None:
        """The part of the window the next draw must cover: the union of what the scenes that
        need a redraw changed, or None for the whole window."""
        if self._dirty:
            return None
        areas = []
        for scene in self.visible():
            if scene.needs_redraw():
                area = scene.redraw_area()
                if area is None:
                    return None
                areas.append(area)
        return areas[0].unionall(areas[1:]) if areas else None

    def wake_in(self) -> float | None:
        """The soonest `wake_in` of the visible scenes (None: none needs waking)."""
        times = [wake for scene in self.visible() if (wake := scene.wake_in()) is not None]
        return min(times, default=None)

    def mark_dirty(self) -> None:
        self._dirty = True

    # Frame ---------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Offer the event from the top down until a scene uses it."""
        for scene in reversed(self._scenes):
            if scene.handle_event(event):
                scene.dirty = True
                return True
            if not scene.is_overlay or scene.blocks_input:
                return False
        return False

    def update(self, dt: float) -> None:
        for scene in self.visible():
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
            scene.dirty = False
        self._dirty = False

    def resize(self, size: Size) -> None:
        self.size = size
        for scene in self._scenes:
            scene.resize(size)
        self._dirty = True

    # Applying changes ------------------------------------------------------------

    def _push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].on_pause()
        self._enter(scene)

    def _pop(self) -> None:
        if not self._scenes:
            return
        self._exit(self._scenes.pop())
        if self._scenes:
            self._scenes[-1].on_resume()
            self._scenes[-1].dirty = True

    def _replace(self, scene: Scene) -> None:
        if self._scenes:
            self._exit(self._scenes.pop())
        self._enter(scene)

    def _clear(self) -> None:
        while self._scenes:
            self._exit(self._scenes.pop())

    def _enter(self, scene: Scene) -> None:
        scene.stack = self
        self._scenes.append(scene)
        scene.resize(self.size)
        scene.on_enter()

    def _exit(self, scene: Scene) -> None:
        scene.on_exit()
        scene.stack = None
