"""The Leap Frog table's Deal # button: this deal's code to see and copy, and a deal opened by
its number or by a code, as at the card table."""

import pygame

from game.deal_codes import decode, encode
from game.scenes.deal_dialog import DealDialog
from game.scenes.dialogs import ConfirmDialog
from game.scenes.leap_frog.match import GAME_ID
from game.scenes.table.scene import CardTableScene

from .conftest import new_match
from .test_games import play_a_person_turn


def open_dialog(table) -> DealDialog:
    table.click_tool("Deal #")
    dialog = table.top
    assert isinstance(dialog, DealDialog)
    return dialog


def test_deal_number_shows_this_deals_code(make_table):
    table = make_table(new_match(4321, size=15, variant="plain"))
    dialog = open_dialog(table)
    code = decode(dialog.code)
    assert (code.game_id, code.seed) == (GAME_ID, 4321)
    assert code.options["size"] == 15 and code.options["variant"] == "plain"
    table.app.draw()
    assert dialog.digits == "4321"


def test_a_deal_number_typed_in_deals_that_deal(make_table):
    table = make_table(new_match(3))
    open_dialog(table)
    for key in (pygame.K_BACKSPACE,) * 4 + (pygame.K_7, pygame.K_7, pygame.K_7):
        table.key(key)
    table.key(pygame.K_RETURN)
    table.settle()
    assert table.top is table.scene
    assert table.match.history.states[0].seed == 777 and table.match.history.position == 0


def test_a_code_of_leap_frog_deals_it_under_its_rules_asking_first(make_table, context):
    table = make_table(new_match(3))
    play_a_person_turn(table)
    code = decode(encode(GAME_ID, {"size": 17, "players": 3}, 2024))
    open_dialog(table).on_code(code)
    table.app.stack.apply_pending()
    assert isinstance(table.top, ConfirmDialog)  # the game under way counts: ask first
    assert context.settings.leap_frog.size != 17  # and nothing changes before the answer
    table.key(pygame.K_RETURN)
    table.settle()
    state = table.match.state
    assert (state.seed, state.options.size, state.options.players) == (2024, 17, 3)
    assert context.settings.leap_frog.size == 17
    assert context.stats.get(GAME_ID).played == 1  # the abandoned game counts as a loss


def test_a_code_of_another_game_opens_its_table(make_table, context):
    table = make_table(new_match(3))
    dialog = open_dialog(table)
    dialog.on_code(decode(encode("klondike", {"draw": 1}, 99)))
    table.app.stack.apply_pending()
    assert isinstance(table.top, CardTableScene)
    assert table.top.session.history.states[0].seed == 99
    assert context.settings.klondike.draw == 1
