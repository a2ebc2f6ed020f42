"""The player's animation speed: every tween, the computer's pauses, and what reduced motion
leaves out."""

import pytest

from game.engine import motion
from game.engine.timeline import Sequence, Wait
from game.engine.tween import Tween, TweenManager


class Thing:
    x = 0.0


@pytest.mark.parametrize("chosen, frames", [("normal", 8), ("reduced", 8), ("fast", 4),
                                            ("instant", 1)])
def test_every_tween_runs_at_the_chosen_speed(chosen, frames):
    motion.choose(chosen)
    thing, tweens = Thing(), TweenManager()
    tweens.add(Sequence(Wait(0.25), Tween(thing, "x", 1.0, 0.75)))
    count = 0
    while tweens.active:
        tweens.update(0.125)
        count += 1
    assert count == frames and thing.x == 1.0


def test_the_computers_pauses_shrink_with_the_animations():
    motion.choose("normal")
    normal = motion.gap(0.5)
    motion.choose("fast")
    assert motion.gap(0.5) < normal
    motion.choose("instant")
    assert motion.gap(0.5) < 0.01


def test_only_reduced_motion_leaves_out_movement_for_show():
    assert [motion.reduced() for name in motion.MOTIONS if not motion.choose(name)] == [
        False, False, False, True]


def test_an_unknown_motion_is_refused():
    with pytest.raises(ValueError):
        motion.choose("warp")
