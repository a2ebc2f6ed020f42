"""The application: a window, a scene stack and the loop that runs them.

The loop updates in fixed steps (see :mod:`game.engine.timestep`), draws at
most once per frame and only when a visible scene asks for it, and while
nothing moves it sleeps in ``pygame.event.wait`` until an event comes or a
scene's ``wake_in`` is due (a table's clock turning to its next second), so
an idle window wakes only when something must change. Work finishing on
another thread calls ``wake_loop`` to be noticed at once. The software window
surface has no vsync, so the frame rate is capped with ``Clock.tick`` instead.

``run_frame(dt, events)`` and ``step(dt)`` drive the same machinery without
real time, for tests.
"""

from __future__ import annotations

import contextlib
import io
import logging
import math
import os
import stat
import sys
import tempfile
import warnings
from collections.abc import Iterable
from pathlib import Path

import pygame

from game.engine.input import DEFAULT_KEYMAP, Action, KeyMap
from game.engine.scene import Scene, SceneStack, Size
from game.engine.timestep import FixedStep
from game.engine.waiting import wait_for_events

log = logging.getLogger(__name__)


class ScreenshotError(OSError):
    """The screenshot could not be written (full disk, not a file): `str` says so in a line."""

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (640, 480)
FRAME_RATE = 60
# A wake-up asked for by a scene comes this much late rather than early, so
# the second it waits for has surely turned.
WAKE_MARGIN_MS = 2
# Posted by `wake_loop` from other threads: it only ends the idle wait.
WAKE_EVENT = pygame.event.custom_type()
# A screenshot waits for animations to settle, but never longer than this
# much simulated time (a scene with a perpetual animation never settles).
SETTLE_LIMIT_SECONDS = 30.0

_NO_DESKTOP_DRIVERS = ("dummy", "offscreen")  # headless: their "desktop" is a placeholder
_RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)
_REPAINT_EVENTS = (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED)


def wake_loop() -> None:
    """Wake an idle loop from any thread (a background search has its answer)."""
    with contextlib.suppress(pygame.error):  # the window may be closing meanwhile
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(WAKE_EVENT))


def _at_least(size: Size, minimum: Size) -> Size:
    return (max(size[0], minimum[0]), max(size[1], minimum[1]))


def desktop_size() -> Size | None:
    """The size of the largest desktop, or None where there is no real display to ask."""
    if pygame.display.get_driver() in _NO_DESKTOP_DRIVERS:
        return None
    sizes = [size for size in pygame.display.get_desktop_sizes() if size[0] and size[1]]
    return max(sizes, key=lambda size: size[0] * size[1]) if sizes else None


