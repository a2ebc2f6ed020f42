"""Loading and saving one store file, with sentences for the player when something goes wrong.

Every file the store keeps follows the same path: a missing file means "use the defaults"
quietly; a file that cannot be read or used is set aside as `<name>.bad` (so nothing is lost
and the next save does not overwrite it) and the player is told in one plain sentence. Problems
with one file never touch another.

A write the disk refuses (full, read-only, no permission) is told once per folder: every move
saves, and a message a move would bury the game. Later writes to that folder are retried
quietly, and the first one that succeeds says so.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from game.store.atomic import DAMAGED, UnusableFile, read_json, set_aside, write_json

log = logging.getLogger(__name__)

T = TypeVar("T")

NEWER = "was written by a newer version of Leaps"
SAVING_AGAIN = "Saving works again: your games, settings and statistics are being kept."

# Folders whose last write failed, with the reason: while a folder is here, failures are quiet.
_refusing: dict[Path, str] = {}
# Files that must be neither replaced nor removed yet, each with what may free it (True when it
# did): a damaged file that could not be set aside, a save whose finished game the statistics
# have not counted yet.
_held: dict[Path, Callable[[], bool]] = {}


def foreign(what: str) -> str:
    """The problem phrase for a file that holds something else than it should."""
    return f"does not hold {what}"


def open_envelope(data: object, kind: str, version: int, what: str) -> dict:
    """Check the `kind` and `format` markers of a settings or statistics file; its contents."""
    if not isinstance(data, dict):
        raise UnusableFile(f"expected an object, found {type(data).__name__}")
    if data.get("kind") != kind:
        raise UnusableFile(f"kind is {data.get('kind')!r}, expected {kind!r}", foreign(what))
    check_format(data.get("format"), version)
    return data


def check_format(value: object, version: int) -> None:
    """A file's format number must be one this version reads; a newer one is refused by name."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise UnusableFile(f"format {value!r} is not a format number")
    if value > version:
        raise UnusableFile(f"format {value} is newer than {version}", NEWER)


def expect_number(value: object, what: str, low: float, high: float) -> float:
    """A finite number from `low` to `high` (whole numbers welcome), as a float."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{what}: expected a number, got {type(value).__name__}")
    # Compared before any conversion: a whole number too large for a float is out of range.
    if isinstance(value, float) and not math.isfinite(value) or not low <= value <= high:
        raise ValueError(f"{what}: the number is out of range")
    return float(value)


def hold(path: Path, release: Callable[[], bool]) -> None:
    """Keep the file at `path` from being replaced or removed until `release()` says it may
    be (it is asked again at every attempt)."""
    _held[path] = release


def is_free(path: Path) -> bool:
    """Whether the file at `path` may be replaced or removed now (see `hold`)."""
    release = _held.get(path)
    if release is None:
        return True
    if not release():
        log.info("%s is kept as it is for now", path)
        return False
    _held.pop(path, None)
    return True


def load_document(path: Path, subject: str, fallback: str,
                  parse: Callable[[object], T]) -> tuple[T | None, list[str]]:
    """Read and `parse` the file at `path`: (value, []) or, failing that, (None, messages).

    `parse` raises ValueError (or UnusableFile for a specific problem) for contents it refuses.
    `subject` starts the player's sentence ("Your statistics file") and `fallback` ends it
    ("starting fresh").
    """
    try:
        return parse(read_json(path)), []
    except FileNotFoundError:
        return None, []
    except OSError as error:  # set aside too: a later save must not replace what it holds
        problem = f"could not be read ({_reason(error)})"
        log.warning("cannot read %s: %s", path, error)
    except Exception as error:  # anything a user's file makes a check raise is damage
        problem = error.problem if isinstance(error, UnusableFile) else DAMAGED
        log.warning("%s is unusable: %r", path, error)
    try:
        bad = set_aside(path)
    except OSError as error:
        log.warning("cannot set %s aside: %s", path, error)
        keep_until_set_aside(path)
        return None, [f"{subject} {problem} and could not be set aside ({_reason(error)}); "
                      f"{fallback}. Leaps will not write over it."]
    return None, [f"{subject} {problem} and has been set aside as {bad.name}; {fallback}."]


def keep_until_set_aside(path: Path) -> None:
    """A file that should have been set aside but could not be: nothing may replace it until
    it has been (tried again at every save)."""
    hold(path, lambda: _set_aside_later(path))


def _set_aside_later(path: Path) -> bool:
    """Set aside a damaged file that could not be before: True once it is out of the way."""
    try:
        set_aside(path)
    except FileNotFoundError:
        return True
    except OSError as error:
        log.warning("still cannot set %s aside: %s", path, error)
        return False
    return True


def save_document(path: Path, data: object, subject: str) -> list[str]:
    """Write `data` atomically: [] when it is safely on disk, else a sentence for the player,
    only the first time in a row that the folder refuses (see the module's docstring)."""
    if not is_free(path):
        return []
    try:
        write_json(path, data)
    except OSError as error:
        return refused(path, error, f"{subject} could not be saved")
    except (ValueError, TypeError) as error:  # not JSON: a fault here, never worth a crash
        log.exception("%s holds what JSON cannot", path)
        return refused(path, OSError(f"not writable as JSON: {error}"),
                       f"{subject} could not be saved")
    return saved(path)


def refused(path: Path, error: OSError, what: str) -> list[str]:
    """A write to `path` failed with `error`: the player's sentence starting with `what`, or []
    when the folder's trouble has been told already."""
    log.warning("cannot write %s: %s", path, error)
    if path.parent in _refusing:
        return []
    _refusing[path.parent] = _reason(error)
    return [f"{what} ({_reason(error)}). You can keep playing; Leaps will keep trying to save "
            "without asking again."]


def saved(path: Path) -> list[str]:
    """A write to `path` worked: [] or, if the folder had been refusing, the news that it
    works again."""
    if _refusing.pop(path.parent, None) is None:
        return []
    log.info("writing to %s works again", path.parent)
    return [SAVING_AGAIN]


def expect_refusals(folder: Path, reason: str) -> None:
    """The folder is known to refuse writes (the player has been told): stay quiet about them."""
    _refusing[folder] = reason


def _reason(error: OSError) -> str:
    return error.strerror or str(error)
