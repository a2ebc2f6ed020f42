"""Every test runs headless and silent, with its user data in a temporary folder."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path, monkeypatch):
    """No test reads or writes the player's real data folder."""
    folder = tmp_path / "userdata"
    folder.mkdir()
    monkeypatch.setenv("LEAPS_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def normal_motion():
    """Animations at their normal speed, whatever a test before chose."""
    from game.engine import motion

    motion.choose("normal")
    yield
    motion.choose("normal")
