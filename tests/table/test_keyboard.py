"""The card tables played with the keys alone: the focus, picking up, dropping, the stock."""

import pygame
import pytest

from game.engine.input import Action
from game.rules import GAMES
from game.rules.klondike import FOUNDATIONS, STOCK_PILE, TABLEAU, WASTE
from game.rules.moves import CardMove, Cell, GapMove
from game.scenes.summary import SummaryScene
from game.scenes.table.keyboard import reading_order
from game.scenes.table.king_chooser import KingChooser
from game.scenes.table.klondike import KlondikeTable
from game.scenes.table.leap_year import LeapYearTable
from game.scenes.table.leapfrog import LeapfrogTable
from game.scenes.table.lucas_leaps import LucasLeapsTable

from .positions import position
from .test_klondike_table import at_rest, codes
from .test_leapfrog_table import KINGS_ASTRAY, NEAR_WIN

RUN = position(tableau=["KS", "5c 9H 8S", "TC"], waste="QH")
KING_IN_WASTE = position(tableau=["QC", "5c 9H", "TC"], waste="KH")


def focus_of(table):
    keyboard = table.scene.keyboard
    return keyboard.focus, keyboard.focus_depth()


def press(table, *keys):
    for code in keys:
        table.key(code)


def test_the_first_key_shows_the_focus_without_moving_it(make_table):
    table = make_table(RUN)
    assert not table.scene.keyboard.shown
    press(table, pygame.K_RIGHT)
    assert table.scene.keyboard.shown
    assert focus_of(table) == (STOCK_PILE, 1)
    assert table.state == RUN


def test_arrows_follow_the_layout_and_up_takes_a_longer_run(make_table):
    table = make_table(RUN)
    press(table, pygame.K_RIGHT, pygame.K_DOWN)
    assert focus_of(table) == (TABLEAU[0], 1)  # straight below the stock
    press(table, pygame.K_RIGHT)
    assert focus_of(table) == (TABLEAU[1], 1)
    press(table, pygame.K_UP)
    assert focus_of(table) == (TABLEAU[1], 2)  # 9H 8S: the run a move takes
    press(table, pygame.K_UP)
    assert focus_of(table) == (WASTE, 1)  # no longer run: on to the row above
    press(table, pygame.K_RIGHT)
    assert focus_of(table) == (FOUNDATIONS[0], 1)  # across the gap in the row
    press(table, pygame.K_DOWN)
    assert focus_of(table) == (TABLEAU[3], 1)  # the pile straight below
    press(table, pygame.K_LEFT, pygame.K_LEFT, pygame.K_LEFT, pygame.K_LEFT)
    assert focus_of(table) == (TABLEAU[0], 1)  # the edge of the table stops it


def test_a_klondike_game_played_with_keys_only(make_table):
    table = make_table(RUN)
    keyboard = table.scene.keyboard
    press(table, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP)
    run = table.scene.view.piles[TABLEAU[1]][-2:]
    homes = [sprite.pos for sprite in run]

    press(table, pygame.K_RETURN)  # pick up 9H 8S: they lift, the focus is on TC
    table.settle()
    assert keyboard.holding and focus_of(table)[0] == TABLEAU[2]
    assert all(sprite.pos[1] < home[1] for sprite, home in zip(run, homes, strict=True))

    press(table, pygame.K_ESCAPE)  # put them back: nothing played, the table stays
    table.settle()
    assert not keyboard.holding and table.state == RUN and table.top is table.scene
    assert focus_of(table) == (TABLEAU[1], 2)
    at_rest(table)

    press(table, pygame.K_SPACE, pygame.K_RETURN)  # pick up again and drop on TC
    table.settle()
    assert codes(table.state.tableau[2]) == "TC 9H 8S"
    assert codes(table.state.tableau[1]) == "5C"
    at_rest(table)

    press(table, pygame.K_UP, pygame.K_RETURN, pygame.K_RETURN)  # the waste's QH onto KS
    table.settle()
    assert codes(table.state.tableau[0]) == "KS QH" and table.state.waste == ()

    stock = len(table.state.stock)
    press(table, pygame.K_LEFT, pygame.K_RETURN)  # the stock deals three
    table.settle()
    assert len(table.state.waste) == 3 and len(table.state.stock) == stock - 3
    assert table.scene.session.history.played == (
        CardMove(TABLEAU[1], TABLEAU[2], 2), CardMove(WASTE, TABLEAU[0], 1),
        table.scene.session.history.played[-1])
    at_rest(table)


def test_arrows_step_among_the_legal_targets_only(make_table):
    table = make_table(KING_IN_WASTE)
    press(table, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RETURN)  # the waste's KH
    held = table.scene.keyboard.held
    assert held.targets == [TABLEAU[3], TABLEAU[4], TABLEAU[5], TABLEAU[6]]
    assert focus_of(table)[0] == TABLEAU[3]  # the nearest empty pile
    press(table, pygame.K_LEFT)
    assert focus_of(table)[0] == TABLEAU[6]  # round the targets, skipping the others
    press(table, pygame.K_UP)
    assert focus_of(table)[0] == TABLEAU[6]  # no target above
    press(table, pygame.K_RETURN)
    table.settle()
    assert codes(table.state.tableau[6]) == "KH"
    assert focus_of(table) == (WASTE, 1)  # back where the cards came from


def test_a_card_with_nowhere_to_go_is_not_picked_up(make_table):
    table = make_table(RUN)
    press(table, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RIGHT)
    assert focus_of(table) == (TABLEAU[2], 1)
    press(table, pygame.K_RETURN)  # TC: no move
    table.settle()
    assert not table.scene.keyboard.holding and table.state == RUN


