"""Peak memory of a session at each table: the resident set high-water mark of a child process.

A fresh interpreter (`python -m game.bench.memory GAME WxH SECONDS`) starts the way the game
does (the player's files from an empty temporary folder, the sound effects synthesised in the
background, the menu with the table over it, as `--game` opens it) in a 1920x1080 window, and
plays: a seeded random legal move every few frames through the table's own move path, new
deals when a game ends, every frame drawn, for a few seconds of frames. On the Leap Frog table,
on its largest board, computer players sit in every seat and play each other with the real
computer player. At the end the child reports its own peak resident set: the kernel's
high-water mark of its memory since it started (`VmHWM` on Linux; elsewhere `ru_maxrss`).
Asking the child rather than reading `ru_maxrss` from `os.wait4` matters: on Linux a child
inherits the high-water mark of the parent it was forked from, so a benchmark process that
has grown would be counted in every child.

The baseline, in the same run: a child that imports pygame and opens, fills and presents a
window of the same size. DESIGN.md's budget: under 150 MB.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from game.bench.report import Measurement
from game.registry import IDS

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1920, 1080)
BUDGET_MB = 150
SECONDS = {"memory": 8.0, "all": 3.0}  # of play at 60 frames a second, alone or within `all`
DT = 1.0 / 60.0
MOVE_EVERY = 12  # frames between the card tables' moves
SEED = 11
BARE = "bare"  # the child's name for the bare window
MARKER = "leaps-bench-peak-kb"


def peak_mb(case: str, seconds: float, folder: str) -> float:
    """Run the child for `case` (a game id, or the bare window) headless with its data in
    `folder`; the peak resident set it reports, in MB."""
    environment = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
                   "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy"),
                   "PYGAME_HIDE_SUPPORT_PROMPT": "1", "LEAPS_DATA_DIR": folder}
    command = [sys.executable, "-m", "game.bench.memory", case, f"{SIZE[0]}x{SIZE[1]}",
               str(seconds)]
    finished = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True,
                              text=True)
    for line in finished.stdout.splitlines():
        words = line.split()
        if finished.returncode == 0 and words and words[0] == MARKER:
            return int(words[1]) / 1024
    raise RuntimeError(f"{case} failed ({finished.returncode}): "
                       f"{finished.stderr.strip()[-800:]}")


def run(args: argparse.Namespace) -> Iterator[Measurement]:
    seconds = SECONDS.get(args.name, SECONDS["all"])
    size = f"{SIZE[0]}x{SIZE[1]}"
    with tempfile.TemporaryDirectory(prefix="leaps-bench-") as folder:
        bare = peak_mb(BARE, 0.0, folder)
        yield Measurement("memory", f"bare pygame window {size}", "peak_rss_mb", bare, "MB",
                          higher_is_better=False)
        for game_id in IDS:
            peak = peak_mb(game_id, seconds, folder)
            case = f"{game_id} {size}"
            yield Measurement("memory", case, "peak_rss_mb", peak, "MB", budget=BUDGET_MB,
                              higher_is_better=False)
            yield Measurement("memory", case, "peak_x_bare_window", peak / bare, "x",
                              higher_is_better=False)


# The child --------------------------------------------------------------------------------------


def play_session(game_id: str, size: tuple[int, int], seconds: float) -> None:
    """Open `game_id`'s table as `main.py --game` does and play for `seconds` of frames."""
    from game.app import first_scenes, load_context, start_making_sounds
    from game.cli import parse_args
    from game.engine.app import App
    from game.scenes.leap_frog.scene import LeapFrogBoardScene

    context = load_context(autosave=False)
    leap_frog = context.settings.leap_frog
    leap_frog.size = 18
    leap_frog.seats = ("computer",) * len(leap_frog.seats)
    app = App(size=size)
    sounds = start_making_sounds(context.audio)
    scenes = first_scenes(context, parse_args(["--game", game_id, "--seed", str(SEED)]))
    for scene in scenes:
        app.stack.push(scene)
    app.stack.apply_pending()
    table = scenes[-1]
    picker = random.Random(SEED)
    for frame in range(round(seconds / DT)):
        if isinstance(table, LeapFrogBoardScene):
            thought = table.computer.thought
            if thought is not None and not thought.ready:
                thought.join(1.0)
        elif frame % MOVE_EVERY == 0:
            play_a_move(app, table, picker)
        app.run_frame(DT)
    if sounds is not None:
        sounds.join()
    app.close()


def play_a_move(app, table, picker: random.Random) -> None:
    """A random legal move on a card table; a new deal (over the summary) once it has ended."""
    from game.scenes.table import commands

    if table.session.finished:
        while app.stack.top is not table:
            app.stack.pop()
            app.stack.apply_pending()
        commands.new_deal(table)
        return
    moves = table.session.legal_moves()
    if moves:
        table.play(moves[picker.randrange(len(moves))])


def bare_window(size: tuple[int, int]) -> None:
    import pygame

    pygame.display.init()
    pygame.display.set_mode(size, pygame.RESIZABLE).fill((0, 80, 40))
    pygame.display.flip()


def own_peak_kb() -> int:
    """This process's peak resident set in kB (Linux: since it started, not its parent)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    import resource  # Unix only, so asked for only here

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak


def main(argv: list[str]) -> int:
    case, size, seconds = argv
    width, height = (int(side) for side in size.split("x"))
    if case == BARE:
        bare_window((width, height))
    else:
        play_session(case, (width, height), float(seconds))
    print(MARKER, own_peak_kb(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
