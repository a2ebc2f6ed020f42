"""Start to the first interactive frame: `python main.py --frames 1`, against a bare window.

Each run launches a fresh interpreter and times from just before the launch to the moment the
first frame has been presented. The child runs `main.py` unchanged under a few lines that wrap
`pygame.display.flip` to print the time (and the child's CPU time so far) right after the
first flip returns; the wrapper imports pygame a moment earlier than `main.py` would, which
moves that cost without adding to it. Everything the player waits for is inside: starting
Python, imports, reading the player's files (from an empty temporary data folder), opening the
window and drawing the first scene; the exit after it is not. A `--frames` run makes no sound
effects: a real start synthesises them on a background thread while the window opens.

The baseline, measured in the same runs: a child that imports pygame, opens a window of the
same size, fills it and flips once, timed the same way. The ratio says how much of the wait
is the game's own doing on this machine.

Python's bytecode cache is what an installed game starts with, so the children may write it
(into a private temporary folder, `PYTHONPYCACHEPREFIX`, never beside the sources) and one
untimed round goes first to fill it; without it every start would compile the whole game
again. Runs then alternate between the cases and the medians are reported.

Every scene's own first frame is measured too, at 1920x1080 and at 3840x2160: the child's CPU
time from the moment its window has opened to the first presented frame (building the scene,
laying it out, painting its art for that size, drawing). Budget: 100 ms at either size, so a
4K screen opens as briskly as a small one.

The budget (DESIGN.md: 0.5 s) is held against the child's CPU time up to its first frame.
The player waits for wall time, and it is reported beside it; but on a shared machine the
wall time also counts every other process's turn on the CPUs (a busy machine can triple even
a bare `python -c pass`), while the CPU time is the work the start takes, which is what the
wall time comes to on an idle machine once the files are in the disk cache.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from game.bench.report import Measurement
from game.registry import IDS

ROOT = Path(__file__).resolve().parents[2]
MARKER = "leaps-bench-first-frame"
SIZE = "1280x800"
BUDGET_SECONDS = 0.5
RUNS = {"startup": 5, "all": 3}  # runs of each case, alone or within `all`
TIMEOUT = 60

# Prints the wall and CPU time once the first frame has been presented, and the CPU time when
# the window had opened.
_FIRST_FLIP = f"""
import time, pygame
_opened = []
_set_mode = pygame.display.set_mode
def _first_set_mode(*args, **kwargs):
    window = _set_mode(*args, **kwargs)
    _opened.append(time.process_time())
    pygame.display.set_mode = _set_mode
    return window
pygame.display.set_mode = _first_set_mode
_flip = pygame.display.flip
def _first_flip(*args):
    _flip(*args)
    pygame.display.flip = _flip
    print("{MARKER}", repr(time.time()), repr(time.process_time()), repr(_opened[0]), flush=True)
pygame.display.flip = _first_flip
"""

GAME = _FIRST_FLIP + """
import runpy, sys
sys.argv = ["main.py", "--frames", "1", *sys.argv[1:]]
runpy.run_path("main.py", run_name="__main__")
"""

BARE_WINDOW = _FIRST_FLIP + """
import sys
pygame.display.init()
window = pygame.display.set_mode(tuple(map(int, sys.argv[2].split("x"))), pygame.RESIZABLE)
window.fill((0, 80, 40))
pygame.display.flip()
"""

BARE = "bare pygame window"
SCENES = {"menu": (), "options": ("--scene", "options"), "stats": ("--scene", "stats"),
          "help": ("--scene", "help"),
          **{f"{game} table": ("--game", game, "--seed", "1") for game in IDS}}
START_CASES = ("menu", "leap_year table")  # the start budget, at SIZE
FRAME_SIZES = ("1920x1080", "3840x2160")
FRAME_BUDGET_SECONDS = 0.1


def cases(name: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Case name -> (child code, its arguments), each with its window size."""
    found = {BARE: (BARE_WINDOW, ("--size", SIZE))}
    found.update({case: (GAME, (*SCENES[case], "--size", SIZE)) for case in START_CASES})
    for size in FRAME_SIZES:
        found[f"{BARE} {size}"] = (BARE_WINDOW, ("--size", size))
        found.update({f"{case} {size}": (GAME, (*arguments, "--size", size))
                      for case, arguments in SCENES.items()})
    return found


def child_environment(folder: Path) -> dict[str, str]:
    """Headless, with an empty data folder and a bytecode cache of its own under `folder`."""
    environment = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
                   "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy"),
                   "PYGAME_HIDE_SUPPORT_PROMPT": "1", "LEAPS_DATA_DIR": str(folder / "data"),
                   "PYTHONPYCACHEPREFIX": str(folder / "bytecode")}
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    return environment


def first_frame(code: str, arguments: tuple[str, ...], environment: dict[str, str]
                ) -> tuple[float, float, float]:
    """(wall seconds from launch to the first presented frame, child CPU seconds by then, child
    CPU seconds from its window opening to that frame)."""
    launched = time.time()
    finished = subprocess.run([sys.executable, "-c", code, *arguments], cwd=ROOT,
                              env=environment, capture_output=True, text=True, timeout=TIMEOUT)
    for line in finished.stdout.splitlines():
        words = line.split()
        if words and words[0] == MARKER:
            return float(words[1]) - launched, float(words[2]), float(words[2]) - float(words[3])
    raise RuntimeError(f"no frame was presented (exit {finished.returncode}): "
                       f"{finished.stderr.strip()[-500:]}")


def run(args: argparse.Namespace) -> Iterator[Measurement]:
    runs = RUNS.get(args.name, RUNS["all"])
    chosen = cases(args.name)
    walls: dict[str, list[float]] = {case: [] for case in chosen}
    cpus: dict[str, list[float]] = {case: [] for case in chosen}
    frames: dict[str, list[float]] = {case: [] for case in chosen}
    with tempfile.TemporaryDirectory(prefix="leaps-bench-") as folder:
        environment = child_environment(Path(folder))
        for code, arguments in chosen.values():  # fills the bytecode cache
            first_frame(code, arguments, environment)
        for _ in range(runs):
            for case, (code, arguments) in chosen.items():
                wall, cpu, frame = first_frame(code, arguments, environment)
                walls[case].append(wall)
                cpus[case].append(cpu)
                frames[case].append(frame)
    median = {case: (statistics.median(walls[case]), statistics.median(cpus[case]),
                     statistics.median(frames[case])) for case in chosen}
    bare_wall, bare_cpu, _ = median[BARE]
    for case in (BARE, *START_CASES):
        wall, cpu, _ = median[case]
        is_game = case != BARE
        yield Measurement("startup", case, "first_frame_cpu_s", cpu, "s",
                          budget=BUDGET_SECONDS if is_game else None, higher_is_better=False)
        yield Measurement("startup", case, "first_frame_wall_s", wall, "s",
                          higher_is_better=False)
        if is_game:
            yield Measurement("startup", case, "wall_x_bare_window", wall / bare_wall, "x",
                              higher_is_better=False)
            yield Measurement("startup", case, "cpu_x_bare_window", cpu / bare_cpu, "x",
                              higher_is_better=False)
    for size in FRAME_SIZES:
        for case in (BARE, *SCENES):
            frame = median[f"{case} {size}"][2]
            yield Measurement("startup", f"{case} {size}", "window_to_first_frame_cpu_ms",
                              frame * 1000.0, "ms", higher_is_better=False,
                              budget=None if case == BARE else FRAME_BUDGET_SECONDS * 1000.0)
