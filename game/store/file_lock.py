"""One writer at a time: an operating-system lock on a file beside the one being changed.

Two Leaps windows on one data folder must not each write their own copy of a file that both
change (the statistics): each takes this lock, reads the file as it is on disk, changes it and
writes it before letting go. The lock is the system's (fcntl on Unix, msvcrt on Windows), so it
goes with the process that held it, however that process ends.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

WAIT_SECONDS = 5.0  # another window holds it for milliseconds; a stopped one must not hang us
PAUSE_SECONDS = 0.001
_FLAGS = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
          | getattr(os, "O_BINARY", 0))

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None
    import msvcrt


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the lock named by the file at `path` (created if needed) for the `with` block.

    OSError when the file cannot be opened or the lock is not free within WAIT_SECONDS."""
    handle = os.open(path, _FLAGS, 0o644)
    try:
        _acquire(handle)
        try:
            yield
        finally:
            _release(handle)
    finally:
        os.close(handle)


def _acquire(handle: int) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not _try_lock(handle):
        if time.monotonic() > deadline:
            raise OSError(errno.EAGAIN, "another Leaps window keeps the statistics busy")
        time.sleep(PAUSE_SECONDS)


def _try_lock(handle: int) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            os.lseek(handle, 0, os.SEEK_SET)
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
    except (BlockingIOError, PermissionError):
        return False
    except OSError as error:
        if error.errno in (errno.EACCES, errno.EAGAIN, errno.EDEADLK):
            return False
        raise
    return True


def _release(handle: int) -> None:
    if fcntl is not None:
        fcntl.flock(handle, fcntl.LOCK_UN)
    else:
        os.lseek(handle, 0, os.SEEK_SET)
        msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)
