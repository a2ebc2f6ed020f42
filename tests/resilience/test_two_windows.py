"""Two Leaps windows on one data folder, finishing games at the same moments: every game of
both is in the statistics (issue: each window wrote its own copy and the last one won).

Two real processes, started together, each count 100 games back to back with the real
statistics code (harder than any player: a game takes a while); a third reader refreshes
meanwhile. Nothing may be lost, nothing counted twice, and the deals of the day stay apart."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.store import Statistics

GAMES_EACH = 100
WINDOW = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from game.store import Statistics

    folder, name, games = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    stats, messages = Statistics.load(folder)  # loaded once, at the start, as a window does
    (folder / f"ready-{name}").touch()
    while not (folder / "go").exists():
        time.sleep(0.001)
    for number in range(games):
        key = f"{name}{number:04x}".encode().hex()[:16]
        won = number % 3 == 0
        messages += stats.record_game("klondike", 5 * number, won, vegas=1,
                                      rules="standard/1" if won else "vegas/3", key=key)
        messages += stats.record_game("leap_year", number, won, key=key)
        if number % 4 == 0:  # a deal of the day now and then, kept apart
            messages += stats.record_game("lucas_leaps", number, won, key=key, daily=True)
    # As the program does when it ends: a game still waiting (the other window kept the
    # lock too long, on a loaded machine) is written now, or with the window's next game.
    print("settled" if any(stats.settle() for _ in range(5)) else "lost")
""")


@pytest.mark.subprocess
def test_two_windows_finishing_games_at_once_lose_none(private_data_folder: Path):
    root = Path(__file__).resolve().parents[2]
    windows = [subprocess.Popen([sys.executable, "-c", WINDOW, str(private_data_folder), name,
                                 str(GAMES_EACH)], cwd=root, stdout=subprocess.PIPE, text=True)
               for name in ("a", "b")]
    while not all((private_data_folder / f"ready-{name}").exists() for name in "ab"):
        if any(window.poll() is not None for window in windows):
            break
    (private_data_folder / "go").touch()
    reader, _ = Statistics.load(private_data_folder)
    while any(window.poll() is None for window in windows):
        assert reader.refresh() == []  # a window reading meanwhile never sees damage
        time.sleep(0.01)
    outputs = [window.communicate()[0] for window in windows]
    assert [window.returncode for window in windows] == [0, 0]
    assert outputs == ["settled\n", "settled\n"], "no game may be left waiting"
    stats, messages = Statistics.load(private_data_folder)
    assert messages == []
    klondike, leap_year = stats.get("klondike"), stats.get("leap_year")
    both = 2 * GAMES_EACH
    won = 2 * len(range(0, GAMES_EACH, 3))
    assert (klondike.played, klondike.won, len(klondike.history)) == (both, won, both)
    assert (leap_year.played, leap_year.won) == (both, won)
    assert klondike.vegas_balance == both
    assert klondike.of_rules("standard/1").played == won
    assert klondike.of_rules("vegas/3").played == both - won
    lucas_leaps = stats.get("lucas_leaps")
    assert (lucas_leaps.played, len(lucas_leaps.daily)) == (0, 2 * len(range(0, GAMES_EACH, 4)))
