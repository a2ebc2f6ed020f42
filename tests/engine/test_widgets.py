import pygame

from game.engine.input import Action
from game.engine.widgets import BUTTON_HOVER, Button, Label, MenuList, draw_panel

from .conftest import mouse


def test_button_clicks_only_when_pressed_and_released_inside():
    clicks = []
    button = Button(pygame.Rect(10, 10, 100, 40), "Deal", lambda: clicks.append(1))
    assert button.handle_event(mouse(pygame.MOUSEMOTION, (20, 20))) and button.hovered
    assert not button.handle_event(mouse(pygame.MOUSEMOTION, (21, 20)))  # no change
    button.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (20, 20)))
    button.handle_event(mouse(pygame.MOUSEBUTTONUP, (200, 200)))  # dragged off: cancelled
    button.handle_event(mouse(pygame.MOUSEBUTTONUP, (20, 20)))  # not pressed any more
    assert clicks == []
    button.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (20, 20)))
    assert button.pressed
    assert button.handle_event(mouse(pygame.MOUSEBUTTONUP, (30, 30)))
    assert clicks == [1] and not button.pressed


def test_disabled_button_ignores_clicks():
    clicks = []
    button = Button(pygame.Rect(0, 0, 50, 20), "Undo", lambda: clicks.append(1), enabled=False)
    button.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (5, 5)))
    button.handle_event(mouse(pygame.MOUSEBUTTONUP, (5, 5)))
    button.activate()
    assert clicks == []


def test_button_draws_its_hover_state():
    surface = pygame.Surface((120, 60))
    button = Button(pygame.Rect(10, 10, 100, 40), "", lambda: None)
    button.hovered = True
    button.draw(surface)
    assert surface.get_at((60, 30))[:3] != (0, 0, 0)
    assert surface.get_at((60, 30))[:3] == surface.get_at((40, 25))[:3]
    assert abs(surface.get_at((60, 30)).b - BUTTON_HOVER[2]) < 30


def test_menu_lays_out_a_centred_column_and_navigates_by_keys():
    chosen = []
    menu = MenuList(
        [("Play", lambda: chosen.append("play")), ("Quit", lambda: chosen.append("quit"))],
        item_size=(200, 40),
        spacing=10,
    )
    menu.layout((320, 240))
    assert menu.rect == pygame.Rect(220, 195, 200, 90)
    assert menu.handle_action(Action.DOWN) and menu.focus == 0
    menu.handle_action(Action.DOWN)
    menu.handle_action(Action.CONFIRM)
    menu.handle_action(Action.DOWN)  # wraps around
    menu.handle_action(Action.SELECT)
    assert chosen == ["quit", "play"]
    assert menu.buttons[0].focused and not menu.buttons[1].focused
    assert not menu.handle_action(Action.HINT)


def test_menu_passes_mouse_events_to_its_buttons():
    chosen = []
    menu = MenuList([("Play", lambda: chosen.append("play"))])
    menu.layout((200, 100))
    centre = menu.buttons[0].rect.center
    menu.handle_event(mouse(pygame.MOUSEBUTTONDOWN, centre))
    menu.handle_event(mouse(pygame.MOUSEBUTTONUP, centre))
    assert chosen == ["play"]


def test_label_and_panel_paint():
    surface = pygame.Surface((100, 50))
    rect = Label("Leaps", (50, 25), anchor="center", size=20).draw(surface)
    assert rect.width > 10 and abs(rect.centerx - 50) <= 1
    panel_target = pygame.Surface((100, 50))
    draw_panel(panel_target, pygame.Rect(0, 0, 100, 50), (200, 0, 0, 255), border=None)
    assert panel_target.get_at((50, 25))[:3] == (200, 0, 0)
    assert panel_target.get_at((0, 0))[:3] == (0, 0, 0)  # the corner is rounded off
