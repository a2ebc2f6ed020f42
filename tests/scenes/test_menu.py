"""The menu: tiles that open tables (or say "coming soon"), keyboard focus, badges, layout."""

import pygame
import pytest

from game.engine.scene import Scene
from game.scenes import tables
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.menu_tiles import GAME_TILES
from game.scenes.options import OptionsScene
from game.scenes.stats import StatsScene
from game.store.paths import save_file

from .conftest import click, feed, press, settle, show


class FakeTable(Scene):
    def __init__(self, context, seed):
        super().__init__()
        self.seed = seed


@pytest.fixture
def no_tables(monkeypatch):
    monkeypatch.setattr(tables, "TABLES", {})


@pytest.fixture
def fake_tables(monkeypatch):
    monkeypatch.setattr(tables, "TABLES", {game_id: FakeTable for game_id, _, _ in GAME_TILES})


@pytest.fixture
def menu(app, context):
    scene = MenuScene(context)
    show(app, scene)
    return scene


def tile_index(game_id):
    return next(i for i, (g, _, _) in enumerate(GAME_TILES) if g == game_id)


def test_a_game_without_its_table_is_coming_soon(app, menu, no_tables):
    tile = menu.tiles[tile_index("leap_year")]
    menu.open_game("leap_year")
    assert menu.tweens.tween_of(tile, "shake") is not None  # the tile shakes its head
    click(app, tile.rect.center)
    assert app.stack.top is menu
    assert menu.toast == "Leap Year is coming soon."
    assert tile.shake_offset(10) == 0  # at rest again
    app.draw()  # the toast and the "Coming soon" badges draw without trouble


def test_clicking_a_tile_opens_its_table(app, menu, fake_tables, context):
    click(app, menu.tiles[tile_index("leapfrog")].rect.center)
    assert isinstance(app.stack.top, FakeTable) and app.stack.top.seed is None
    assert context.settings.general.last_game == "leapfrog"


def test_a_press_that_leaves_the_tile_opens_nothing(app, menu, fake_tables):
    start = menu.tiles[0].rect.center
    feed(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu.tiles[1].rect.center, button=1))
    assert app.stack.top is menu


def test_a_table_that_fails_to_open_becomes_a_notice(app, menu, context, monkeypatch):
    def broken(context, seed):
        raise RuntimeError("no felt")
    monkeypatch.setattr(tables, "TABLES", {"klondike": broken})
    click(app, menu.tiles[tile_index("klondike")].rect.center)
    assert "Klondike could not be opened" in context.notices[0]
    assert app.stack.top is not menu  # the notice shows over the menu


def test_arrow_keys_move_a_visible_focus_and_enter_opens(app, menu, fake_tables):
    assert menu.focus is None
    press(app, pygame.K_RIGHT)
    assert menu.focus == 0  # the first press shows the focus where it starts
    press(app, pygame.K_RIGHT)
    assert menu.focus == 1
    press(app, pygame.K_DOWN)
    below = menu.tiles[menu.focus].rect if menu.focus < len(menu.tiles) else None
    assert below is not None and below.top > menu.tiles[1].rect.top
    press(app, pygame.K_DOWN)
    assert menu.focus >= len(menu.tiles)  # on to the buttons
    press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, FakeTable)


def test_focus_starts_on_the_last_game_played(app, context, fake_tables):
    context.settings.general.last_game = "lucas_leaps"
    menu = MenuScene(context)
    show(app, menu)
    press(app, pygame.K_DOWN)
    assert menu.tiles[menu.focus].game_id == "lucas_leaps"


@pytest.mark.parametrize(("label", "scene_type"), [
    ("Options", OptionsScene), ("Statistics", StatsScene), ("Help", HelpScene)])
def test_buttons_open_their_overlays(app, menu, label, scene_type):
    button = next(b for b in menu.buttons.buttons if b.label == label)
    click(app, button.rect.center)
    assert isinstance(app.stack.top, scene_type)


def test_f1_opens_help_and_escape_quits(app, menu):
    press(app, pygame.K_F1)
    assert isinstance(app.stack.top, HelpScene)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is menu
    press(app, pygame.K_ESCAPE)
    assert app.stack.quit_requested


def test_the_quit_button_quits(app, menu):
    click(app, menu.buttons.buttons[-1].rect.center)
    assert app.stack.quit_requested


def test_a_saved_game_earns_a_continue_badge(app, context):
    save_file(context.saves.folder, "klondike").write_text("{}")
    menu = MenuScene(context)
    show(app, menu)
    assert menu.saved == {"klondike"}
    app.draw()


def test_hovering_lifts_a_tile_and_asks_for_a_redraw(app, menu):
    settle(app)
    drawn = app.draw_count
    feed(app, pygame.event.Event(pygame.MOUSEMOTION, pos=menu.tiles[2].rect.center,
                                 rel=(0, 0), buttons=(0, 0, 0)))
    assert menu.hovered == 2 and menu.tiles[2].lift == 1.0
    assert app.draw_count > drawn
    drawn = app.draw_count
    app.run_frame(1 / 60)
    assert app.draw_count == drawn  # idle again: nothing more to draw


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1280, 800), (1920, 1080)])
def test_tiles_and_buttons_fit_without_overlapping(menu, size):
    menu.resize(size)
    window = pygame.Rect((0, 0), size)
    rects = [tile.rect for tile in menu.tiles] + [b.rect for b in menu.buttons.buttons]
    for index, rect in enumerate(rects):
        assert window.contains(rect)
        assert rect.collidelist(rects[index + 1:]) == -1
    assert menu.title_rect.bottom <= min(tile.rect.top for tile in menu.tiles)
    assert min(tile.rect.width for tile in menu.tiles) >= 150


def test_a_tile_barely_faded_in_waits_for_its_preview(app, context, monkeypatch):
    """The menu's first frame shows a tile still fading in without its preview (the dearest
    part of that frame); the next frame brings it."""
    from game.scenes import menu_tiles

    built = []
    real_preview = menu_tiles.preview
    monkeypatch.setattr(menu_tiles, "preview",
                        lambda game_id, size: built.append(game_id) or real_preview(game_id, size))
    menu_tiles.tile_body.cache_clear()
    scene = MenuScene(context)
    app.stack.push(scene)
    app.run_frame(1 / 30)
    assert 0 < scene.tiles[0].appear < 1  # the first tile has begun to show
    assert built == []
    app.run_frame(1 / 60)
    assert "klondike" in built
    settle(app)
    assert sorted(built) == sorted(game_id for game_id, _, _ in GAME_TILES)
