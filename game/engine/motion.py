"""How fast things move on screen, the player's choice: normal, fast, instant, or reduced
motion (normal speed, with nothing that only shakes, flies about or celebrates).

One choice for the whole program, held here because every animation honours it: each tween
manager scales the time it is given, and the pauses between the computer's moves (the demo,
Show me, the automatic finish) shrink with it.
"""

from __future__ import annotations

MOTIONS = ("normal", "fast", "instant", "reduced")
# Time passes this many times faster for animations; "instant" finishes each in one frame.
TIME_SCALE = {"normal": 1.0, "fast": 2.5, "instant": 1000.0, "reduced": 1.0}

_chosen = "normal"


def choose(motion: str) -> None:
    """Make `motion` (one of MOTIONS) the program's; ValueError for any other."""
    global _chosen
    if motion not in MOTIONS:
        raise ValueError(f"unknown motion {motion!r}")
    _chosen = motion


def chosen() -> str:
    return _chosen


def time_scale() -> float:
    return TIME_SCALE[_chosen]


def gap(seconds: float) -> float:
    """A pause between the computer's moves, shortened as animations are."""
    return seconds / TIME_SCALE[_chosen]


def reduced() -> bool:
    """Whether movement only for show (shaking, confetti, the winning cascade) is left out."""
    return _chosen == "reduced"
