"""A machine without sound, and the smallest window: the game still starts, fits and plays."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.app import start_making_sounds
from game.scenes.leap_frog.scene import LeapFrogBoardScene
from game.scenes.tables import TABLES

from .helpers import legal_gesture, start_app, tables_on

ROOT = Path(__file__).resolve().parents[2]
SMALLEST = (640, 480)
MOVES = 4


def played(table) -> int:
    board = isinstance(table, LeapFrogBoardScene)
    history = table.match.history if board else table.session.history
    return history.position


def play_by_mouse(app, table) -> None:
    """Make a legal move with synthetic mouse events; it must be played."""
    gesture = legal_gesture(table)
    assert gesture is not None, "no legal move to make with the mouse"
    before = played(table)
    for event in gesture:
        app.run_frame(1 / 60, [event])
    assert played(table) == before + 1, f"{type(table).__name__}: the move was not played"
    app.settle()


def test_without_a_sound_device_the_game_starts_and_plays_silently(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app, context = start_app(["--game", "klondike", "--seed", "4"], autosave=True)
    try:
        assert not context.audio.available
        assert start_making_sounds(context.audio) is None  # nothing to make sounds for
        (table,) = tables_on(app)
        for _ in range(MOVES):
            play_by_mouse(app, table)
        assert not context.audio.play("card_place")
        assert context.saves.exists("klondike")  # the game went on as usual, saved
    finally:
        app.close()


@pytest.mark.subprocess
def test_a_real_start_without_an_audio_driver_runs(private_data_folder):
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "no-such-driver"}
    finished = subprocess.run([sys.executable, "main.py", "--game", "leap_year", "--frames", "20"],
                              cwd=ROOT, env=environment, capture_output=True, text=True,
                              timeout=120)
    assert finished.returncode == 0, finished.stderr
    assert "Traceback" not in finished.stderr


def toolbar_of(table):
    return table.controls.toolbar if isinstance(table, LeapFrogBoardScene) else table.toolbar


def inside(rect: pygame.Rect, window: pygame.Rect) -> bool:
    return rect.width > 0 and rect.height > 0 and window.contains(rect)


def layout_problems(table, window: pygame.Rect) -> list[str]:
    """Whatever lies (partly) outside the window: piles, cards, board, panels, the toolbar."""
    if isinstance(table, LeapFrogBoardScene):
        layout = table.layout
        rects = {"board": layout.board, "status": layout.status, "end turn": layout.end_turn,
                 "cancel": layout.cancel, **{f"panel {index}": panel.rect
                                             for index, panel in enumerate(layout.panels)}}
    else:
        layout = table.view.layout
        rects = {f"pile {key}": spot.rect for key, spot in layout.piles.items()}
        for key, sprites in table.view.piles.items():
            cards = layout.piles[key].card_rects([sprite.card for sprite in sprites])
            rects.update({f"card {index} of {key}": rect for index, rect in enumerate(cards)})
    rects["toolbar"] = layout.toolbar
    rects.update({f"button {button.label}": button.rect for button in toolbar_of(table).buttons})
    return [name for name, rect in rects.items() if not inside(rect, window)]


@pytest.mark.parametrize("game_id", TABLES)
def test_every_table_fits_a_window_shrunk_to_the_smallest_and_plays(game_id):
    app, _ = start_app(["--game", game_id, "--seed", "6"], (1280, 800))
    try:
        pygame.display.set_mode(SMALLEST, pygame.RESIZABLE)  # the player drags the edge
        app.run_frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=SMALLEST,
                                                  w=SMALLEST[0], h=SMALLEST[1])])
        app.settle()
        app.run_frame(0.0)
        assert app.size == SMALLEST
        (table,) = tables_on(app)
        assert table.size == SMALLEST
        assert layout_problems(table, pygame.Rect((0, 0), SMALLEST)) == []
        buttons = [button.rect for button in toolbar_of(table).buttons]
        assert all(a.right <= b.left for a, b in zip(buttons, buttons[1:], strict=False))
        play_by_mouse(app, table)
        assert layout_problems(table, pygame.Rect((0, 0), SMALLEST)) == []
    finally:
        app.close()
