"""Confirm and number dialogs, and notices: keys, clicks, and blocking what lies below."""

import pygame
import pytest

from game.app import LeapsApp
from game.art import palette
from game.engine.scene import Scene
from game.scenes.dialogs import ConfirmDialog, MessageDialog, NumberDialog
from game.scenes.notice import NoticeScene, show_notices

from .conftest import click, feed, key, press, show


class Below(Scene):
    """A scene that records every event reaching it."""

    def __init__(self):
        super().__init__()
        self.events = []

    def handle_event(self, event):
        self.events.append(event.type)
        return True


@pytest.fixture
def below(app):
    scene = Below()
    show(app, scene)
    return scene


def test_number_dialog_takes_digits_and_backspace(app, below):
    done = []
    dialog = NumberDialog("Deal number", done.append)
    show(app, dialog)
    for code in (pygame.K_1, pygame.K_2, pygame.K_KP3):
        press(app, code)
    assert dialog.digits == "123"
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_7)
    press(app, pygame.K_RETURN)
    assert done == [127]
    assert app.stack.top is below


def test_number_dialog_refuses_a_number_too_large_with_a_message(app, below):
    done = []
    dialog = NumberDialog("Deal number", done.append, maximum=100)
    show(app, dialog)
    for code in (pygame.K_5, pygame.K_0, pygame.K_0):
        press(app, code)
    press(app, pygame.K_RETURN)
    assert done == []
    assert "100" in dialog.error and app.stack.top is dialog
    press(app, pygame.K_BACKSPACE)  # editing clears the message
    assert dialog.error == ""
    press(app, pygame.K_KP_ENTER)
    assert done == [50]


def test_number_dialog_needs_a_number_and_ignores_extra_digits(app, below):
    done = []
    dialog = NumberDialog("Deal number", done.append, maximum=99)
    show(app, dialog)
    press(app, pygame.K_RETURN)
    assert done == [] and dialog.error
    for code in (pygame.K_0, pygame.K_4, pygame.K_2, pygame.K_9):
        press(app, code)
    assert dialog.digits == "42"  # no leading zero; at most as many digits as 99 has
    press(app, pygame.K_RETURN)
    assert done == [42]


def test_number_dialog_starts_from_its_initial_value_and_cancels_with_escape(app, below):
    done = []
    dialog = NumberDialog("Deal number", done.append, initial=2024)
    show(app, dialog)
    assert dialog.digits == "2024"
    press(app, pygame.K_ESCAPE)
    assert done == [] and app.stack.top is below


def test_typing_replaces_the_number_shown_on_opening(app, below):
    done = []
    dialog = NumberDialog("Deal number", done.append, initial=61861815)
    show(app, dialog)
    for code in (pygame.K_5, pygame.K_1, pygame.K_7):
        press(app, code)
    press(app, pygame.K_RETURN)
    assert done == [517]


def test_ctrl_a_selects_the_number_so_typing_or_backspace_replaces_it(app, below):
    dialog = NumberDialog("Deal number", lambda number: None, initial=2024)
    show(app, dialog)
    press(app, pygame.K_END)  # the caret after the number: typing extends it
    press(app, pygame.K_5)
    assert dialog.digits == "20245" and not dialog.selected
    press(app, pygame.K_a, pygame.KMOD_LCTRL)
    assert dialog.selected
    press(app, pygame.K_9)
    assert dialog.digits == "9"
    press(app, pygame.K_a, pygame.KMOD_LCTRL)
    press(app, pygame.K_BACKSPACE)
    assert dialog.digits == "" and not dialog.selected


def test_a_click_in_the_field_puts_the_caret_after_the_number(app, below):
    dialog = NumberDialog("Deal number", lambda number: None, initial=12)
    show(app, dialog)
    click(app, dialog.field.center)
    press(app, pygame.K_3)
    assert dialog.digits == "123" and app.stack.top is dialog


def test_the_selected_number_is_drawn_on_the_selection_colour(app, below):
    dialog = NumberDialog("Deal number", lambda number: None, initial=888)
    show(app, dialog)
    surface = pygame.Surface(app.size)
    dialog.draw(surface)
    inner = dialog.field.inflate(-dialog.px(24), 0)
    row = [tuple(surface.get_at((x, dialog.field.centery)))[:3]
           for x in range(inner.left, inner.left + dialog.px(40))]
    assert palette.TEXT_SELECTED in row
    dialog.selected = False
    dialog.draw(surface)
    row = [tuple(surface.get_at((x, dialog.field.centery)))[:3]
           for x in range(inner.left, inner.left + dialog.px(40))]
    assert palette.TEXT_SELECTED not in row


