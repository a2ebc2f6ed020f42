"""The Deal # dialog: a number typed or pasted, a deal code pasted, this deal's code copied."""

import pygame
import pytest

from game.deal_codes import encode
from game.engine.input import CTRL
from game.scenes.deal_dialog import DealDialog, take_rules

from .conftest import press, show

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
