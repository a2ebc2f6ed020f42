"""The Deal # dialog: a number typed or pasted, a deal code pasted, this deal's code copied."""

import pygame
import pytest

from game.deal_codes import encode
from game.engine.input import CTRL
from game.scenes.deal_dialog import EMPTY_CLIPBOARD, DealDialog, take_rules

from .conftest import feed, press, show

CODE = encode("klondike", {"draw": 1}, 777)


@pytest.fixture
def opened(app):
    numbers, codes = [], []
    dialog = DealDialog(CODE, numbers.append, codes.append, initial=777)
    show(app, dialog)
    return app, dialog, numbers, codes


def paste(app, monkeypatch, text):
    monkeypatch.setattr("game.scenes.deal_dialog.paste_text", lambda: text)
    press(app, pygame.K_v, pygame.KMOD_CTRL if CTRL else 0)


def test_a_pasted_code_opens_its_deal(opened, monkeypatch):
    app, dialog, numbers, codes = opened
    other = encode("leapfrog", {}, 4242)
    paste(app, monkeypatch, f" {other}\n")
    assert [(code.game_id, code.seed) for code in codes] == [("leapfrog", 4242)]
    assert numbers == [] and app.stack.top is not dialog


@pytest.mark.parametrize("text", ["hello", CODE[:-1], "K1.n.1.0-777Z", "", "9" * 80])
def test_a_bad_paste_gets_a_word_and_opens_nothing(opened, monkeypatch, text):
    app, dialog, numbers, codes = opened
    paste(app, monkeypatch, text)
    assert codes == [] and numbers == [] and app.stack.top is dialog
    assert dialog.error


def test_a_pasted_number_goes_into_the_field(opened, monkeypatch):
    app, dialog, numbers, _ = opened
    paste(app, monkeypatch, "  31337 ")
    assert dialog.digits == "31337" and app.stack.top is dialog
    press(app, pygame.K_RETURN)
    assert numbers == [31337]


def test_copy_code_puts_this_deals_code_on_the_clipboard(opened, monkeypatch):
    app, dialog, _, _ = opened
    copied = []
    monkeypatch.setattr("game.scenes.deal_dialog.copy_text", lambda text: copied.append(text)
                        or True)
    dialog.copy_code()
    assert copied == [CODE] and CODE in dialog.note


def test_the_codes_rules_become_the_players_choice(context):
    from game.deal_codes import decode

    take_rules(context, decode(encode("klondike", {"draw": 1, "scoring": "vegas"}, 5)))
    assert context.settings.klondike.draw == 1 and context.settings.klondike.scoring == "vegas"


@pytest.mark.parametrize("text", ["", " \n"])
def test_pasting_an_empty_clipboard_says_the_clipboard_is_empty(opened, monkeypatch, text):
    """The player did paste: asking them to paste first would puzzle them."""
    app, dialog, _, _ = opened
    paste(app, monkeypatch, text)
    assert dialog.error == EMPTY_CLIPBOARD and dialog.digits == "777"


def type_text(app, text):
    """Keys as a keyboard sends them: the key's code and the character it types."""
    for char in text:
        feed(app, pygame.event.Event(pygame.KEYDOWN, key=ord(char.lower()), mod=0, unicode=char))


def test_a_typed_code_opens_its_deal(opened):
    """A code read from a message and typed in, not pasted, is the code, not the digits in it."""
    app, dialog, numbers, codes = opened
    other = encode("leapfrog", {}, 4242)
    type_text(app, other)
    assert dialog.shown_text() == other
    press(app, pygame.K_RETURN)
    assert [(code.game_id, code.seed) for code in codes] == [("leapfrog", 4242)]
    assert numbers == [] and app.stack.top is not dialog


def test_a_mistyped_code_is_refused_and_can_be_put_right(opened):
    app, dialog, numbers, codes = opened
    wrong = "A" if CODE[-1] != "A" else "B"
    type_text(app, CODE[:-1] + wrong)
    press(app, pygame.K_RETURN)
    assert codes == [] and numbers == [] and app.stack.top is dialog and dialog.error
    press(app, pygame.K_BACKSPACE)
    type_text(app, CODE[-1])
    press(app, pygame.K_RETURN)
    assert [(code.game_id, code.seed) for code in codes] == [("klondike", 777)]


def test_a_code_erased_to_nothing_leaves_a_number_to_type(opened):
    app, dialog, numbers, codes = opened
    type_text(app, "K")
    press(app, pygame.K_BACKSPACE)
    type_text(app, "12")
    press(app, pygame.K_RETURN)
    assert numbers == [12] and codes == []
