"""The command line refuses bad input with status 2 before any window opens."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import MAX_FRAMES, parse_args


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


@pytest.mark.subprocess
@pytest.mark.parametrize("argv", [["--bogus"], ["--size", "1x1"], ["--frames", "x"],
                                  ["--seed", "5"]])
def test_a_command_line_error_is_one_line(argv):
    result = subprocess.run([sys.executable, "main.py", *argv], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1 and "--help" in result.stderr
    assert result.stderr.startswith("leaps: error: ")


def test_more_than_a_days_frames_are_refused(capsys):
    assert parse_args(["--frames", str(MAX_FRAMES)]).frames == MAX_FRAMES
    with pytest.raises(SystemExit) as stop:
        parse_args(["--frames", str(MAX_FRAMES + 1)])
    assert stop.value.code == 2 and "a day's worth" in capsys.readouterr().err


@pytest.mark.parametrize("text", ["1280X800", "1280×800", "１２８０x８００", " 1280x800 "])
def test_a_size_may_be_written_in_other_ways_the_help_names(text):
    assert parse_args(["--size", text]).size == (1280, 800)


@pytest.mark.subprocess
def test_a_screenshot_to_a_device_named_png_is_refused_first(tmp_path):
    device = tmp_path / "device.png"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # like /dev/null
    except (PermissionError, AttributeError):
        pytest.skip("cannot make a device here")
    result = subprocess.run([sys.executable, "main.py", "--screenshot", str(device)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert "not a regular file" in result.stderr
    assert stat.S_ISCHR(device.lstat().st_mode)


FULL_DISK = """
import errno, os, sys
def full(*args):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
os.fsync = full
sys.argv = ["main.py", "--screenshot", sys.argv[1]]
from main import main
sys.exit(main())
"""


@pytest.mark.subprocess
def test_a_screenshot_to_a_full_disk_exits_2_and_leaves_no_empty_file(tmp_path):
    shot = tmp_path / "shot.png"
    result = subprocess.run([sys.executable, "-c", FULL_DISK, str(shot)], capture_output=True,
                            text=True, timeout=120, env={**os.environ, "SDL_VIDEODRIVER": "dummy",
                                                         "LEAPS_DATA_DIR": str(tmp_path)})
    assert result.returncode == 2, result.stderr
    assert result.stderr.splitlines() == [
        f"leaps: error: --screenshot {shot} cannot be written (No space left on device)"]
    assert not shot.exists() and not list(tmp_path.glob(".shot.png.*"))


def test_a_deal_code_names_the_game_and_the_deal():
    args = parse_args(["--deal", "k1.n.1.0-777l"])
    assert (args.game, args.seed, dict(args.deal.options)["draw"]) == ("klondike", 777, 1)


@pytest.mark.parametrize("argv, words", [
    (["--deal", "K1.n.1.0-777"], "not a deal code"),
    (["--deal", "K1.n.1.0-777A"], "mistake"),
    (["--deal", "K1.n.1.0-777L", "--seed", "5"], "leave out --game and --seed"),
])
def test_a_bad_deal_code_is_refused_in_words(argv, words, capsys):
    with pytest.raises(SystemExit) as exit_info:
        parse_args(argv)
    assert exit_info.value.code == 2 and words in capsys.readouterr().err
