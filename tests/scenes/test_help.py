"""Help: a page for every game that states the rules' key numbers and how its table is played,
with pictures; the controls; scrolling."""

import pygame
import pytest

from game.engine.input import DEFAULT_KEYMAP, Action
from game.scenes.help import CONTROLS, HelpScene
from game.scenes.help_pictures import PICTURES, picture, picture_size
from game.scenes.help_text import controls_text, game_help, parse_blocks

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
    text = " ".join(block for _, block in parse_blocks(game_help()[game_id][1]))
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


# Pictures and the points of play ------------------------------------------------------------


def pictures_of(game_id):
    return [text.partition(" | ") for kind, text in parse_blocks(game_help()[game_id][1])
            if kind == "picture"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_page_has_pictures_that_exist_and_have_captions(game_id):
    pictures = pictures_of(game_id)
    assert pictures
    for name, _, caption in pictures:
        assert name in PICTURES and len(caption) > 20


def test_every_picture_is_drawn_to_its_size_for_any_card_width(app):
    for name, (_, (across, down)) in PICTURES.items():
        for unit in (35, 44, 66):
            image = picture(name, unit)
            assert image.get_size() == (round(across * unit), round(down * unit))
            colours = {tuple(image.get_at((x, y)))
                       for x in range(0, image.get_width(), 7)
                       for y in range(0, image.get_height(), 7)}
            assert len(colours) > 8, name  # cards, arrows and cloth, not an empty scrap


def test_a_picture_stands_beside_its_caption_within_the_page(app, context):
    help_scene = HelpScene(context, "leapfrog")
    show(app, help_scene)
    for size in ((640, 480), (1280, 800), (1920, 1080)):
        help_scene.resize(size)
        for index in range(len(GAME_IDS)):
            help_scene.tabs.select(index)
            lines = help_scene.lines
            pictures = [(text, y) for kind, text, _, y in lines if kind == "picture"]
            captions = [(x, y) for kind, _, x, y in lines if kind == "caption"]
            assert pictures and captions
            for name, y in pictures:
                image = help_scene.picture(name)
                assert image.get_width() < help_scene.view.width // 2
                beside = [cy for cx, cy in captions if cx > image.get_width()
                          and y <= cy < y + image.get_height()]
                assert beside, name
                later = [ly for kind, _, _, ly in lines if ly > y and kind != "caption"]
                assert all(ly >= y + image.get_height() for ly in later)  # nothing overlaps
            assert help_scene.page_height >= max(y + help_scene.picture(name).get_height()
                                                 for name, y in pictures)


def test_the_pictures_follow_the_players_cards(app, context):
    context.settings.appearance.deck = "four_colour"
    help_scene = HelpScene(context, "klondike")
    show(app, help_scene)
    assert help_scene.picture("klondike_run") is picture(
        "klondike_run", help_scene.px(44), "four_colour", context.settings.appearance.back,
        context.settings.appearance.felt)


@pytest.mark.parametrize(("game_id", "points"), [
    ("klondike", ["Time runs upward", "Now, at the bottom", "outlined in gold", "Coming up",
                  "Next pass", "gold dot", "Right-click anywhere on the table turns the deck"]),
    ("leapfrog", ["Click a gap", "Left and Right arrows", "press Enter", "Esc"]),
    ("leap_year", ["first foundation that takes it", "Drag it to a foundation",
                   "Auto-play", "Right-click anywhere deals"]),
    ("leap_frog", ["each square it lands on", "drag the marble along the chain",
                   "End turn button, a right-click or Enter", "Esc cancels the chain"]),
])
def test_each_page_says_how_its_table_is_played(game_id, points):
    text = " ".join(block for _, block in parse_blocks(game_help()[game_id][1]))
    for point in points:
        assert point in text


def test_the_controls_tell_how_to_skip_a_celebration_and_change_charts():
    text = controls_text(DEFAULT_KEYMAP)
    assert "skips the celebration" in text and "change the chart" in text
    assert "Esc cancels the chain" in text and "Enter takes it" in text


@pytest.mark.parametrize("unit", [24, 61, 150])
def test_a_page_is_laid_out_by_the_size_its_pictures_will_have(app, unit):
    # Pages are laid out without drawing their pictures: only those in view are drawn.
    for name in PICTURES:
        assert picture_size(name, unit) == picture(name, unit).get_size()


def test_the_controls_tell_grades_deal_codes_and_animation_speed():
    """What came with graded winnable deals, deal codes and the animation choice."""
    text = controls_text(DEFAULT_KEYMAP)
    for point in ["easy, medium, hard or expert", "Copy code", "--deal", "Ctrl+V",
                  "Animation", "Reduced motion"]:
        assert point in text, point
