"""Every test runs headless and silent, with its user data in a temporary folder.

The suite runs on parallel workers (pytest.ini). Tests marked build, subprocess or slow are
handed out first, so that none of them is left running alone at the end; the packaged build
is one group, on one worker, so it is built once.
"""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

FIRST = ("build", "subprocess", "slow")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first (each kind in the order collected), then the rest as collected."""
    def rank(item: pytest.Item) -> int:
        return next((index for index, name in enumerate(FIRST)
                     if item.get_closest_marker(name)), len(FIRST))

    items.sort(key=rank)


@pytest.fixture(autouse=True)
def no_flush_to_disk(monkeypatch):
    """Saving flushes each file to the disk (os.fsync) so that a power cut cannot lose it.
    Test data lives in temporary folders, where that only costs time (milliseconds a save on
    a busy disk), so here the flush only checks its handle. Tests of a failing flush patch it
    themselves; the program run in a process of its own flushes for real."""
    def check_handle(handle) -> None:
        os.fstat(handle if isinstance(handle, int) else handle.fileno())

    monkeypatch.setattr(os, "fsync", check_handle)


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
