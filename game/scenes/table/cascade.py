"""The win cascade: the cards leave their piles one at a time and bounce away across the
table, each leaving a trail of copies of itself, until they have all gone (or time is up).

The trail is the picture. It starts as a snapshot of the table at the win, and each card in
flight is stamped onto it at every step of its flight and never wiped, so a frame costs one
blit of the trail plus one blit per card in flight, however many cards have flown. When a
card takes off, the spot it leaves is painted again from the cloth and the cards still
lying there, so each pile shows the card under it.

The cascade is a scene of its own over the table, which it only looks at: the rules state,
the history and the card sprites stay as the win left them. When it ends (by itself, or at a
click or a key) it leaves the stack and calls `then`, which brings up the summary over the
table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.art import palette
from game.engine import motion
from game.engine.scene import Scene, Size
from game.engine.text import render_text
from game.scenes.table import painting

if TYPE_CHECKING:
    from game.scenes.table.protocol import CardTable

Place = tuple[Hashable, int]  # a card: its pile and its index in the pile

PHYSICS_STEP = 1.0 / 60.0  # the cards move (and are stamped) this often: the trail's spacing
GRAVITY = 3.0  # window heights per second per second
BOUNCE = 0.74  # the share of its speed a card keeps when it bounces off the bottom edge
ACROSS = (0.28, 0.5)  # horizontal speed, in window widths per second
UPWARD = (0.15, 0.85)  # speed upwards at take-off, in window heights per second
TOWARD_ROOM = 0.7  # chance a card sets off towards the wider side of the table
LAUNCH_SECONDS = 4.0  # cards take off during this long, evenly spaced...
GAP_RANGE = (0.14, 0.35)  # ...but never closer together or further apart than this
LINGER_SECONDS = 0.6  # the finished picture stays this long before the summary
LONGEST_SECONDS = 8.0  # the whole show never lasts longer
PROMPT = "Click or press a key to continue"


@dataclass
class _Flight:
    image: pygame.Surface
    x: float
    y: float
    vx: float
    vy: float


@dataclass(frozen=True)
class _Patch:
    """Repaint `rect` of the trail: the cloth, then `cards` (image, top-left) clipped to it."""

    rect: pygame.Rect
    cards: tuple[tuple[pygame.Surface, tuple[int, int]], ...]


def launch_order(pile_sizes: dict[Hashable, int]) -> list[Place]:
    """The cards in the order they take off: the top card of every pile in turn, then the
    cards under those, and so on (Kings first off full foundations)."""
    deepest = max(pile_sizes.values(), default=0)
    return [(key, size - 1 - depth) for depth in range(deepest)
            for key, size in pile_sizes.items() if depth < size]


def launch_gap(count: int) -> float:
    """Seconds between take-offs, so that `count` cards go within the launch time."""
    low, high = GAP_RANGE
    return max(low, min(high, LAUNCH_SECONDS / max(1, count)))


class WinCascade(Scene):
    """Plays the cascade over `table` (whose game has just been won), then calls `then`."""

    def __init__(self, table: CardTable, then: Callable[[], None], *,
                 seed: int | None = None) -> None:
        super().__init__()
        self.table = table
        self.then = then
        view = table.view
        self.order = launch_order({key: len(sprites) for key, sprites in view.piles.items()
                                   if sprites})
        self.gap = launch_gap(len(self.order))
        self.launched = 0
        self.flights: list[_Flight] = []
        self.elapsed = 0.0
        self.done = False
        self._rng = random.Random(seed)
        self._physics_time = 0.0
        self._quiet = 0.0  # seconds with nothing in flight and nothing left to launch
        self._cards = self._collect_cards()
        self.trail: pygame.Surface | None = None  # the picture
        self._cloth: pygame.Surface | None = None
        self._pending: list[_Patch | tuple[pygame.Surface, tuple[int, int]]] = []

    # Lifecycle ----------------------------------------------------------------------------

    def resize(self, size: Size) -> None:
        """Start the picture again at the new size (the table below has laid itself out
        again): the piles as the cards launched so far left them; cards in flight vanish."""
        changed = size != self.size
        super().resize(size)
        if not changed or size[0] <= 0 or size[1] <= 0:
            return
        self._cards = self._collect_cards()
        self.trail = self._cloth = None
        self.flights.clear()
        self._pending = [self._patch(place) for place in self.order[:self.launched]]

    def on_exit(self) -> None:
        self.trail = self._cloth = None
        self._pending.clear()

    def finish(self) -> None:
        """End the show (once): off the stack, and on to what comes next."""
        if self.done:
            return
        self.done = True
        if self.stack is not None:
            self.stack.pop()
        self.then()

    # Frame --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.done:
            return
        dt *= motion.time_scale()  # quicker at a faster animation speed
        self.elapsed += dt
        while self._launch_due():
            self._launch()
        self._physics_time += dt
        while self._physics_time >= PHYSICS_STEP:
            self._physics_time -= PHYSICS_STEP
            self._move(PHYSICS_STEP)
        if self.flights or self._launch_left():
            self._quiet = 0.0
        else:
            self._quiet += dt
        if self._quiet >= LINGER_SECONDS or self.elapsed >= LONGEST_SECONDS:
            self.finish()

    def is_idle(self) -> bool:
        return self.done

    def needs_redraw(self) -> bool:
        return not self.done

    def draw(self, surface: pygame.Surface) -> None:
        if self.trail is None or self.trail.get_size() != surface.get_size():
            self._start_picture(surface)
        trail, cloth = self.trail, self._cloth
        stage = self._stage()
        trail.set_clip(stage)
        for item in self._pending:
            if isinstance(item, _Patch):
                trail.set_clip(item.rect.clip(stage))
                trail.blit(cloth, item.rect, item.rect)
                for image, at in item.cards:
                    trail.blit(image, at)
                trail.set_clip(stage)
            else:
                trail.blit(*item)
        trail.set_clip(None)
        self._pending.clear()
        surface.blit(trail, (0, 0))
        self._draw_prompt(surface)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.finish()
            return True
        return False

    # Flights ------------------------------------------------------------------------------

    def _launch_left(self) -> bool:
        return self.launched < len(self.order) and self.launched * self.gap < LAUNCH_SECONDS

    def _launch_due(self) -> bool:
        return self._launch_left() and self.elapsed >= self.launched * self.gap

    def _launch(self) -> None:
        place = self.order[self.launched]
        self.launched += 1
        image, rect = self._cards[place]
        self._pending.append(self._patch(place))
        width, height = self.size
        room = 1 if rect.centerx < width / 2 else -1
        direction = room if self._rng.random() < TOWARD_ROOM else -room
        self.flights.append(_Flight(image, float(rect.x), float(rect.y),
                                    direction * self._rng.uniform(*ACROSS) * width,
                                    -self._rng.uniform(*UPWARD) * height))

    def _move(self, step: float) -> None:
        """Fall, bounce off the bottom edge, and leave a copy on the trail; a card that has
        left the table by a side is gone."""
        width, height = self.size
        gravity = GRAVITY * height
        still_flying = []
        for flight in self.flights:
            flight.vy += gravity * step
            flight.x += flight.vx * step
            flight.y += flight.vy * step
            floor = height - flight.image.get_height()
            if flight.y > floor:
                flight.y = floor - (flight.y - floor) * BOUNCE
                flight.vy = -flight.vy * BOUNCE
            if flight.x >= width or flight.x + flight.image.get_width() <= 0:
                continue
            still_flying.append(flight)
            self._pending.append((flight.image, (round(flight.x), round(flight.y))))
        self.flights = still_flying

    # The picture --------------------------------------------------------------------------

    def _collect_cards(self) -> dict[Place, tuple[pygame.Surface, pygame.Rect]]:
        """Every card of the table as it is drawn at rest: its image and where it lies."""
        view = self.table.view
        cards = {}
        for key, sprites in view.piles.items():
            for index, sprite in enumerate(sprites):
                at = view.rest_position(key, index)
                cards[(key, index)] = (sprite.image, sprite.image.get_rect(topleft=at))
        return cards

    def _patch(self, place: Place) -> _Patch:
        """How to repaint the spot `place` has left: the cards not launched yet that show
        there, bottom to top."""
        rect = self._cards[place][1]
        gone = set(self.order[:self.launched])
        staying = tuple((image, area.topleft) for spot, (image, area) in self._cards.items()
                        if spot not in gone and area.colliderect(rect))
        return _Patch(rect.copy(), staying)

    def _stage(self) -> pygame.Rect:
        """Where the cards fly: the table below its toolbar, which stays clean."""
        top = self.table.view.layout.toolbar.bottom
        return pygame.Rect(0, top, self.size[0], self.size[1] - top)

    def _start_picture(self, surface: pygame.Surface) -> None:
        """The trail begins as the table looks now; the cloth keeps the table without cards
        for repainting the spots the cards leave."""
        size = surface.get_size()
        self.trail = pygame.Surface(size, 0, surface)
        self.table.draw(self.trail)
        self._cloth = pygame.Surface(size, 0, surface)
        painting.paint_background(self.table, self._cloth)

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        size = max(14, round(self.size[1] * 0.022))
        ink = render_text(PROMPT, size, palette.TEXT)
        pill = ink.get_rect(midbottom=(self.size[0] // 2, self.size[1] - size))
        pill.inflate_ip(size * 1.4, size * 0.6)
        surface.blit(_pill(pill.size), pill)
        surface.blit(ink, ink.get_rect(center=pill.center))


@lru_cache(maxsize=2)
def _pill(size: tuple[int, int]) -> pygame.Surface:
    """A dark translucent rounded strip behind the prompt."""
    pill = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(pill, (14, 18, 26, 190), pill.get_rect(), border_radius=size[1] // 2)
    return pill
