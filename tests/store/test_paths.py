from pathlib import Path

import pygame.system

from game.store import paths
from game.store.paths import DATA_DIR_VARIABLE, data_folder, save_file
from game.store.settings import Settings


def test_environment_variable_chooses_the_folder(tmp_path, monkeypatch):
    target = tmp_path / "portable" / "leaps"
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(target))
    assert data_folder() == target
    assert target.is_dir()
    settings, _ = Settings.load(data_folder())
    assert settings.save() == []
    assert (target / "settings.json").is_file()


def test_default_is_the_sdl_pref_path(tmp_path, monkeypatch):
    monkeypatch.delenv(DATA_DIR_VARIABLE, raising=False)
    asked = []

    def pref_path(organisation, application):
        asked.append((organisation, application))
        return str(tmp_path / "pref") + "/"

    monkeypatch.setattr(pygame.system, "get_pref_path", pref_path)
    assert data_folder() == tmp_path / "pref"
    assert asked == [("Leaps", "Leaps")]
    assert (tmp_path / "pref").is_dir()


def test_blank_variable_means_the_default(tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_DIR_VARIABLE, "   ")
    monkeypatch.setattr(pygame.system, "get_pref_path", lambda *names: str(tmp_path / "sdl"))
    assert data_folder() == tmp_path / "sdl"


def test_sdl_failure_falls_back_to_the_home_folder(tmp_path, monkeypatch):
    monkeypatch.delenv(DATA_DIR_VARIABLE, raising=False)
    monkeypatch.setattr(Path, "home", lambda: tmp_path)

    def broken(*names):
        raise pygame.error("no pref path")

    monkeypatch.setattr(pygame.system, "get_pref_path", broken)
    assert data_folder() == tmp_path / ".leaps"


def test_save_file_names(tmp_path):
    assert save_file(tmp_path, "klondike") == tmp_path / "save-klondike.json"
    assert paths.STATS_FILE == "stats.json" and paths.SETTINGS_FILE == "settings.json"