def test_number_dialog_ok_and_cancel_buttons(app, below):
    done = []
    dialog = NumberDialog("Deal number", done.append, initial=9)
    show(app, dialog)
    click(app, dialog.buttons.buttons[0].rect.center)
    assert done == [9]
    dialog = NumberDialog("Deal number", done.append, initial=5)
    show(app, dialog)
    click(app, dialog.buttons.buttons[1].rect.center)
    assert done == [9] and app.stack.top is below


@pytest.mark.parametrize(("code", "answer"), [
    (pygame.K_RETURN, "yes"), (pygame.K_y, "yes"), (pygame.K_ESCAPE, "no"), (pygame.K_n, "no"),
])
def test_confirm_dialog_answers_from_the_keyboard(app, below, code, answer):
    answers = []
    show(app, ConfirmDialog("Start again?", lambda: answers.append("yes"),
                            lambda: answers.append("no")))
    press(app, code)
    assert answers == [answer]
    assert app.stack.top is below


def test_confirm_dialog_buttons_and_keyboard_focus(app, below):
    answers = []
    dialog = ConfirmDialog("Start again?", lambda: answers.append("yes"),
                           lambda: answers.append("no"))
    show(app, dialog)
    click(app, dialog.buttons.buttons[1].rect.center)
    assert answers == ["no"]
    dialog = ConfirmDialog("Start again?", lambda: answers.append("yes"))
    show(app, dialog)
    for _ in range(3):  # focus on "Yes", then "No", then round to "Yes" again
        press(app, pygame.K_RIGHT)
    assert dialog.buttons.focus == 0
    press(app, pygame.K_LEFT)
    assert dialog.buttons.focus == 1
    press(app, pygame.K_RETURN)  # Enter presses the focused "No"; there is no on_no to call
    assert answers == ["no"] and app.stack.top is below


def test_dialogs_block_the_input_of_the_scene_below(app, below):
    show(app, ConfirmDialog("Start again?", lambda: None))
    below.events.clear()
    click(app, (5, 5))
    feed(app, key(pygame.K_h), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert below.events == []


def test_a_dialog_answers_once_however_often_it_is_asked(app, below):
    answers = []
    dialog = ConfirmDialog("Start again?", lambda: answers.append("yes"))
    show(app, dialog)
    feed(app, key(pygame.K_RETURN), key(pygame.K_y))
    assert answers == ["yes"] and app.stack.scenes == (below,)


def test_notices_show_one_at_a_time_and_go_when_read(app, below, context):
    context.notify(["First problem.", "Second problem."])
    assert show_notices(app.stack, context)
    assert not show_notices(app.stack, context)  # one notice overlay at a time
    feed(app)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene) and notice.message == "First problem."
    press(app, pygame.K_RETURN)
    assert notice.message == "Second problem." and app.stack.top is notice
    feed(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 3), button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(3, 3), button=1))
    assert context.notices == [] and app.stack.top is below


def test_a_click_that_began_before_the_notice_does_not_dismiss_it(app, below, context):
    context.notify(["Something happened."])
    show_notices(app.stack, context)
    feed(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(3, 3), button=1))
    assert isinstance(app.stack.top, NoticeScene) and context.notices


def test_no_notice_overlay_without_notices(app, below, context):
    assert not show_notices(app.stack, context)
    assert not show_notices(None, context)
    feed(app)
    assert app.stack.top is below


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1280, 800), (3840, 2160)])
@pytest.mark.parametrize("offered", [0, 1, 3])
def test_a_messages_buttons_lie_inside_its_panel_at_every_size(size, offered):
    app = LeapsApp(size)
    try:
        actions = [("Undo", lambda: None), ("New game", lambda: None),
                   ("Where did it go wrong?", lambda: None)][:offered]
        dialog = MessageDialog("No useful moves are left.", actions)
        show(app, dialog)
        row = dialog.buttons.rect
        assert dialog.panel.contains(row), (dialog.panel, row)
        assert row.width >= dialog.px(100) * (offered + 1)  # still wide enough to read
    finally:
        app.close()
