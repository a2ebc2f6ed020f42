"""Start Leaps: `python main.py --help` lists the options."""

import multiprocessing
import os
import sys

from game.cli import parse_args

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main() -> int:
    args = parse_args()
    from game.app import run  # after parsing, so --help and bad arguments open no window

    return run(args)


if __name__ == "__main__":
    # The packaged program starts its worker processes (the post-mortem's) by running itself:
    # such a run is a worker, never the game.
    multiprocessing.freeze_support()
    sys.exit(main())
