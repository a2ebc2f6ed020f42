"""Whole games, saving and resuming, undo and redo, new games at the Leap Frog table."""

import threading

import pygame
import pytest

from game.rules.leap_frog import RULES
from game.rules.moves import Cell
from game.scenes.dialogs import ConfirmDialog
from game.scenes.help import HelpScene
from game.scenes.leap_frog.match import GAME_ID
from game.scenes.leap_frog.opening import open_leap_frog_table
from game.scenes.leap_frog.scene import LeapFrogBoardScene
from game.scenes.options import OptionsScene
from game.scenes.summary import SummaryScene

from .conftest import Table, new_match

CTRL = pygame.KMOD_LCTRL


def play_a_person_turn(table: Table) -> None:
    """The test's player: a removal in the opening, else the first single leap, by clicks."""
    state = table.state
    if RULES.must_remove(state):
        square = next(index for index, piece in enumerate(state.board) if piece is not None)
        table.click_cell(Cell(*divmod(square, state.options.size)))
        return
    leap = RULES.single_leaps(state)[0]
    table.click_cell(leap.path[0])
    table.click_cell(leap.path[1])
    if table.scene.chain is not None and table.scene.chain.started:
        table.key(pygame.K_RETURN)


@pytest.mark.slow
def test_a_person_plays_the_computer_to_the_summary(make_table, context):
    table = make_table(new_match(11, ("human", "computer")))
    while not table.match.finished:
        table.run(lambda: table.scene.accepts_input or table.match.finished)
        if not table.match.finished:
            play_a_person_turn(table)
    assert RULES.is_over(table.state)
    table.run(lambda: isinstance(table.top, SummaryScene))
    result = table.top.result
    scores = RULES.score(table.state)
    assert result.won == (0 in RULES.winners(table.state))
    assert result.rows[0][1].startswith(str(max(scores)))
    stats = context.stats.get(GAME_ID)
    assert (stats.played, stats.won, stats.best_score) == (1, int(result.won), scores[0])
    assert not context.saves.exists(GAME_ID)


@pytest.mark.slow
def test_two_computer_players_finish_a_game_unattended(make_table, context):
    table = make_table(new_match(4, ("computer", "computer"), variant="plain"))
    table.run(lambda: table.scene.ending is not None and table.scene.ending.celebrating)
    assert table.scene.showing is None  # the status tells the result, not the last move
    table.run(lambda: isinstance(table.top, SummaryScene))
    assert table.scene.computer.thought is None
    assert not any(thread.name == "leap-frog-computer" and thread.is_alive()
                   for thread in threading.enumerate())
    state = table.state
    assert RULES.is_over(state)
    assert sum(map(len, state.captured)) + sum(p is not None for p in state.board) == 225
    leader = table.match.lineup[RULES.winners(state)[0]].name
    assert table.top.result.rows[0][0].endswith(leader)
    # No person played: the summary says so, and the player's statistics stay untouched.
    assert not table.top.result.won
    assert ("No person played", "not in your statistics") in table.top.result.rows
    assert context.stats.get(GAME_ID).played == 0
    assert not context.saves.exists(GAME_ID)


def test_leaving_a_game_of_computers_alone_records_nothing(make_table, context):
    table = make_table(new_match(8, ("computer", "computer")))
    table.run(lambda: table.match.history.position >= 4)
    table.close()
    assert context.saves.exists(GAME_ID)  # it can still be watched to the end
    open_leap_frog_table(context, 99)  # a new deal over it
    assert context.stats.get(GAME_ID).played == 0
    assert not context.saves.exists(GAME_ID)


def test_a_new_game_over_computers_alone_does_not_ask(make_table, context):
    table = make_table(new_match(8, ("computer", "computer")))
    table.run(lambda: table.match.history.position >= 2)
    table.key(pygame.K_F2)
    table.app.stack.apply_pending()
    assert table.top is table.scene  # not a game of the player's to lose: no question
    assert table.match.history.position == 0
    assert context.stats.get(GAME_ID).played == 0


