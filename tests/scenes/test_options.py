"""The options dialog: OK saves what changed, Cancel keeps what was."""

import pygame
import pytest

from game.engine.scene import Scene
from game.scenes.option_rows import TABS, tab_for_game
from game.scenes.options import OptionsScene, changed_settings
from game.store import Settings, data_folder

from .conftest import click, press, show


@pytest.fixture
def below(app):
    scene = Scene()
    show(app, scene)
    return scene


def open_options(app, context, game_id=None):
    closed = []
    options = OptionsScene(context, game_id, on_close=closed.append)
    show(app, options)
    return options, closed


def row_of(options, label):
    return next(i for i, (option, _) in enumerate(options.rows) if option.label == label)


def click_arrow(app, options, label, side):
    rect = options.rows[row_of(options, label)][1]
    left, right = options._arrows(rect)
    click(app, (left if side < 0 else right).center)


def saved_settings():
    return Settings.load(data_folder())[0]


def test_a_table_opens_the_dialog_on_its_own_game(app, context, below):
    options, _ = open_options(app, context, "klondike")
    assert options.tab.title == "Klondike"
    assert TABS[tab_for_game("leap_frog")].title == "Leap Frog"
    assert TABS[tab_for_game("leapfrog")].title == "Leapfrog"
    assert TABS[tab_for_game("lucas_leaps")].title == "Lucas Leaps"
    assert tab_for_game(None) == 0


def test_every_solitaire_tab_has_its_own_winnable_switch(app, context, below):
    for game_id in ("klondike", "leapfrog", "leap_year", "lucas_leaps"):
        options, closed = open_options(app, context, game_id)
        click(app, options.rows[row_of(options, "Winnable deals only")][1].center)
        assert options.draft.get(f"{game_id}.winnable_only") is True
        press(app, pygame.K_RETURN)
        assert closed == [True]
    saved = saved_settings()
    assert all(saved.get(f"{game_id}.winnable_only")
               for game_id in ("klondike", "leapfrog", "leap_year", "lucas_leaps"))


def test_ok_saves_the_changes_and_reports_them(app, context, below):
    options, closed = open_options(app, context, "klondike")
    click_arrow(app, options, "Draw", +1)
    click_arrow(app, options, "Scoring", -1)
    assert context.settings.klondike.draw == 3  # nothing changes before OK
    click(app, options.buttons.buttons[0].rect.center)
    assert closed == [True] and app.stack.top is below
    assert context.settings.klondike.draw == 4 and context.settings.klondike.scoring == "none"
    saved = saved_settings()
    assert saved.klondike.draw == 4 and saved.klondike.scoring == "none"


def test_cancel_keeps_the_settings_as_they_were(app, context, below):
    options, closed = open_options(app, context, "klondike")
    click_arrow(app, options, "Draw", -1)
    press(app, pygame.K_ESCAPE)
    assert closed == [False] and app.stack.top is below
    assert context.settings.klondike.draw == 3
    assert saved_settings().klondike.draw == 3


def test_ok_without_changes_reports_no_change(app, context, below):
    _, closed = open_options(app, context)
    press(app, pygame.K_RETURN)
    assert closed == [False]


def test_keyboard_walks_the_rows_and_changes_values(app, context, below):
    options, closed = open_options(app, context, "klondike")
    press(app, pygame.K_DOWN)
    assert options.focus == 0
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert options.draft.klondike.draw == 5
    press(app, pygame.K_DOWN)
    press(app, pygame.K_LEFT)  # redeals: from unlimited back round to 5
    assert options.draft.klondike.redeals == 5
    press(app, pygame.K_TAB)
    assert options.tab.title == "Leapfrog"
    press(app, pygame.K_RETURN)
    assert closed == [True]
    assert saved_settings().klondike.draw == 5


