"""JSON files that are either the old version or the new one, never half of each.

A write goes to a temporary file in the same folder, is flushed to the disk and then renamed
over the target in one step, so a crash, a power cut or SIGKILL at any moment leaves a file that
still loads. Reading is strict: a size cap, UTF-8, plain JSON only (no NaN or Infinity, no
repeated keys). Nothing here ever unpickles or evaluates a user file.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import logging
import os
import stat
import tempfile
import time
from pathlib import Path

log = logging.getLogger(__name__)

MAX_BYTES = 16 * 1024 * 1024
TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60.0  # a write takes milliseconds: an older temporary file was abandoned
REPLACE_ATTEMPTS = 3  # Windows refuses the rename while another program has the target open
REPLACE_PAUSE_SECONDS = 0.05
_NO_WAIT = getattr(os, "O_NONBLOCK", 0)  # POSIX only; Windows has no FIFOs to wait on
_BINARY = getattr(os, "O_BINARY", 0)  # Windows only

DAMAGED = "was damaged"
NOT_A_FILE = "is not a file"


class UnusableFile(ValueError):
    """A file that exists but cannot be used.

    `str(error)` is the technical detail for the log; `problem` finishes the player's sentence
    "Your statistics file ..." (e.g. "was damaged").
    """

    def __init__(self, detail: str, problem: str = DAMAGED) -> None:
        super().__init__(detail)
        self.problem = problem


def write_json(path: Path, data: object) -> None:
    """Replace the file at `path` with `data` as JSON, atomically and durably.

    Raises ValueError/TypeError for data that is not plain JSON (before touching the disk) and
    OSError when the disk refuses; either way the previous file is left as it was.
    """
    text = json.dumps(data, ensure_ascii=False, allow_nan=False, indent=1, sort_keys=True) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale_temp_files(path)
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX,
                                         dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as temp:
            temp.write(text.encode("utf-8"))
            temp.flush()
            os.fsync(temp.fileno())
        _replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(temp_name)
        raise
    sync_folder(path.parent)


def read_json(path: Path) -> object:
    """The JSON value stored at `path`.

    FileNotFoundError when there is no file, other OSError when it cannot be read, and
    UnusableFile when it is not a regular file (a folder, a FIFO, a device) or its contents are
    not strict JSON. Opening never waits: a FIFO put in a file's place would otherwise block
    until something writes to it.
    """
    handle = os.open(path, os.O_RDONLY | _NO_WAIT | _BINARY)
    try:
        kind = os.fstat(handle).st_mode
    except BaseException:
        os.close(handle)
        raise
    if not stat.S_ISREG(kind):
        os.close(handle)
        raise UnusableFile(f"not a regular file (mode {kind:o})", NOT_A_FILE)
    with open(handle, "rb") as file:
        raw = file.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise UnusableFile(f"larger than {MAX_BYTES} bytes")
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark left by a text editor is harmless
    except UnicodeDecodeError as error:
        raise UnusableFile(f"not UTF-8 text: {error}") from None
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise UnusableFile("nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, and integers too long to convert
        raise UnusableFile(f"not valid JSON: {error}") from None


def set_aside(path: Path) -> Path:
    """Rename a file that cannot be used to `<name>.bad` and return the new path.

    An earlier `.bad` file is kept: the next free `<name>.2.bad`, `<name>.3.bad`, ... is used.
    """
    for number in itertools.count(1):
        suffix = ".bad" if number == 1 else f".{number}.bad"
        target = path.with_name(path.name + suffix)
        if target.exists():
            continue
        try:
            os.rename(path, target)  # on Windows this refuses to replace, never overwrites
        except FileExistsError:
            continue
        sync_folder(path.parent)
        log.warning("set %s aside as %s", path, target.name)
        return target


def remove(path: Path) -> None:
    """Delete the file at `path` durably; a file that is already gone is fine."""
    try:
        os.remove(path)
    except FileNotFoundError:
        return
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX only; Windows cannot open folders this way)."""
    if os.name != "posix":
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass  # some file systems do not sync folders; the rename itself has still happened
    finally:
        os.close(handle)


def temp_files_of(path: Path) -> list[Path]:
    """The temporary files a write of `path` may have left behind if it was killed."""
    return sorted(path.parent.glob(f".{path.name}.*{TEMP_SUFFIX}"))


def _replace(source: str, target: Path) -> None:
    for attempt in range(1, REPLACE_ATTEMPTS + 1):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if attempt == REPLACE_ATTEMPTS:
                raise
            time.sleep(REPLACE_PAUSE_SECONDS)


def _remove_stale_temp_files(path: Path) -> None:
    cutoff = time.time() - STALE_TEMP_SECONDS
    for temp in temp_files_of(path):
        with contextlib.suppress(OSError):
            if temp.stat().st_mtime < cutoff:
                temp.unlink()
                log.info("removed %s, left by an interrupted write", temp.name)


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def _unique_keys(pairs: list[tuple[str, object]]) -> dict:
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise ValueError(f"key {key!r} appears twice")
        seen.add(key)
    return dict(pairs)
