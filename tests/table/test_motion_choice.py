"""The animation speed on the table: the winning cascade, the refusing shake, the summary's
confetti, the demo's pace and the pauses before the table's own moves follow the player's
choice."""

import pygame
import pytest

from game.engine import motion
from game.rules.klondike import TABLEAU
from game.scenes.summary import SummaryScene
from game.scenes.table.advisor import DEMO_GAP
from game.scenes.table.cascade import WinCascade

from .test_cascade import FRAME, near_won
from .test_klondike_table import AUTO, codes


def win(table):
    """Play the winning click and run frames until the cascade or the summary shows."""
    table.click(table.centre_of(TABLEAU[0]))
    for _ in range(600):
        if isinstance(table.top, WinCascade | SummaryScene):
            return table.top
        table.app.run_frame(FRAME)
    raise AssertionError("the win was never shown")


@pytest.mark.parametrize("chosen, shown", [("normal", WinCascade), ("fast", WinCascade),
                                           ("instant", SummaryScene),
                                           ("reduced", SummaryScene)])
def test_the_cascade_shows_only_when_motion_is_wanted(make_table, chosen, shown):
    motion.choose(chosen)
    assert isinstance(win(make_table(near_won())), shown)


@pytest.mark.parametrize("chosen, confetti", [("normal", True), ("reduced", False)])
def test_reduced_motion_throws_no_confetti(make_table, chosen, confetti):
    motion.choose(chosen)
    table = make_table(near_won())
    if isinstance(win(table), WinCascade):
        table.key(pygame.K_SPACE)  # cut the cascade short
        table.app.run_frame(0.0)
    summary = table.top
    assert isinstance(summary, SummaryScene)
    assert (summary.tweens.tween_of(summary, "confetti") is not None) is confetti


@pytest.mark.parametrize("chosen, moving", [("normal", True), ("reduced", False)])
def test_a_refused_card_shakes_only_when_motion_is_wanted(make_table, chosen, moving):
    motion.choose(chosen)
    table = make_table(near_won())
    view = table.scene.view
    view.shake(view.piles[TABLEAU[0]][-1:])
    assert view.tweens.active is moving


def test_the_demo_steps_sooner_at_a_faster_speed():
    motion.choose("fast")
    assert motion.gap(DEMO_GAP) < DEMO_GAP


def test_under_instant_automatic_moves_follow_without_a_pause(make_table):
    """The pauses before and between the table's own moves shrink as the animations do."""
    motion.choose("instant")
    table = make_table(AUTO)
    table.drag(table.centre_of(TABLEAU[1]), table.centre_of(TABLEAU[2]))
    table.app.run_frame(FRAME)
    assert codes(table.state.foundations[0]) == "AH"


def test_under_instant_the_look_for_a_finish_waits_no_pause(make_table):
    motion.choose("instant")
    table = make_table(AUTO)
    table.drag(table.centre_of(TABLEAU[1]), table.centre_of(TABLEAU[2]))
    for _ in range(2):  # the automatic move, then the look once the table is quiet
        table.app.run_frame(FRAME)
    assert table.scene.advisor._check_wait is None


def frames_to_summary(table) -> int:
    win(table)
    for frame in range(2000):
        if isinstance(table.top, SummaryScene):
            return frame
        table.app.run_frame(FRAME)
    raise AssertionError("the summary never came")


def test_the_cascade_is_quicker_at_a_faster_speed(make_table):
    normal = frames_to_summary(make_table(near_won()))
    motion.choose("fast")
    assert frames_to_summary(make_table(near_won())) < normal / 2
