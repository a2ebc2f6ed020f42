"""Where Leaps keeps the player's files (settings, statistics, saved games).

By default this is the per-user data folder SDL chooses,
`pygame.system.get_pref_path("Leaps", "Leaps")`: for example `~/.local/share/Leaps/Leaps` on
Linux, `%APPDATA%\\Leaps\\Leaps` on Windows and `~/Library/Application Support/Leaps/Leaps`
on macOS.

Environment variable `LEAPS_DATA_DIR`: when set to a folder, that folder is used instead
(created if needed). Tests, portable installs and the packaged-build check use it so they never
touch the player's real files.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

DATA_DIR_VARIABLE = "LEAPS_DATA_DIR"
ORGANISATION = "Leaps"
APPLICATION = "Leaps"
SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"


def data_folder() -> Path:
    """The folder for the player's files, created if it does not exist yet."""
    override = os.environ.get(DATA_DIR_VARIABLE, "").strip()
    folder = Path(override).expanduser() if override else _pref_path()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def folder_problem(folder: Path) -> str | None:
    """Why the player's files cannot be kept in `folder` (e.g. "Permission denied"), or None.

    Every file in it is looked up by name, so a folder that can be listed but not searched (or
    the reverse) is as unusable as a missing one; the check asks for both and never creates
    anything, so a read-only folder still passes (its saves fail later, one message for all).
    """
    try:
        if not folder.is_dir():
            return "it is not a folder"
        with os.scandir(folder):
            pass
        os.stat(folder / SETTINGS_FILE)
    except FileNotFoundError:
        return None
    except OSError as error:
        return error.strerror or str(error)
    return None


def save_file(folder: Path, game_id: str) -> Path:
    """The file holding the game in progress of `game_id` (one per game)."""
    return folder / f"save-{game_id}.json"


def _pref_path() -> Path:
    # Imported here so that using the store never starts pygame; get_pref_path needs no display.
    import pygame
    import pygame.system

    try:
        return Path(pygame.system.get_pref_path(ORGANISATION, APPLICATION))
    except pygame.error as error:
        fallback = Path.home() / f".{APPLICATION.lower()}"
        log.warning("no per-user data folder from SDL (%s); using %s", error, fallback)
        return fallback
