"""A game's end is one step: killed between counting the game and deleting its save, the game
is counted once and never comes back.

A real process plays a Leapfrog deal through the table until it is over, leaves the summary
(which counts the loss) and is killed with SIGKILL at the very moment its save would be
deleted, after the statistics were written. Started again, the table must drop that save and
deal afresh, with the game counted exactly once. A Leap Frog board game, a person (by mouse)
against the computer, is killed the same way as its last turn ends it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.app import load_context
from game.scenes.leap_frog.opening import open_leap_frog_table
from game.scenes.table.leapfrog import LeapfrogTable
from game.scenes.table.opening import open_card_table
from game.store import SaveSlots, Statistics

ROOT = Path(__file__).resolve().parents[2]
SEED = 7
PLAYER = f"""
import os, random, signal
from game.scenes.table import commands
from game.store.savegame import SaveSlots
from tests.resilience.helpers import start_app, tables_on

def killed(self, game_id):
    print("killed at the delete", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)

SaveSlots.delete = killed
app, context = start_app(["--game", "leapfrog", "--seed", "{SEED}"], autosave=True)
(table,) = tables_on(app)
picker = random.Random(1)
while not table.session.finished:
    table.play(picker.choice(table.session.legal_moves()))
    app.step(1 / 60)
print("over after", table.session.history.position, flush=True)
commands.leave(table)  # the summary's Menu: the loss counts, then its save would go
print("not killed", flush=True)
"""
# The computer answers with the quick greedy move; the person's turns are mouse gestures.
LEAP_FROG_PLAYER = f"""
import os, random, signal
from game.ai.leap_frog.players import greedy_move
from game.scenes.leap_frog.scene import LeapFrogBoardScene
from game.store.savegame import SaveSlots
from tests.resilience.helpers import legal_gesture, start_app, tables_on

def killed(self, game_id):
    print("killed at the delete", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)

SaveSlots.delete = killed
LeapFrogBoardScene.chooser = staticmethod(lambda state, strength, cancel, seed: greedy_move(state))
app, context = start_app(["--game", "leap_frog", "--seed", "{SEED}"], autosave=True)
(table,) = tables_on(app)
print("key", table.match.key, flush=True)
picker = random.Random(1)
while not table.match.finished:
    app.run_frame(1 / 20, legal_gesture(table, picker.choice) or ())
    if table.computer.thought is not None:
        table.computer.thought.join(10)
print("not killed", flush=True)
"""


def run_player(folder: Path, script: str = PLAYER) -> tuple[int, str]:
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                   "LEAPS_DATA_DIR": str(folder), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout + done.stderr[-2000:]


@pytest.mark.subprocess
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killed_between_counting_and_deleting_the_game_counts_once(private_data_folder):
    code, output = run_player(private_data_folder)
    assert code == -signal.SIGKILL, output
    assert "killed at the delete" in output
    # The window: the statistics hold the game, its save is still there.
    stats, messages = Statistics.load(private_data_folder)
    assert messages == [] and stats.get("leapfrog").played == 1
    saved, _ = SaveSlots(private_data_folder).load("leapfrog")
    assert saved is not None and saved.history.position > 0

    context = load_context(autosave=True)
    table = open_card_table(context, LeapfrogTable(context), None)
    assert table.session.history.position == 0, "the counted game came back"
    assert not table.session.finished
    assert not SaveSlots(private_data_folder).exists("leapfrog")
    assert Statistics.load(private_data_folder)[0].get("leapfrog").played == 1
    assert context.notices == []


@pytest.mark.subprocess
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_leap_frog_game_killed_as_it_ends_counts_once(private_data_folder):
    code, output = run_player(private_data_folder, LEAP_FROG_PLAYER)
    assert code == -signal.SIGKILL, output
    assert "killed at the delete" in output
    key = output.split("key ", 1)[1].split()[0]
    # The window: the statistics hold the game by its key, its save is still there.
    stats, messages = Statistics.load(private_data_folder)
    assert messages == []
    assert stats.get("leap_frog").played == 1 and stats.get("leap_frog").counted == (key,)
    saved, _ = SaveSlots(private_data_folder).load("leap_frog")
    assert saved is not None and saved.history.position > 0 and saved.extras["key"] == key

    context = load_context(autosave=True)
    table = open_leap_frog_table(context, None)
    assert table.match.history.position == 0, "the counted game came back"
    assert not table.match.finished and table.match.key != key
    assert not SaveSlots(private_data_folder).exists("leap_frog")
    assert Statistics.load(private_data_folder)[0].get("leap_frog").played == 1
    assert context.notices == []
