"""The command line refuses bad input with status 2 before any window opens."""

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import parse_args


def test_defaults_open_the_menu():
    args = parse_args([])
    assert args.game is None and args.scene is None and args.frames is None


def test_game_seed_and_size_are_read():
    args = parse_args(["--game", "klondike", "--seed", "42", "--size", "1280x800"])
    assert (args.game, args.seed, args.size) == ("klondike", 42, (1280, 800))


@pytest.mark.parametrize("argv", [
    ["--game", "poker"],
    ["--seed", "5"],
    ["--game", "klondike", "--seed", "-1"],
    ["--game", "klondike", "--seed", "x"],
    ["--size", "10x10"],
    ["--size", "16384x16384"],
    ["--size", "7681x1000"],
    ["--size", "1000x4321"],
    ["--size", "99999999999999999999x480"],
    ["--size", "big"],
    ["--frames", "-3"],
    ["--screenshot", "out.jpg"],
    ["--scene", "table"],
    ["--bogus"],
])
def test_bad_arguments_exit_with_status_2(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    assert stop.value.code == 2
    assert "error" in capsys.readouterr().err


@pytest.mark.subprocess
def test_main_reports_a_bad_argument_without_a_traceback():
    result = subprocess.run([sys.executable, "main.py", "--size", "1x1"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "at least 640x480" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.subprocess
def test_version_is_printed():
    result = subprocess.run([sys.executable, "main.py", "--version"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("Leaps ")


def test_the_largest_window_is_8k():
    assert parse_args(["--size", "7680x4320"]).size == (7680, 4320)


@pytest.mark.subprocess
def test_an_absurd_size_is_refused_with_a_message_before_any_window():
    result = subprocess.run([sys.executable, "main.py", "--size", "16384x16384", "--frames", "1"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "at most 7680x4320" in result.stderr and "Traceback" not in result.stderr


def _screenshot_targets(tmp_path):
    folder = tmp_path / "shot.png"
    folder.mkdir()
    plain = tmp_path / "plain"
    plain.write_text("x")
    targets = {"missing folder": (tmp_path / "nowhere" / "x.png", "there is no folder"),
               "a folder": (folder, "that is a folder"),
               "inside a file": (plain / "x.png", "there is no folder")}
    if sys.platform.startswith("linux"):  # even root cannot create files in /proc
        targets["unwritable"] = (Path("/proc/leaps-shot.png"), "cannot be written")
    return targets


@pytest.mark.subprocess
@pytest.mark.parametrize("case", ["missing folder", "a folder", "inside a file", "unwritable"])
def test_a_screenshot_path_that_cannot_be_written_is_refused_first(case, tmp_path):
    targets = _screenshot_targets(tmp_path)
    if case not in targets:
        pytest.skip("no unwritable path known on this system")
    path, reason = targets[case]
    result = subprocess.run([sys.executable, "main.py", "--screenshot", str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert reason in result.stderr and "Traceback" not in result.stderr


def test_checking_a_screenshot_path_leaves_no_file_and_keeps_an_old_one(tmp_path):
    new, old = tmp_path / "new.png", tmp_path / "old.png"
    old.write_bytes(b"old picture")
    assert parse_args(["--screenshot", str(new)]).screenshot == str(new)
    assert parse_args(["--screenshot", str(old)]).screenshot == str(old)
    assert not new.exists() and old.read_bytes() == b"old picture"
