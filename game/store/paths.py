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
