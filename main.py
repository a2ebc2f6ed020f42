"""Start Leaps: `python main.py --help` lists the options."""

import os
import sys

from game.cli import parse_args

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main() -> int:
    args = parse_args()
    from game.app import run  # after parsing, so --help and bad arguments open no window

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
