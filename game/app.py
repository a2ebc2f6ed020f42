"""Starting Leaps: the player's files, the sound, the window and the first scene.

`run(args)` takes the parsed command line (game.cli) and returns the exit status. Problems
with the player's files become notices shown in the window; an unexpected error ends the
program with one clear sentence on stderr and the details in `crash.log` in the data folder.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

import pygame

from game.art.cards import CardArt
from game.art.pegs import marble
from game.art.sounds import make_sounds
from game.engine.app import App
from game.engine.audio import Audio
from game.engine.scene import Scene, Size
from game.rules import GAMES
from game.rules.cards import Card
from game.scenes.context import Context
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.notice import show_notices
from game.scenes.options import OptionsScene
from game.scenes.stats import StatsScene
from game.scenes.tables import available, open_table
from game.store import SaveSlots, Settings, Statistics, data_folder

log = logging.getLogger(__name__)

CRASH_LOG = "crash.log"
ICON_SIZE = 64
SOUND_WAIT_SECONDS = 10.0  # at quit, how long to let sounds still being made finish


class LeapsApp(App):
    """The engine's App, remembering the windowed size so the next start can reopen it."""

    def __init__(self, size: Size, **options) -> None:
        super().__init__(size=size, **options)
        self.windowed_size = size if self.fullscreen else self.size

    def relayout(self) -> None:
        super().relayout()
        if not self.fullscreen:
            self.windowed_size = self.size


def run(args: argparse.Namespace) -> int:
    """Run Leaps as the command line asks; 0 on a normal exit, 1 after an unexpected error."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        return _run(args)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # anything at all: the player gets a sentence, not a dump
        _report_crash(error)
        return 1
    finally:
        pygame.quit()


def _run(args: argparse.Namespace) -> int:
    smoke = args.frames is not None or args.screenshot is not None
    context = load_context(autosave=not smoke)
    fullscreen = args.fullscreen or (context.settings.window.fullscreen and not smoke)
    app = LeapsApp(args.size or context.settings.window.size, fullscreen=fullscreen,
                   max_frames=args.frames, screenshot=args.screenshot, icon=window_icon())
    sounds = None if smoke else start_making_sounds(context.audio)
    for scene in first_scenes(context, args):
        app.stack.push(scene)
    show_notices(app.stack, context)
    try:
        app.run()
    finally:
        if sounds is not None:
            sounds.join(SOUND_WAIT_SECONDS)
    if context.autosave:
        remember_window(context, app)
    return 0


def load_context(*, autosave: bool = True) -> Context:
    """The player's settings, statistics and saves, and the sound, ready for the scenes.

    Files that could not be used leave messages in `notices` (and in the log).
    """
    folder = data_folder()
    settings, messages = Settings.load(folder)
    stats, stats_messages = Statistics.load(folder)
    messages += stats_messages
    for message in messages:
        log.warning("%s", message)
    audio = Audio(volume=settings.sound.volume, muted=settings.sound.muted)
    return Context(settings, stats, SaveSlots(folder), audio, autosave=autosave,
                   notices=list(messages))


def first_scenes(context: Context, args: argparse.Namespace) -> list[Scene]:
    """The scenes to start with, bottom first: always the menu, and what was asked on top."""
    scenes: list[Scene] = [MenuScene(context)]
    scene = args.scene or ("table" if args.game else "menu")
    if scene == "table":
        if available(args.game):
            scenes.append(open_table(context, args.game, args.seed))
        else:
            title = getattr(GAMES.get(args.game), "title", None) or args.game
            context.notify([f"{title} is not ready to play yet. Choose another game from the "
                            "menu."])
    elif scene == "options":
        scenes.append(OptionsScene(context, args.game))
    elif scene == "stats":
        scenes.append(StatsScene(context, args.game))
    elif scene == "help":
        scenes.append(HelpScene(context, args.game))
    return scenes


def window_icon() -> pygame.Surface:
    """The parlour in a square: an ace of spades leaning on a green marble."""
    icon = pygame.Surface((ICON_SIZE, ICON_SIZE), pygame.SRCALPHA)
    ace = pygame.transform.rotozoom(CardArt(40).face(Card(1, "S")), 10, 1.0)
    icon.blit(ace, (2, 0))
    icon.blit(marble("G", 30), (ICON_SIZE - 32, ICON_SIZE - 32))
    return icon


def start_making_sounds(audio: Audio) -> threading.Thread | None:
    """Synthesise the sound effects in the background, so the window opens at once."""
    if not audio.available:
        return None

    def make() -> None:
        try:
            for name, sound in make_sounds().items():
                audio.register(name, sound)
        except Exception:  # a sound that cannot be made leaves the game silent, not broken
            log.exception("the sound effects could not be made")

    thread = threading.Thread(target=make, name="sounds", daemon=True)
    thread.start()
    return thread


def remember_window(context: Context, app: LeapsApp) -> None:
    window = context.settings.window
    window.size = app.windowed_size
    window.fullscreen = app.fullscreen
    for message in context.settings.save():
        log.warning("%s", message)


def _report_crash(error: BaseException) -> None:
    path = _write_crash_log(traceback.format_exc())
    where = f" The details are in {path}." if path else ""
    message = f"Leaps stopped because of an unexpected error: {error}.{where}"
    if sys.stderr is not None:
        sys.stderr.write(message + "\n")
    else:  # a windowed build has no console: say it in a message box instead
        with contextlib.suppress(pygame.error):
            pygame.display.message_box("Leaps", message, "error")


def _write_crash_log(details: str) -> Path | None:
    """Append the traceback to crash.log in the data folder (or the temporary folder)."""
    try:
        folder = data_folder()
    except Exception:  # the data folder itself may be what failed
        folder = Path(tempfile.gettempdir())
    path = folder / CRASH_LOG
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    try:
        with path.open("a", encoding="utf-8") as log_file:
            log_file.write(f"--- {stamp}\n{details}\n")
    except OSError:
        return None
    return path
