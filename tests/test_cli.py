"""The command line refuses bad input with status 2 before any window opens."""

import subprocess
import sys

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


def test_main_reports_a_bad_argument_without_a_traceback():
    result = subprocess.run([sys.executable, "main.py", "--size", "1x1"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "at least 640x480" in result.stderr
    assert "Traceback" not in result.stderr


def test_version_is_printed():
    result = subprocess.run([sys.executable, "main.py", "--version"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("Leaps ")