def test_other_shortcuts_put_held_cards_back_first(make_table):
    table = make_table(RUN)
    press(table, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_RETURN)
    table.settle()
    assert codes(table.state.tableau[0]) == "KS QH"
    press(table, pygame.K_DOWN, pygame.K_UP, pygame.K_RETURN)  # 9H 8S
    assert table.scene.keyboard.holding
    table.key(pygame.K_z, pygame.KMOD_LCTRL)  # undo: the held cards go back, QH returns
    table.settle()
    assert not table.scene.keyboard.holding and table.state == RUN
    at_rest(table)


def test_a_mouse_press_hides_the_focus_and_drops_what_the_keys_hold(make_table):
    table = make_table(RUN)
    press(table, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RETURN)
    assert table.scene.keyboard.holding
    width, height = table.app.size
    table.click((width - 20, height - 20))  # bare cloth
    table.settle()
    assert not table.scene.keyboard.shown and not table.scene.keyboard.holding
    assert table.state == RUN
    at_rest(table)
    press(table, pygame.K_RETURN)  # the next key shows the focus again, and only that
    assert table.scene.keyboard.shown and table.state == RUN


def test_the_focus_ring_is_drawn_only_while_the_keys_are_in_use(make_table):
    table = make_table(RUN)
    rect = table.scene.view.top_rect(STOCK_PILE)
    ring_point = (rect.centerx, rect.top - 3)
    before = table.app.surface.get_at(ring_point)
    press(table, pygame.K_RIGHT)
    table.app.draw()
    assert table.app.surface.get_at(ring_point) != before
    table.click((table.app.size[0] - 20, table.app.size[1] - 20))
    table.app.draw()
    assert table.app.surface.get_at(ring_point) == before


@pytest.fixture
def leapfrog(make_table, context):
    def make(state):
        return make_table(state, game=LeapfrogTable(context))
    return make


def test_a_leapfrog_gap_is_filled_with_keys(leapfrog):
    table = leapfrog(NEAR_WIN)
    press(table, pygame.K_RIGHT)
    assert focus_of(table) == (Cell(0, 0), 1)
    press(table, *[pygame.K_RIGHT] * 11)  # along the row to the gap
    assert focus_of(table) == (Cell(0, 11), 1)
    press(table, pygame.K_RETURN)
    table.settle()
    assert table.scene.session.history.played == (GapMove(Cell(0, 12), Cell(0, 11)),)
    assert isinstance(table.top, SummaryScene)


def test_a_king_is_chosen_for_a_first_column_gap_with_keys(leapfrog):
    table = leapfrog(KINGS_ASTRAY)
    press(table, pygame.K_DOWN, pygame.K_DOWN)
    assert focus_of(table) == (Cell(1, 0), 1)
    press(table, pygame.K_SPACE)
    table.settle()
    chooser = table.top
    assert isinstance(chooser, KingChooser)
    press(table, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RETURN)
    table.settle()
    move = chooser.kings[1][1]
    assert table.scene.session.history.played == (move,)
    assert move.target == Cell(1, 0)


GAME_TABLES = {"klondike": KlondikeTable, "leapfrog": LeapfrogTable,
               "leap_year": LeapYearTable, "lucas_leaps": LucasLeapsTable}


@pytest.mark.parametrize("game_id", sorted(GAME_TABLES))
def test_the_arrows_reach_every_pile_of_every_layout(make_table, context, game_id):
    game = GAME_TABLES[game_id](context)
    table = make_table(GAMES[game_id].new_game(5), game=game)
    keyboard = table.scene.keyboard
    press(table, pygame.K_RIGHT)
    seen, todo = {keyboard.focus}, [keyboard.focus]
    while todo:
        start = todo.pop()
        for action in (Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN):
            keyboard.focus, keyboard.depth = start, 1
            for _ in range(60):  # past the runs a pile offers, on to the next pile
                keyboard.handle_action(action)
                if keyboard.focus != start:
                    break
            if keyboard.focus not in seen:
                seen.add(keyboard.focus)
                todo.append(keyboard.focus)
    assert seen == set(table.scene.view.layout.piles)


@pytest.mark.parametrize("game_id", ["leap_year", "lucas_leaps"])
def test_a_card_moves_with_keys_at_the_other_tables(make_table, context, game_id):
    game = GAME_TABLES[game_id](context)
    table = make_table(GAMES[game_id].new_game(5), game=game)
    session, keyboard = table.scene.session, table.scene.keyboard
    press(table, pygame.K_RIGHT)
    assert keyboard.focus == game.stock_pile

    def card_moves():
        return [move for move in session.legal_moves() if game.move_parts(move) is not None]

    while not card_moves():
        dealt = len(session.history.played)
        press(table, pygame.K_RETURN)  # Enter on the stock deals
        assert len(session.history.played) == dealt + 1
    move = card_moves()[0]
    parts = game.move_parts(move)
    keyboard.focus, keyboard.depth = parts.source, parts.count
    press(table, pygame.K_RETURN)
    for _ in range(len(keyboard.held.targets)):
        if keyboard.focus == parts.target:
            break
        press(table, pygame.K_RIGHT)
    press(table, pygame.K_RETURN)
    assert session.history.played[-1] == move


def test_reading_order_goes_row_by_row_despite_ragged_tops():
    rect = pygame.Rect
    rects = {"a": rect(40, 0, 10, 14), "b": rect(20, 2, 10, 14), "c": rect(0, 5, 10, 14),
             "d": rect(18, 30, 10, 14), "e": rect(5, 31, 10, 14)}
    assert reading_order(rects) == ["c", "b", "a", "e", "d"]
