"""Starting the application: scenes from the command line, damaged files, crashes, the window."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import app as app_module
from game.cli import parse_args
from game.scenes import tables
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.notice import NoticeScene, show_notices
from game.scenes.options import OptionsScene
from game.scenes.stats import StatsScene
from game.store import Settings

from .conftest import press, settle

ROOT = Path(__file__).resolve().parents[2]


def run_main(*arguments: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """`python main.py ...` in a fresh process, with this test's data folder."""
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "main.py", *arguments], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.subprocess
@pytest.mark.parametrize("scene", ["menu", "options", "stats", "help"])
def test_each_scene_runs_for_some_frames_and_exits_cleanly(scene, private_data_folder):
    finished = run_main("--scene", scene, "--frames", "30", "--size", "800x600")
    assert finished.returncode == 0, finished.stderr
    assert "Traceback" not in finished.stderr
    assert not (private_data_folder / "settings.json").exists()  # smoke runs save nothing


@pytest.mark.subprocess
def test_a_screenshot_is_a_png_of_the_window_size(tmp_path):
    shot = tmp_path / "menu.png"
    finished = run_main("--scene", "menu", "--size", "900x640", "--screenshot", str(shot))
    assert finished.returncode == 0, finished.stderr
    assert pygame.image.load(str(shot)).get_size() == (900, 640)


@pytest.mark.subprocess
def test_a_damaged_file_is_reported_and_the_game_goes_on(private_data_folder):
    (private_data_folder / "stats.json").write_text("{ this is not json")
    finished = run_main("--frames", "20")
    assert finished.returncode == 0, finished.stderr
    assert (private_data_folder / "stats.json.bad").exists()


@pytest.mark.subprocess
def test_an_unexpected_error_gives_one_clear_sentence_and_a_crash_log(private_data_folder):
    script = ("import sys\n"
              "import game.app as leaps\n"
              "def broken(*_):\n"
              "    raise RuntimeError('the felt is torn')\n"
              "leaps.first_scenes = broken\n"
              "from game.cli import parse_args\n"
              "sys.exit(leaps.run(parse_args(['--frames', '1'])))\n")
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    finished = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=environment,
                              capture_output=True, text=True, timeout=60)
    assert finished.returncode == 1
    assert "unexpected error: the felt is torn" in finished.stderr
    assert "Traceback" not in finished.stderr
    crash_log = private_data_folder / "crash.log"
    assert "RuntimeError: the felt is torn" in crash_log.read_text()


def test_damaged_settings_become_a_notice_over_the_menu(app, private_data_folder):
    (private_data_folder / "settings.json").write_text("[1, 2, 3]")
    context = app_module.load_context(autosave=False)
    assert len(context.notices) == 1 and "settings" in context.notices[0]
    for scene in app_module.first_scenes(context, parse_args([])):
        app.stack.push(scene)
    show_notices(app.stack, context)
    settle(app)
    assert isinstance(app.stack.top, NoticeScene)
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, MenuScene) and context.notices == []


@pytest.mark.parametrize(("argv", "top"), [
    ([], MenuScene), (["--scene", "options"], OptionsScene), (["--scene", "stats"], StatsScene),
    (["--scene", "help", "--game", "leap_year"], HelpScene)])
def test_the_first_scene_follows_the_command_line(context, argv, top):
    scenes = app_module.first_scenes(context, parse_args(argv))
    assert isinstance(scenes[0], MenuScene) and isinstance(scenes[-1], top)


def test_a_game_whose_table_is_missing_opens_the_menu_with_a_notice(context, monkeypatch):
    monkeypatch.setattr(tables, "TABLES", {})
    scenes = app_module.first_scenes(context, parse_args(["--game", "leap_frog"]))
    assert len(scenes) == 1 and isinstance(scenes[0], MenuScene)
    assert "Leap Frog is not ready" in context.notices[0]


def test_a_game_with_its_table_opens_over_the_menu_with_the_seed(context, monkeypatch):
    opened = []
    monkeypatch.setattr(tables, "TABLES", {"klondike": lambda c, seed: opened.append(seed)
                                           or MenuScene(c)})
    scenes = app_module.first_scenes(context, parse_args(["--game", "klondike", "--seed", "7"]))
    assert opened == [7] and len(scenes) == 2


def test_the_window_size_is_remembered(private_data_folder):
    context = app_module.load_context()
    window = app_module.LeapsApp((900, 700))
    try:
        pygame.display.set_mode((1000, 720), pygame.RESIZABLE)  # the player drags the edge
        window.run_frame(0.0, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1000, y=720)])
    finally:
        window.close()
    app_module.remember_window(context, window)
    saved = Settings.load(private_data_folder)[0]
    assert saved.window.size == (1000, 720) and saved.window.fullscreen is False


def test_sound_effects_are_made_in_the_background_and_registered(context, monkeypatch):
    click_sound = pygame.mixer.Sound(buffer=bytes(256))
    monkeypatch.setattr(app_module, "make_sounds", lambda: {"click": click_sound})
    maker = app_module.start_making_sounds(context.audio)
    assert maker is not None
    maker.join(10)
    assert context.audio.has("click")


def test_sounds_that_cannot_be_made_leave_the_game_silent(context, monkeypatch):
    def broken():
        raise RuntimeError("no synthesiser")
    monkeypatch.setattr(app_module, "make_sounds", broken)
    maker = app_module.start_making_sounds(context.audio)
    maker.join(10)
    assert not context.audio.has("click")


def test_the_window_icon_is_drawn():
    icon = app_module.window_icon()
    assert icon.get_size() == (app_module.ICON_SIZE, app_module.ICON_SIZE)
    assert pygame.mask.from_surface(icon).count() > icon.get_width() * icon.get_height() // 3