def test_the_game_is_saved_after_each_turn_and_resumes(make_table, context):
    table = make_table(new_match(8, ("computer", "human")))
    table.run(lambda: table.scene.accepts_input)
    assert context.saves.exists(GAME_ID)  # the computer's removal was saved
    play_a_person_turn(table)
    table.run(lambda: table.scene.accepts_input)
    played = table.match.history.played
    key = table.match.key
    table.close()
    saved, _ = context.saves.load(GAME_ID)
    assert saved.history.played == played
    assert saved.extras == {"seats": ["computer", "human"], "strengths": ["medium", "medium"],
                            "key": key}
    resumed = Table(context, scene=open_leap_frog_table(context, None))
    try:
        assert resumed.match.history.played == played
        assert resumed.match.key == key
        assert [seat.name for seat in resumed.match.lineup.seats] == ["Computer", "You"]
        assert resumed.scene.accepts_input
        assert len(resumed.scene.view.trays[0]) == len(resumed.state.captured[0])
    finally:
        resumed.close()


def test_a_new_deal_over_a_saved_game_counts_it_as_lost(make_table, context):
    table = make_table(new_match(8))
    play_a_person_turn(table)
    table.close()
    open_leap_frog_table(context, 99)
    assert context.stats.get(GAME_ID).played == 1
    assert not context.saves.exists(GAME_ID)


def test_undo_goes_back_to_the_person_and_redo_replays(make_table):
    table = make_table(new_match(3, ("human", "computer", "computer")))
    play_a_person_turn(table)
    table.run(lambda: table.scene.accepts_input)
    assert table.match.history.position == 3
    table.key(pygame.K_z, CTRL)
    assert table.match.history.position == 0
    assert table.scene.accepts_input
    assert len(table.scene.view.marbles) == 225
    table.key(pygame.K_y, CTRL)
    assert table.match.history.position == 3
    assert len(table.scene.view.marbles) == 222


def test_undo_while_the_computer_thinks_stops_it(make_table, monkeypatch):
    started = threading.Event()

    def slow(state, strength, cancel, seed):
        started.set()
        cancel.wait(10)
        return RULES.single_leaps(state)[0] if not RULES.must_remove(state) else None

    monkeypatch.setattr(LeapFrogBoardScene, "chooser", staticmethod(slow))
    table = make_table(new_match(3))
    play_a_person_turn(table)
    assert table.scene.computer.thought is None  # not while the removed marble is still flying
    table.settle()
    table.app.stack.update(1 / 120)
    thought = table.scene.computer.thought
    assert started.wait(5)
    table.click_tool("Undo")
    assert thought.cancelled.is_set() and thought.join(5)
    assert table.match.history.position == 0
    assert table.scene.computer.thought is None


def test_new_game_asks_first_once_moves_were_made(make_table, context):
    table = make_table(new_match(3))
    table.key(pygame.K_F2)
    table.app.stack.apply_pending()
    assert table.top is table.scene  # nothing played: a new game at once
    first = table.state
    assert first.seed != 3
    play_a_person_turn(table)
    table.key(pygame.K_F2)
    table.app.stack.apply_pending()
    assert isinstance(table.top, ConfirmDialog)
    table.key(pygame.K_RETURN)
    table.app.stack.apply_pending()
    assert table.top is table.scene
    assert table.match.history.position == 0
    assert context.stats.get(GAME_ID).played == 1  # the abandoned game counts as a loss


def test_options_start_a_new_game_until_the_first_move(make_table, context):
    table = make_table(new_match(3))
    table.click_tool("Options")
    options = table.top
    assert isinstance(options, OptionsScene)
    options.draft.leap_frog.size = 17
    options.draft.leap_frog.players = 3
    options.draft.leap_frog.variant = "plain"
    options.accept()
    table.settle()
    assert table.state.options.size == 17 and table.state.options.variant == "plain"
    assert [seat.name for seat in table.match.lineup.seats] == ["You", "Computer 1",
                                                               "Computer 2"]
    assert len(table.scene.layout.panels) == 3
    play_a_person_turn(table)
    table.key(pygame.K_F1)
    table.app.stack.apply_pending()
    assert isinstance(table.top, HelpScene)
    table.top.close()
    table.app.stack.apply_pending()
    table.click_tool("Options")
    table.top.draft.leap_frog.size = 15
    table.top.accept()
    table.settle()
    assert table.state.options.size == 17  # a game under way keeps its options
    assert "next game" in table.scene.note
