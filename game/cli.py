"""The command line: parsing and checking only, so bad input is refused before any window opens."""

from __future__ import annotations

import argparse
import contextlib
import os
import stat
from pathlib import Path
from typing import NoReturn

from game import __version__
from game.deal_codes import BadCode, DealCode, decode
from game.registry import GAMES, IDS
from game.store.settings import MAX_WINDOW_SIZE

TITLES = tuple(entry.title for entry in GAMES)
SCENES = ("menu", "table", "options", "stats", "help", "daily")
MIN_SIZE = (640, 480)
MAX_SIZE = MAX_WINDOW_SIZE
MAX_FRAMES = 24 * 60 * 60 * 60  # a day at 60 frames a second
TIMES = "xX×"  # what may stand between a size's width and height


class Parser(argparse.ArgumentParser):
    """argparse, with its errors in one line (and a pointer to --help) instead of the usage
    text first."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _window_size(text: str) -> tuple[int, int]:
    parts = text.strip()
    for sign in TIMES:
        parts = parts.replace(sign, "x")
    try:
        width, height = (int(part) for part in parts.split("x"))  # any script's digits
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800") from None
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the window must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]}")
    if width > MAX_SIZE[0] or height > MAX_SIZE[1]:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the window can be at most {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return width, height


def _natural(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must not be negative")
    return value


def _frames(text: str) -> int:
    value = _natural(text)
    if value > MAX_FRAMES:
        raise argparse.ArgumentTypeError(f"{text!r}: at most {MAX_FRAMES} frames (a day's worth)")
    return value


def _seed(text: str) -> int:
    value = _natural(text)
    if value >= 2**63:
        raise argparse.ArgumentTypeError(f"{text!r} is too large for a deal number")
    return value


def _deal_code(text: str) -> DealCode:
    try:
        return decode(text)
    except BadCode as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="leaps",
        description=f"Leaps: {', '.join(TITLES[:-1])} and {TITLES[-1]}.",
    )
    parser.add_argument("--game", choices=IDS, help="open this game's table directly")
    parser.add_argument("--seed", type=_seed, help="deal number (with --game)")
    parser.add_argument("--deal", type=_deal_code, metavar="CODE",
                        help="open the deal a deal code names, under its rules "
                             "(e.g. K3.n.1.0-12345V; instead of --game and --seed)")
    parser.add_argument("--scene", choices=SCENES,
                        help="open this scene (for screenshots); default: the table with --game, "
                             "else the menu")
    parser.add_argument("--size", type=_window_size, metavar="WxH",
                        help=f"window size from {MIN_SIZE[0]}x{MIN_SIZE[1]} to "
                             f"{MAX_SIZE[0]}x{MAX_SIZE[1]}, e.g. 1280x800 (X or × between "
                             "also do, and digits of any script)")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--frames", type=_frames, metavar="N",
                        help=f"run N frames, then exit (N up to {MAX_FRAMES:,}, a day's worth)")
    parser.add_argument("--screenshot", metavar="PATH",
                        help="render the scene once its animations settle, save it as PNG, exit")
    parser.add_argument("--version", action="version", version=f"Leaps {__version__}")
    return parser


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse and check the command line; a bad argument exits with status 2 and a message."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.deal is not None:
        if args.game is not None or args.seed is not None:
            parser.error("--deal names the game and the deal: leave out --game and --seed")
        args.game, args.seed = args.deal.game_id, args.deal.seed
    if args.seed is not None and args.game is None:
        parser.error("--seed needs --game")
    if args.scene == "table" and args.game is None:
        parser.error("--scene table needs --game")
    if args.screenshot is not None:
        if not args.screenshot.lower().endswith(".png"):
            parser.error("--screenshot must name a .png file")
        problem = unwritable(Path(args.screenshot))
        if problem:
            parser.error(f"--screenshot {args.screenshot}: {problem}")
    return args


def unwritable(path: Path) -> str | None:
    """Why a file cannot be written at `path`, or None; checked by opening it for writing
    (never waiting on a FIFO, never following a link) and removing it again if it was new,
    so the answer is the file system's own and an existing file is left as it was."""
    if path.is_dir():
        return "that is a folder"
    folder = path.parent
    if not folder.is_dir():
        return f"there is no folder {folder}"
    existed = path.exists() or path.is_symlink()
    if existed and not stat.S_ISREG(path.lstat().st_mode):
        return "that is not a regular file"
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        os.close(os.open(path, flags, 0o644))
    except OSError as error:
        return f"cannot be written ({error.strerror or error})"
    if not existed:
        with contextlib.suppress(OSError):
            os.remove(path)
    return None
