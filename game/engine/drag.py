"""Drag and drop, clicks and double-clicks, from mouse events alone.

The controller knows nothing of cards: the scene supplies callbacks that say
what can be picked up at a point, where it may legally go, and what happens
on a drop. It reads only ``event.pos`` and ``event.button`` so tests can feed
it constructed events, and takes time from an injectable clock so
double-clicks can be tested without waiting.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine.sprites import Point, Sprite

LEFT_BUTTON = 1
RIGHT_BUTTON = 3
DRAG_THRESHOLD = 4
DOUBLE_CLICK_MS = 400
DOUBLE_CLICK_DISTANCE = 6
DRAG_Z = 1_000_000


@dataclass
class Pickup:
    """What a press picked up: sprites that move together, and the scene's meaning.

    ``payload`` is for the scene (e.g. which pile and how many cards).
    """

    sprites: Sequence[Sprite]
    payload: Any = None


@dataclass(frozen=True)
class DropTarget:
    """A legal place to drop: its area on screen and the scene's meaning."""

    rect: pygame.Rect
    payload: Any = None


@dataclass
class _Press:
    pos: Point
    pickup: Pickup | None
    offsets: list[Point] = field(default_factory=list)
    dragging: bool = False


def _distance_sq(a: Point, b: Point) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


class DragController:
    """Turns mouse events into pick / drag / drop, clicks and double-clicks.

    Callbacks:
      pick(pos) -> Pickup | None           what a press at pos would drag
      targets(pickup) -> [DropTarget]      legal destinations (shown glowing)
      drop(pickup, target) -> bool         apply the move; False if refused
      snap_back(pickup)                    the drop missed or was refused
      on_click(pos), on_double_click(pos), on_right_click(pos)   optional

    The second click of a double-click is reported as a double-click instead
    of a click; a press that moves past the threshold is a drag, not a click.
    """

    def __init__(
        self,
        pick: Callable[[Point], Pickup | None],
        targets: Callable[[Pickup], Sequence[DropTarget]],
        drop: Callable[[Pickup, DropTarget], bool],
        snap_back: Callable[[Pickup], None],
        *,
        on_click: Callable[[Point], None] | None = None,
        on_double_click: Callable[[Point], None] | None = None,
        on_right_click: Callable[[Point], None] | None = None,
        threshold: int = DRAG_THRESHOLD,
        double_click_ms: int = DOUBLE_CLICK_MS,
        double_click_distance: int = DOUBLE_CLICK_DISTANCE,
        now_ms: Callable[[], int] = pygame.time.get_ticks,
    ) -> None:
        self._pick = pick
        self._targets = targets
        self._drop = drop
        self._snap_back = snap_back
        self.on_click = on_click
        self.on_double_click = on_double_click
        self.on_right_click = on_right_click
        self.threshold = threshold
        self.double_click_ms = double_click_ms
        self.double_click_distance = double_click_distance
        self._now_ms = now_ms
        self._press: _Press | None = None
        self._last_click: tuple[int, Point] | None = None
        self.targets: list[DropTarget] = []
        self.hovered: DropTarget | None = None

    @property
    def dragging(self) -> bool:
        return self._press is not None and self._press.dragging

    @property
    def pickup(self) -> Pickup | None:
        """What is being dragged, if anything."""
        return self._press.pickup if self.dragging else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True if the event was used."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == LEFT_BUTTON:
                return self._press_at(event.pos)
            if event.button == RIGHT_BUTTON and self.on_right_click is not None:
                self.on_right_click(event.pos)
                return True
        elif event.type == pygame.MOUSEMOTION:
            return self._move_to(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == LEFT_BUTTON:
            return self._release_at(event.pos)
        return False

    def cancel(self) -> None:
        """Abandon a drag in progress (focus lost, scene leaving): snap back."""
        press = self._press
        self._end_drag()
        if press is not None and press.dragging and press.pickup is not None:
            self._snap_back(press.pickup)

    # Steps -------------------------------------------------------------------------

    def _press_at(self, pos: Point) -> bool:
        self.cancel()
        pickup = self._pick(pos)
        press = _Press(pos, pickup)
        if pickup is not None:
            press.offsets = [(sprite.x - pos[0], sprite.y - pos[1]) for sprite in pickup.sprites]
        self._press = press
        return pickup is not None or self._wants_clicks()

    def _move_to(self, pos: Point) -> bool:
        press = self._press
        if press is None or press.pickup is None:
            return False
        if not press.dragging:
            if _distance_sq(pos, press.pos) < self.threshold**2:
                return False
            self._start_drag(press)
        for sprite, (dx, dy) in zip(press.pickup.sprites, press.offsets, strict=True):
            sprite.pos = (pos[0] + dx, pos[1] + dy)
        self.hovered = self._best_target(press.pickup, pos)
        return True

    def _release_at(self, pos: Point) -> bool:
        press = self._press
        if press is None:
            return False
        if press.pickup is not None:
            self._move_to(pos)
        if press.dragging and press.pickup is not None:
            target = self.hovered
            self._end_drag()
            if target is None or not self._drop(press.pickup, target):
                self._snap_back(press.pickup)
            return True
        self._end_drag()
        if _distance_sq(pos, press.pos) >= self.threshold**2:
            return False
        self._click(pos)
        return press.pickup is not None or self._wants_clicks()

    def _start_drag(self, press: _Press) -> None:
        """Lift the sprites above everything and light up the legal targets.

        The scene restores their layering when it lays them out after the
        drop or the snap back.
        """
        assert press.pickup is not None
        press.dragging = True
        self._last_click = None
        for index, sprite in enumerate(press.pickup.sprites):
            sprite.z = DRAG_Z + index
        self.targets = list(self._targets(press.pickup))

    def _end_drag(self) -> None:
        self._press = None
        self.targets = []
        self.hovered = None

    def _click(self, pos: Point) -> None:
        now = self._now_ms()
        last = self._last_click
        if (
            last is not None
            and now - last[0] <= self.double_click_ms
            and _distance_sq(pos, last[1]) <= self.double_click_distance**2
        ):
            self._last_click = None
            if self.on_double_click is not None:
                self.on_double_click(pos)
            return
        self._last_click = (now, pos)
        if self.on_click is not None:
            self.on_click(pos)

    def _wants_clicks(self) -> bool:
        return self.on_click is not None or self.on_double_click is not None

    def _best_target(self, pickup: Pickup, pos: Point) -> DropTarget | None:
        """The target the dragged sprites overlap most, else the one under the cursor."""
        if not self.targets:
            return None
        lead = pickup.sprites[0].rect if pickup.sprites else pygame.Rect(pos, (1, 1))
        best, best_area = None, 0
        for target in self.targets:
            overlap = lead.clip(target.rect)
            area = overlap.width * overlap.height
            if area > best_area:
                best, best_area = target, area
        if best is not None:
            return best
        return next((t for t in self.targets if t.rect.collidepoint(pos)), None)
