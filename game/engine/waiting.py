"""Sleeping until an event comes, without waking a thousand times a second.

`pygame.event.wait` waits by polling: it checks the queue and sleeps a millisecond, again and
again, which costs an idle window 1.5-2% of a core. SDL's own `SDL_WaitEventTimeout` blocks in
the system (on X11, on the display connection) and is woken by input, by SDL timers and by
`pygame.event.post` from any thread. Called with no event to fill, it takes nothing from the
queue, so pygame still reads every event as usual. The SDL library is the one pygame-ce itself
loaded; where it cannot be found, pygame's own wait is used instead.
"""

from __future__ import annotations

import ctypes
import functools
import logging
import sys
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

FOREVER = -1  # SDL's timeout for "until an event comes"


def wait_for_events(timeout_ms: int | None) -> list[pygame.event.Event]:
    """The events that came within `timeout_ms` milliseconds (None: however long it takes);
    an empty list if none did."""
    sdl = _sdl()
    if sdl is None:
        first = pygame.event.wait(0 if timeout_ms is None else max(1, timeout_ms))
        return [] if first.type == pygame.NOEVENT else [first, *pygame.event.get()]
    sdl.SDL_WaitEventTimeout(None, FOREVER if timeout_ms is None else max(1, timeout_ms))
    return pygame.event.get()


@functools.cache
def _sdl() -> ctypes.CDLL | None:
    for path in _candidates():
        try:
            library = ctypes.CDLL(str(path))
            wait = library.SDL_WaitEventTimeout
        except (OSError, AttributeError):
            continue
        wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
        wait.restype = ctypes.c_int
        return library
    log.info("SDL's own wait was not found; idle windows poll with pygame.event.wait")
    return None


def _candidates() -> list[Path]:
    """The SDL2 library pygame loaded: read from the process's map on Linux, else looked up
    beside pygame (Windows wheels and builds keep SDL2.dll there, macOS wheels in .dylibs)."""
    found: list[Path] = []
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
                found = [Path(line.split()[-1]) for line in maps
                         if "/libSDL2-2" in line or "/libSDL2." in line]
        except OSError:
            pass
    package = Path(pygame.__file__).parent
    found += [*package.glob("SDL2.dll"), *package.glob(".dylibs/libSDL2*.dylib")]
    return list(dict.fromkeys(found))
