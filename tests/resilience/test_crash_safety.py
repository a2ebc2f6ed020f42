"""The game killed with SIGKILL while it plays and saves loses nothing and damages nothing.

A real process (`tests.resilience.autoplayer`) plays Klondike through the table, which saves
after every move; it is killed at seeded random moments (after one to three actions, then up
to 0.4 s more) and started again, KILLS times in a row.
After each kill the saved game must load (without being set aside) at the last completed
action or the one that was under way, the next start must resume exactly there, and the
settings and statistics must load without a word.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.rules import GAMES
from game.rules.record import history_from_record
from game.scenes.tabletop.counting import saved_key
from game.store import SaveSlots, Settings, Statistics
from game.store.savegame import TABLE_KEY

ROOT = Path(__file__).resolve().parents[2]
KILLS = 32
SEED = 1729
MOST_ACTIONS_BEFORE_KILL = 3  # the player must be under way, one to this many actions
LATEST_KILL = 0.4  # seconds after those actions
START_LIMIT = 60.0  # seconds before a player that never gets going counts as hung


def start_player(seed: int, folder: Path, log: Path) -> subprocess.Popen:
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                   "LEAPS_DATA_DIR": str(folder), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    with log.open("w") as output:
        return subprocess.Popen([sys.executable, "-m", "tests.resilience.autoplayer", str(seed)],
                                cwd=ROOT, env=environment, stdout=output,
                                stderr=subprocess.PIPE)


def lines_of(log: Path) -> list[list[str]]:
    """Complete lines only: the last may have been cut by the kill."""
    text = log.read_text()
    return [line.split() for line in text.splitlines(keepends=True) if line.endswith("\n")]


def wait_until_playing(player: subprocess.Popen, log: Path, actions: int) -> None:
    started = time.monotonic()
    while sum(1 for words in lines_of(log) if words[0] == "at") < actions:
        if player.poll() is not None:
            raise AssertionError(f"the player stopped: {player.stderr.read().decode()[-2000:]}")
        assert time.monotonic() - started < START_LIMIT, "the player never got going"
        time.sleep(0.01)


def saved_position(folder: Path) -> tuple[int, int] | None:
    """(deal, moves played) of the saved game, read as the game reads it; None if no save,
    or if the statistics have counted its game already (a kill between counting a finished
    game and deleting its save: the game drops that save when it starts)."""
    saved, messages = SaveSlots(folder).load("klondike")
    assert messages == [], messages
    path = folder / "save-klondike.json"
    if saved is None:
        assert not path.exists()
        return None
    statistics, messages = Statistics.load(folder)
    assert messages == [], messages
    if statistics.is_counted("klondike", saved_key(saved.extras)):
        return None
    record = {key: value for key, value in json.loads(path.read_text()).items()
              if key != TABLE_KEY}
    _, history = history_from_record(record, GAMES)
    assert history.state == saved.history.state
    return history.states[0].seed, history.position


def acceptable(lines: list[list[str]]) -> set[tuple[int, int] | None]:
    """Where the save may stand: as the last completed action left it, or as the action under
    way when the kill came would leave it."""
    last = next(words for words in reversed(lines) if words[0] in ("start", "at"))
    seed, position, exists = (int(word) for word in last[1:])
    done = (seed, position) if exists else None
    pending = lines[-1][1] if lines[-1][0] == "do" else None
    allowed = {done}
    if pending in ("play", "play-ending", "redo"):
        allowed.add((seed, position + 1))
    if pending == "undo":
        allowed.add((seed, position - 1))
    if pending in ("play-ending", "new_deal"):
        allowed.add(None)
    return allowed


@pytest.mark.subprocess
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killed_while_saving_it_resumes_where_it_was(private_data_folder, tmp_path):
    chooser = random.Random(SEED)
    expected_start: tuple[int, int] | None = None
    actions = 0
    for kill in range(KILLS):
        log = tmp_path / f"player-{kill}.log"
        player = start_player(SEED + kill, private_data_folder, log)
        try:
            wait_until_playing(player, log, chooser.randint(1, MOST_ACTIONS_BEFORE_KILL))
            time.sleep(chooser.uniform(0.0, LATEST_KILL))
        finally:
            os.kill(player.pid, signal.SIGKILL)
            player.wait()
            player.stderr.close()
        assert player.returncode == -signal.SIGKILL
        lines = lines_of(log)
        start = lines[0]
        assert start[0] == "start"
        if expected_start is not None:  # the game resumed where the last run's save stood
            assert (int(start[1]), int(start[2])) == expected_start, (kill, start)
        else:
            assert start[2] == "0"
        actions += sum(1 for words in lines if words[0] == "at")
        position = saved_position(private_data_folder)
        assert position in acceptable(lines), (kill, position, lines[-3:])
        expected_start = position
        assert not list(private_data_folder.glob("*.bad"))
        assert Settings.load(private_data_folder)[1] == []
        assert Statistics.load(private_data_folder)[1] == []
    assert actions >= KILLS
