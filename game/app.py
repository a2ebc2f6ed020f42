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
import stat
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
from game.engine import motion
from game.engine.app import App, ScreenshotError
from game.engine.audio import Audio
from game.engine.scene import Scene, Size
from game.rules import GAMES
from game.rules.cards import Card
from game.scenes.context import Context
from game.scenes.daily import DailyScene
from game.scenes.deal_dialog import take_rules
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.notice import show_notices
from game.scenes.options import OptionsScene
from game.scenes.stats import StatsScene
from game.scenes.tables import available, open_table
from game.store import SaveSlots, Settings, Statistics, data_folder
from game.store.daily import DailyRecord
from game.store.documents import expect_refusals
from game.store.paths import folder_problem

log = logging.getLogger(__name__)

CRASH_LOG = "crash.log"
ICON_SIZE = 64
SOUND_WAIT_SECONDS = 10.0  # at quit, how long to let sounds still being made finish
_NO_LINKS = getattr(os, "O_NOFOLLOW", 0)  # POSIX only
_NO_WAIT = getattr(os, "O_NONBLOCK", 0)  # POSIX only


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
    except ScreenshotError as error:  # asked for on the command line: answered as its errors are
        sys.stderr.write(f"leaps: error: --screenshot {error}\n")
        return 2
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
    if app.shrunk_from is not None:
        context.notify([too_large(app.shrunk_from, app.size)])
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
        context.stats.settle()  # a game still waiting to be counted: one more try
        remember_window(context, app)
    return 0


def too_large(asked: Size, given: Size) -> str:
    return (f"A {asked[0]}x{asked[1]} window is larger than the screen: it opens at "
            f"{given[0]}x{given[1]} instead.")


def load_context(*, autosave: bool = True) -> Context:
    """The player's settings, statistics and saves, and the sound, ready for the scenes.

    Files that could not be used leave messages in `notices` (and in the log). A data folder
    that cannot be used at all (not searchable, not a folder) gives one notice and a game that
    plays with the defaults and saves nothing.
    """
    folder, problem = usable_data_folder()
    if problem is None:
        settings, messages = Settings.load(folder)
        stats, stats_messages = Statistics.load(folder)
        daily, daily_messages = DailyRecord.load(folder)
        messages += stats_messages + daily_messages
    else:
        daily = DailyRecord(None)
        settings, stats, autosave = Settings(folder=folder), Statistics(folder), False
        expect_refusals(folder, problem)
        messages = [f"Leaps cannot use its folder for your files, {folder} ({problem}). You "
                    "can play, but nothing will be saved this time."]
    for message in messages:
        log.warning("%s", message)
    audio = Audio(volume=settings.sound.volume, muted=settings.sound.muted)
    motion.choose(settings.appearance.motion)
    return Context(settings, stats, SaveSlots(folder), audio, autosave=autosave,
                   notices=list(messages), make_menu=MenuScene, daily=daily)


def usable_data_folder() -> tuple[Path, str | None]:
    """The data folder, and why it cannot be used (None when it can)."""
    try:
        folder = data_folder()
    except OSError as error:  # e.g. LEAPS_DATA_DIR names a file, or a parent refuses
        return Path(error.filename or tempfile.gettempdir()), error.strerror or str(error)
    return folder, folder_problem(folder)


def first_scenes(context: Context, args: argparse.Namespace) -> list[Scene]:
    """The scenes to start with, bottom first: always the menu, and what was asked on top."""
    scenes: list[Scene] = [MenuScene(context)]
    scene = args.scene or ("table" if args.game else "menu")
    if scene == "table":
        if available(args.game):
            if getattr(args, "deal", None) is not None:
                take_rules(context, args.deal)
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
    elif scene == "daily":
        scenes.append(DailyScene(context, args.game))
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
    """Append the traceback to crash.log in the data folder, else to a new private file.

    The log is opened without following a link and without waiting on a FIFO, so nothing
    planted in the folder can redirect it; the fallback is a fresh file of the player's own
    (mkstemp) in the temporary folder, never a fixed name there that another user could own.
    """
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    text = f"--- {stamp}\n{details}\n".encode("utf-8", "replace")
    folder, problem = usable_data_folder()
    if problem is None:
        path = folder / CRASH_LOG
        with contextlib.suppress(OSError):
            handle = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NO_LINKS
                             | _NO_WAIT, 0o600)
            if _append(handle, text):
                return path
    try:
        handle, name = tempfile.mkstemp(prefix="leaps-crash-", suffix=".log")
    except OSError:
        return None
    return Path(name) if _append(handle, text) else None


def _append(handle: int, text: bytes) -> bool:
    """Write `text` to the open regular file `handle` and close it; False if it failed."""
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return False
        os.write(handle, text)
        return True
    except OSError:
        return False
    finally:
        os.close(handle)
