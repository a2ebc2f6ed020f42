"""The crash log goes to the player's own data folder, or else to a fresh private file: never
through a link, never into a file someone else prepared."""

from __future__ import annotations

import os
import stat
import tempfile

import pytest

from game import app as app_module

pytestmark = pytest.mark.skipif(os.name != "posix", reason="links and modes as POSIX has them")


@pytest.fixture
def temp_folder(tmp_path, monkeypatch):
    folder = tmp_path / "temp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def test_the_log_is_appended_in_the_data_folder(private_data_folder, temp_folder):
    first = app_module._write_crash_log("first trace")
    second = app_module._write_crash_log("second trace")
    assert first == second == private_data_folder / app_module.CRASH_LOG
    text = first.read_text()
    assert "first trace" in text and "second trace" in text
    assert list(temp_folder.iterdir()) == []


@pytest.mark.parametrize("planted", ["link", "fifo"])
def test_a_planted_crash_log_is_not_followed(planted, private_data_folder, temp_folder,
                                             tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    if planted == "link":
        (private_data_folder / app_module.CRASH_LOG).symlink_to(victim)
    else:
        os.mkfifo(private_data_folder / app_module.CRASH_LOG)
    path = app_module._write_crash_log("the trace")
    assert victim.read_text() == "precious"
    assert path is not None and path.parent == temp_folder and "the trace" in path.read_text()


def test_without_a_data_folder_a_fresh_private_file_is_used(monkeypatch, tmp_path, temp_folder):
    not_a_folder = tmp_path / "plain-file"
    not_a_folder.write_text("x")
    monkeypatch.setenv("LEAPS_DATA_DIR", str(not_a_folder))
    fixed = temp_folder / app_module.CRASH_LOG
    fixed.symlink_to(tmp_path / "elsewhere.txt")
    paths = {app_module._write_crash_log("trace one"), app_module._write_crash_log("trace two")}
    assert len(paths) == 2, "each crash gets a file of its own"
    for path in paths:
        assert path.parent == temp_folder and path != fixed
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert not (tmp_path / "elsewhere.txt").exists()
