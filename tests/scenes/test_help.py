"""Help: a page for every game that states the rules' key numbers, the controls, scrolling."""

import pygame
import pytest

from game.engine.input import DEFAULT_KEYMAP, Action
from game.scenes.help import CONTROLS, HelpScene
from game.scenes.help_text import GAME_HELP, controls_text, parse_blocks

from .conftest import feed, press, show

GAME_IDS = ("klondike", "leapfrog", "leap_year", "lucas_leaps", "leap_frog")


def test_every_game_has_a_page_and_the_controls_come_last(context):
    scene = HelpScene(context)
    assert scene.pages == [*GAME_IDS, CONTROLS]
    assert scene.tabs.labels == ["Klondike", "Leapfrog", "Leap Year", "Lucas Leaps",
                                 "Leap Frog", "Controls"]


@pytest.mark.parametrize(("game_id", "facts"), [
    ("leapfrog", ["768", "88 + 240 + 40 + 400", "100", "column 13", "King"]),
    ("leap_year", ["192", "208", "16 foundations", "23 deals of 8", "no redeal"]),
    ("lucas_leaps", ["520", "104", "Thirteen tableau piles of four", "5 points"]),
    ("klondike", ["+10", "-15", "-100", "-20", "-52", "R + 1 passes", "Right-click"]),
    ("leap_frog", ["22 green, 45 red, 68 yellow and 90 white", "18 × 18",
                   "at least one piece", "share the win"]),
])
def test_each_page_states_the_decided_numbers(game_id, facts):
    text = " ".join(block for _, block in parse_blocks(GAME_HELP[game_id][1]))
    for fact in facts:
        assert fact in text


def test_the_controls_page_lists_the_bound_keys():
    text = controls_text(DEFAULT_KEYMAP)
    for action in (Action.UNDO, Action.REDO, Action.HINT, Action.NEW_GAME, Action.FULLSCREEN,
                   Action.HELP, Action.BACK):
        for label in DEFAULT_KEYMAP.labels(action):
            assert label in text
    assert "Ctrl+Z" in text and "F2" in text
    assert [kind for kind, _ in parse_blocks(text)].count("keys") >= 7


def test_a_table_opens_help_on_its_game(app, context):
    help_scene = HelpScene(context, "lucas_leaps")
    show(app, help_scene)
    assert help_scene.page == "lucas_leaps"
    assert "520" in help_scene.page_text()


def test_scrolling_with_keys_and_wheel_stays_within_the_page(app, context):
    help_scene = HelpScene(context, "klondike")
    show(app, help_scene)
    help_scene.resize((640, 480))
    assert help_scene.max_scroll > 0  # the Klondike rules are longer than a small window
    press(app, pygame.K_PAGEDOWN)
    assert help_scene.scroll == pytest.approx(help_scene.view.height * 0.9)
    press(app, pygame.K_END)
    assert help_scene.scroll == help_scene.max_scroll
    press(app, pygame.K_DOWN)
    assert help_scene.scroll == help_scene.max_scroll
    feed(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert help_scene.scroll < help_scene.max_scroll
    press(app, pygame.K_HOME)
    press(app, pygame.K_UP)
    assert help_scene.scroll == 0


def test_changing_tabs_starts_at_the_top(app, context):
    help_scene = HelpScene(context)
    show(app, help_scene)
    press(app, pygame.K_END)
    press(app, pygame.K_RIGHT)
    assert help_scene.page == "leapfrog" and help_scene.scroll == 0
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert help_scene.page == "klondike"


def test_escape_closes_help(app, context):
    show(app, HelpScene(context))
    press(app, pygame.K_ESCAPE)
    assert app.stack.empty


def test_every_page_lays_out_within_its_view_at_small_and_large_sizes(app, context):
    help_scene = HelpScene(context)
    show(app, help_scene)
    for size in ((640, 480), (1920, 1080)):
        help_scene.resize(size)
        assert pygame.Rect((0, 0), size).contains(help_scene.panel)
        for index in range(len(help_scene.pages)):
            help_scene.tabs.select(index)
            assert help_scene.lines and help_scene.page_height > 0
            surface = pygame.Surface(size)
            help_scene.draw(surface)
