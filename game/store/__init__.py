"""The player's files: settings, statistics and saved games in the per-user data folder.

Every file is written atomically and checked strictly when read; a file that cannot be used is
set aside as `<name>.bad` and the loaders return sentences for the player saying so.
"""

from game.store.paths import DATA_DIR_VARIABLE, data_folder
from game.store.savegame import SavedGame, SaveSlots
from game.store.settings import Settings
from game.store.stats import GameStats, Record, ScoreEntry, Statistics

__all__ = [
    "DATA_DIR_VARIABLE",
    "GameStats",
    "Record",
    "SaveSlots",
    "SavedGame",
    "ScoreEntry",
    "Settings",
    "Statistics",
    "data_folder",
]
