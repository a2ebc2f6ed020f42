"""The end-of-game summary: what it shows and where its buttons lead."""

import pygame
import pytest

from game.engine.scene import Scene
from game.scenes.context import GameResult
from game.scenes.summary import SummaryScene

from .conftest import click, press, show


@pytest.fixture
def table(app):
    scene = Scene()
    show(app, scene)
    return scene


def result(calls, **changes):
    fields = dict(game_id="leapfrog", title="Leapfrog", won=True, score=768,
                  rows=(("Completed suits", "40"), ("Win bonus", "400")),
                  play_again=lambda: calls.append("again"), to_menu=lambda: calls.append("menu"))
    fields.update(changes)
    return GameResult(**fields)


def test_it_shows_the_headline_score_and_rows(app, table, context):
    summary = SummaryScene(context, result([]))
    show(app, summary)
    assert summary.headline == "You won!"
    assert summary.score_text() == "768"  # counted all the way up once settled
    assert summary.result.rows[1] == ("Win bonus", "400")
    lost = SummaryScene(context, result([], won=False, score="Red 34 - Green 28"))
    assert lost.headline == "Game over" and lost.score_text() == "Red 34 - Green 28"


def test_the_score_counts_up_as_it_appears(app, table, context):
    summary = SummaryScene(context, result([], score=1000))
    app.stack.push(summary)
    app.run_frame(0.0)
    for _ in range(60):  # half a second
        app.step(1 / 120)
    assert 0 < int(summary.score_text().replace(",", "")) < 1000


@pytest.mark.parametrize(("button", "expected"), [(0, ["again"]), (1, ["menu"])])
def test_buttons_close_the_summary_then_call_back(app, table, context, button, expected):
    calls = []
    summary = SummaryScene(context, result(calls))
    show(app, summary)
    click(app, summary.buttons.buttons[button].rect.center)
    assert calls == expected
    assert app.stack.top is table


@pytest.mark.parametrize(("code", "expected"), [(pygame.K_RETURN, ["again"]),
                                                (pygame.K_ESCAPE, ["menu"])])
def test_enter_plays_again_and_escape_goes_to_the_menu(app, table, context, code, expected):
    calls = []
    show(app, SummaryScene(context, result(calls)))
    press(app, code)
    assert calls == expected and app.stack.top is table


def test_without_play_again_the_button_is_off_and_enter_does_nothing(app, table, context):
    calls = []
    summary = SummaryScene(context, result(calls, play_again=None))
    show(app, summary)
    assert not summary.buttons.buttons[0].enabled
    press(app, pygame.K_RETURN)
    assert calls == [] and app.stack.top is summary


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)])
def test_many_rows_still_fit_the_window(app, table, context, size):
    rows = tuple((f"Line {n}", str(n)) for n in range(12))
    summary = SummaryScene(context, result([], rows=rows))
    show(app, summary)
    summary.resize(size)
    window = pygame.Rect((0, 0), size)
    assert window.contains(summary.panel)
    assert summary.panel.contains(summary.buttons.rect)


def test_it_draws_part_way_through_its_entrance_and_confetti(app, table, context):
    summary = SummaryScene(context, result([]))
    app.stack.push(summary)
    app.run_frame(0.0)
    for _ in range(12):
        app.step(1 / 120)
    assert 0.0 < summary.appear < 1.0 + 0.2 and summary.appear != 1.0
    assert app.run_frame(0.0)  # drawn through the growing layer
    for _ in range(60):
        app.step(1 / 120)
    assert 0.0 < summary.confetti < 1.0
    assert app.run_frame(0.0)


def test_extra_actions_come_first_and_close_the_summary_before_running(app, table, context):
    calls = []
    summary = SummaryScene(context, result(calls, actions=(("Undo", lambda: calls.append(
        ("undo", summary.closing))),)))
    show(app, summary)
    labels = [button.label for button in summary.buttons.buttons]
    assert labels == ["Undo", "Play again", "Menu"]
    click(app, summary.buttons.buttons[0].rect.center)
    assert calls == [("undo", True)]
    assert app.stack.top is table


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (1920, 1080)])
def test_a_long_button_label_stays_readable(app, table, context, size):
    """A lost game's four buttons: "Where did it go wrong?" keeps a readable type size
    (it once shrank to 8 points to fit a quarter of the panel), and every button stays
    inside the panel and the window."""
    from game.art.skin import label_size

    noop = lambda: None  # noqa: E731
    summary = SummaryScene(context, result([], won=False, actions=(
        ("Undo", noop), ("Where did it go wrong?", noop))))
    show(app, summary)
    summary.resize(size)
    buttons = summary.buttons.buttons
    sizes = [label_size(button.rect.size, button.label) for button in buttons]
    assert min(sizes) >= 0.8 * max(sizes)
    assert pygame.Rect((0, 0), size).contains(summary.panel)
    assert summary.panel.contains(summary.buttons.rect)
    rects = [button.rect for button in buttons]
    assert all(a.right < b.left for a, b in zip(rects, rects[1:], strict=False))


@pytest.mark.parametrize("headline", ["You won!", "You and Computer share the win",
                                      "Player 1, Player 2, Player 3 and Player 4 share the win"])
def test_the_headline_stays_inside_the_panel(app, table, context, headline):
    """A shared win names every winner: at any length the headline fits the panel."""
    summary = SummaryScene(context, result([], headline=headline))
    show(app, summary)
    assert summary.headline_surface().get_width() <= summary.panel.width