def test_toggles_flip_on_click_and_disabled_rows_stay_put(app, context, below):
    options, _ = open_options(app, context, "klondike")
    click(app, options.rows[row_of(options, "Automatic moves")][1].center)
    assert options.draft.klondike.automatic_moves is False
    click(app, options.rows[row_of(options, "Vegas cumulative")][1].center)
    assert options.draft.klondike.vegas_cumulative is False  # only with Vegas scoring
    click_arrow(app, options, "Scoring", +1)
    assert options.draft.klondike.scoring == "vegas"
    click(app, options.rows[row_of(options, "Vegas cumulative")][1].center)
    assert options.draft.klondike.vegas_cumulative is True


def test_seat_rows_follow_the_number_of_players(app, context, below):
    options, _ = open_options(app, context, "leap_frog")
    seats = [o.label for o, _ in options.rows if o.label.startswith("Player ")]
    assert seats == ["Player 1", "Player 2"]
    click_arrow(app, options, "Players", +1)
    click_arrow(app, options, "Players", +1)
    assert options.draft.leap_frog.players == 4
    assert len([o for o, _ in options.rows if o.label.startswith("Player ")]) == 4
    click_arrow(app, options, "Player 4", +1)
    assert options.draft.leap_frog.seats[3] == "computer"
    assert options.draft.leap_frog.strengths[3] == "hard"  # a computer player's strength
    click_arrow(app, options, "Player 4", +1)
    assert options.draft.leap_frog.seats[3] == "human"


def test_sound_changes_are_heard_at_once_and_undone_by_cancel(app, context, below):
    options, _ = open_options(app, context)
    options.tabs.select(next(i for i, tab in enumerate(TABS) if tab.title == "Look & Sound"))
    click(app, options.rows[row_of(options, "Mute")][1].center)
    assert context.audio.muted is True
    click_arrow(app, options, "Volume", -1)
    assert context.audio.volume == pytest.approx(0.6)
    press(app, pygame.K_ESCAPE)
    assert context.audio.muted is False and context.audio.volume == pytest.approx(0.7)


def test_a_value_from_the_file_not_offered_is_kept_and_shown(app, context, below):
    context.settings.klondike.redeals = 42
    options, _ = open_options(app, context, "klondike")
    redeals = options.rows[row_of(options, "Redeals")][0]
    assert redeals.text(options.draft) == "42"
    redeals.step(options.draft, 1)
    assert options.draft.klondike.redeals is None  # round to "Unlimited"


def test_changed_settings_lists_only_differences():
    before, after = Settings(), Settings()
    after.appearance.felt = "blue"
    after.leap_frog.seats = ("human", "human", "computer", "computer")
    assert changed_settings(before, after) == {
        "appearance.felt": "blue", "leap_frog.seats": ["human", "human", "computer", "computer"]}


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1920, 1080)])
def test_every_tab_fits_the_window(app, context, below, size):
    options, _ = open_options(app, context)
    options.draft.leap_frog.players = 4
    for index in range(len(TABS)):
        options.tabs.select(index)
        options.resize(size)
        assert pygame.Rect((0, 0), size).contains(options.panel)
        for _, rect in options.rows:
            assert options.panel.contains(rect)
            assert rect.bottom <= options.buttons.rect.top


def test_tabs_with_rules_options_say_when_they_apply():
    for game_id in ("klondike", "leap_frog"):
        assert "in progress keeps" in TABS[tab_for_game(game_id)].note


@pytest.mark.parametrize("size, beside", [((640, 480), True), ((800, 600), False),
                                          ((1280, 800), False)])
def test_the_look_preview_shows_in_small_and_large_windows_over_nothing(context, size,
                                                                         beside):
    """Below the rows when they leave room, else smaller, beside the buttons."""
    from game.app import LeapsApp

    app = LeapsApp(size)
    options, _ = open_options(app, context)
    options.tabs.select(next(i for i, tab in enumerate(TABS) if tab.card_preview))
    app.run_frame(0.0)
    assert options.preview is not None
    patch, width = options.preview
    assert width >= 20 and options.panel.contains(patch)
    others = ([rect for _, rect in options.rows] + [button.rect for button in
                                                    options.buttons.buttons]
              + options.tabs.rects)
    assert patch.collidelist(others) == -1
    assert (patch.right < options.buttons.rect.left) == beside
    options.tabs.select(0)  # a game's tab shows no cards
    assert options.preview is None
    app.close()
