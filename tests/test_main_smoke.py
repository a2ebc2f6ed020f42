"""`python main.py` starts, shows its first frames and exits cleanly, as a player would run it."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_main(*arguments: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "main.py", *arguments], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.subprocess
@pytest.mark.parametrize("arguments", [
    ("--frames", "30"),
    ("--game", "klondike", "--seed", "3", "--frames", "30", "--size", "1280x800"),
])
def test_main_runs_frames_and_exits_with_status_0(arguments):
    finished = run_main(*arguments)
    assert finished.returncode == 0, finished.stderr
    assert "Traceback" not in finished.stderr
    assert "pygame-ce" not in finished.stdout  # no support banner in the player's terminal