class App:
    """Owns the window and the scene stack, and runs the frame loop.

    ``max_frames`` ends the run after that many frames (smoke tests);
    ``screenshot`` renders once every animation has settled, saves a PNG
    there and ends the run. Either way the scenes get ``on_quit`` first.
    A window asked for larger than the desktop opens at the desktop's size
    (``shrunk_from`` then holds the size asked for).
    """

    def __init__(
        self,
        title: str = "Leaps",
        size: Size = DEFAULT_SIZE,
        *,
        fullscreen: bool = False,
        min_size: Size = MIN_SIZE,
        fps: int = FRAME_RATE,
        max_frames: int | None = None,
        screenshot: str | Path | None = None,
        icon: pygame.Surface | None = None,
        keymap: KeyMap = DEFAULT_KEYMAP,
    ) -> None:
        # Draw in real pixels on scaled Windows displays (SDL reads the hint from
        # the environment when video starts); other systems ignore it.
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        if sys.platform.startswith("linux") and os.environ.get("SDL_VIDEODRIVER", "x11") == "x11":
            # Present the software frame through X11 shared memory: SDL's default goes through
            # OpenGL, which costs milliseconds of CPU per frame where GL itself is software.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        pygame.font.init()
        self.min_size = min_size
        self.fps = fps
        self.max_frames = max_frames
        self.screenshot = None if screenshot is None else Path(screenshot)
        self.keymap = keymap
        pygame.display.set_caption(title)
        if icon is not None:
            pygame.display.set_icon(icon)
        self._windowed_size = _at_least(size, min_size)
        desktop = desktop_size()
        # A window larger than the screen cannot be seen whole and costs memory for nothing.
        self.shrunk_from: Size | None = None
        if desktop and _at_least(desktop, self._windowed_size) != desktop:
            self.shrunk_from = self._windowed_size
            self._windowed_size = _at_least((min(size[0], desktop[0]), min(size[1], desktop[1])),
                                            min_size)
        self.fullscreen = fullscreen
        self._open_window()
        self.stack = SceneStack(self.size)
        self.timestep = FixedStep()
        self._clock = pygame.time.Clock()
        self.running = False
        self.closed = False
        self.frame_count = 0
        self.draw_count = 0

    @property
    def surface(self) -> pygame.Surface:
        """The window's drawing surface (it follows the window's size)."""
        return pygame.display.get_surface()

    @property
    def size(self) -> Size:
        return self.surface.get_size()

    # Running ---------------------------------------------------------------------

    def run(self, scene: Scene | None = None) -> None:
        """Run until the window closes, the stack empties or a run option ends it."""
        if scene is not None:
            self.stack.push(scene)
        self.stack.apply_pending()
        self.running = True
        self._clock.tick()
        try:
            if self.screenshot is not None:
                self.run_frame(0.0, pygame.event.get())
                self.save_screenshot(self.screenshot)
                return
            while self.running:
                events, dt = self._next_frame()
                self.run_frame(dt, events)
                if self.max_frames is not None and self.frame_count >= self.max_frames:
                    break
        finally:
            self.close()

    def run_frame(self, dt: float, events: Iterable[pygame.event.Event] = ()) -> bool:
        """One frame: events, stack changes, fixed updates, then a draw if needed.

        Returns True if the frame was drawn.
        """
        for event in events:
            self.handle_event(event)
        self.stack.apply_pending()
        self.step(dt)
        self.stack.apply_pending()
        self.frame_count += 1
        if self.stack.quit_requested or self.stack.empty:
            self.running = False
            return False
        if not self.stack.needs_redraw():
            return False
        self.draw()
        return True

    def step(self, dt: float) -> int:
        """Feed ``dt`` seconds of frame time; run and return the due fixed updates."""
        steps = self.timestep.advance(dt)
        for _ in range(steps):
            self.stack.update(self.timestep.step)
        return steps

    def is_idle(self) -> bool:
        """Nothing animating, nothing pending and nothing to redraw."""
        return self.stack.is_idle() and not self.stack.needs_redraw()

    def settle(self, max_seconds: float = SETTLE_LIMIT_SECONDS) -> bool:
        """Step until every animation has finished (or the limit); True if settled."""
        for _ in range(int(max_seconds / self.timestep.step)):
            self.stack.apply_pending()
            if self.stack.is_idle():
                return True
            self.stack.update(self.timestep.step)
        self.stack.apply_pending()
        return self.stack.is_idle()

    def save_screenshot(self, path: str | Path) -> None:
        """Let the animations settle, draw, and save the frame as a PNG."""
        if not self.settle():
            log.warning("screenshot taken before the animations settled")
        self.stack.mark_dirty()
        self.draw()
        image = io.BytesIO()
        pygame.image.save(self.surface, image, "screenshot.png")
        _write_whole(Path(path), image.getvalue())

    def draw(self) -> None:
        """Draw the scenes; only the area that changed when the scenes can say which, so a
        clock's second costs a strip of the window, not all of it."""
        surface = self.surface
        area = self.stack.redraw_area()
        if area is None:
            self.stack.draw(surface)
            pygame.display.flip()
        else:
            surface.set_clip(area)
            try:
                self.stack.draw(surface)
            finally:
                surface.set_clip(None)
            pygame.display.update(area)
        self.draw_count += 1

    def close(self) -> None:
        """Let the scenes save, then close the window (once)."""
        self.running = False
        if self.closed:
            return
        self.closed = True
        self.stack.close()
        pygame.display.quit()

    # Events ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.stack.request_quit()
        elif event.type in _RESIZE_EVENTS:
            self.relayout()
        elif event.type in _REPAINT_EVENTS:
            self.stack.mark_dirty()
        elif event.type == WAKE_EVENT:
            pass  # its work is done: the wait it ended was the point
        elif self.keymap.action_for(event) is Action.FULLSCREEN:
            self.toggle_fullscreen()
        else:
            self.stack.handle_event(event)

    def relayout(self) -> None:
        """Keep the window at least the minimum size; tell the scenes if it changed."""
        size = self.size
        if not self.fullscreen:
            if _at_least(size, self.min_size) != size:
                size = _at_least(size, self.min_size)
                pygame.display.set_mode(size, pygame.RESIZABLE)
            self._windowed_size = size
        if size != self.stack.size:
            self.stack.resize(size)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self._open_window()
        self.stack.mark_dirty()  # the new window starts blank, resized or not
        self.relayout()

    def _open_window(self) -> None:
        """(Re)create the display in the current mode; the desktop size when fullscreen."""
        if self.fullscreen:
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            return
        # Leaving fullscreen, X11 without a window manager keeps the window at the screen's
        # size the first time (pygame warns that the system resized it); asking again holds.
        for _ in range(2):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
            if self.size == self._windowed_size:
                return

    def _next_frame(self) -> tuple[list[pygame.event.Event], float]:
        """Wait for the next frame: sleep for events when idle, else cap the rate."""
        if self.max_frames is None and self.is_idle():
            wake = self.stack.wake_in()
            events = wait_for_events(
                None if wake is None else math.ceil(wake * 1000) + WAKE_MARGIN_MS)
            # Time spent asleep had nothing to animate: do not simulate it.
            self._clock.tick()
            self.timestep.reset()
            return events, 0.0
        dt = self._clock.tick(self.fps) / 1000.0
        return pygame.event.get(), dt


def _write_whole(path: Path, data: bytes) -> None:
    """Write `data` at `path` whole or not at all (an older file stays): a temporary file in the
    same folder, flushed to the disk, renamed over it; ScreenshotError when the disk refuses.
    Only a regular file is ever replaced: never a device, a pipe or a link put in its place."""
    with contextlib.suppress(FileNotFoundError):
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise ScreenshotError(f"{path} is not a regular file")
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as error:
        raise ScreenshotError(f"{path} cannot be written ({error.strerror or error})") from None
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.remove(temp)
        raise ScreenshotError(f"{path} cannot be written ({error.strerror or error})") from None
