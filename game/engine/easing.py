"""Easing curves: map animation progress in [0, 1] to an eased fraction.

Every curve clamps its input to [0, 1] first, so a tween overshooting its
duration by a fraction of a step still lands exactly on its end value. Some
curves (``out_back``) deliberately return values slightly beyond 1 in the
middle of the motion; all of them return exactly 0 at 0 and 1 at 1.
"""

from collections.abc import Callable

Easing = Callable[[float], float]

_BACK_OVERSHOOT = 1.70158


def _clamp(t: float) -> float:
    return 0.0 if t <= 0.0 else 1.0 if t >= 1.0 else t


def linear(t: float) -> float:
    """Constant speed."""
    return _clamp(t)


def out_cubic(t: float) -> float:
    """Fast start, gentle landing: the default for cards sliding into place."""
    t = _clamp(t)
    return 1.0 - (1.0 - t) ** 3


def in_out_cubic(t: float) -> float:
    """Slow at both ends: for moves that should read as deliberate."""
    t = _clamp(t)
    if t < 0.5:
        return 4.0 * t * t * t
    return 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def out_back(t: float) -> float:
    """Overshoots slightly then settles: a lively snap."""
    t = _clamp(t)
    c1 = _BACK_OVERSHOOT
    c3 = c1 + 1.0
    return 1.0 + c3 * (t - 1.0) ** 3 + c1 * (t - 1.0) ** 2


def out_bounce(t: float) -> float:
    """Lands and bounces a few times, each bounce lower: pegs hopping."""
    t = _clamp(t)
    n1 = 7.5625
    d1 = 2.75
    if t < 1.0 / d1:
        return n1 * t * t
    if t < 2.0 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "out_cubic": out_cubic,
    "in_out_cubic": in_out_cubic,
    "out_back": out_back,
    "out_bounce": out_bounce,
}
