"""A turn's leaps are saved as they are made, and a game resumes part way through a turn;
a save's turn in progress is checked as strictly as its moves."""

import pygame
import pytest

from game.rules.moves import Cell
from game.scenes.leap_frog.chain import CHAIN_EXTRA, saved_path
from game.scenes.leap_frog.match import GAME_ID
from game.scenes.leap_frog.opening import open_leap_frog_table

from .conftest import Table, leap_for, new_match, played_until


def mid_chain(make_table, context):
    """A table where a person has made the first leap of a chain that can go on."""
    match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
    leap = leap_for(match.state, extendable=True)
    table = make_table(match)
    table.click_cell(leap.path[0])
    table.click_cell(leap.path[1])
    table.settle()
    table.app.stack.update(0.0)
    return table, leap


def test_each_leap_is_saved_before_the_turn_ends(make_table, context):
    table, leap = mid_chain(make_table, context)
    saved, _ = context.saves.load(GAME_ID)  # as if the program were stopped now
    assert saved.extras[CHAIN_EXTRA] == [list(cell) for cell in leap.path]
    assert saved.history.played == table.match.history.played


def test_a_game_resumes_part_way_through_a_turn(make_table, context):
    table, leap = mid_chain(make_table, context)
    position = table.match.history.position
    resumed = Table(context, scene=open_leap_frog_table(context, None))
    try:
        chain = resumed.scene.chain
        assert chain.path == list(leap.path)
        jumped = resumed.match.rules.jumped_squares(leap)[0]
        assert resumed.scene.view.marbles[jumped].alpha < 255  # captured, pending
        assert resumed.scene.view.marbles[leap.path[0]].pos == \
            tuple(map(float, resumed.scene.layout.cell_rect(leap.path[1]).topleft))
        resumed.key(pygame.K_RETURN)
        assert resumed.match.history.position == position + 1
        assert resumed.match.history.played[-1] == leap
    finally:
        resumed.close()


def test_a_saved_turn_the_rules_refuse_is_dropped(make_table, context, caplog):
    table, leap = mid_chain(make_table, context)
    saved, _ = context.saves.load(GAME_ID)
    bad = [list(leap.path[0]), [leap.path[0].row, leap.path[0].col + 1]]  # no leap
    context.saves.save(GAME_ID, saved.history, move_count=saved.move_count,
                       extras={**saved.extras, CHAIN_EXTRA: bad})
    resumed = Table(context, scene=open_leap_frog_table(context, None))
    try:
        assert resumed.match.history.played == table.match.history.played
        assert not resumed.scene.chain.started
        assert "does not fit" in caplog.text
    finally:
        resumed.close()


@pytest.mark.parametrize("raw", [
    "a1", [[1, 2]], [[1, 2], [1]], [[1, 2], [1, 15]], [[1, 2], [True, 4]], [[1, 2], [-1, 4]],
    [[1, 2], "3,4"], {"path": [[1, 2], [1, 4]]}, [[1, 2], [1.0, 4]],
])
def test_a_malformed_saved_turn_is_no_path(raw, caplog):
    assert saved_path({CHAIN_EXTRA: raw}, 15) == ()
    assert "not a path" in caplog.text


def test_a_save_without_a_turn_in_progress_has_no_path():
    assert saved_path({}, 15) == ()
    assert saved_path({CHAIN_EXTRA: [[1, 2], [1, 4]]}, 15) == (Cell(1, 2), Cell(1, 4))


def test_an_older_save_without_a_turn_in_progress_still_loads(make_table, context):
    table, _ = mid_chain(make_table, context)
    saved, _ = context.saves.load(GAME_ID)
    old = {"seats": ["human", "computer"], "strength": "hard", "key": saved.extras["key"]}
    context.saves.save(GAME_ID, saved.history, move_count=saved.move_count, extras=old)
    resumed = Table(context, scene=open_leap_frog_table(context, None))
    try:
        assert resumed.match.history.played == table.match.history.played
        assert not resumed.scene.chain.started
        assert [seat.strength for seat in resumed.match.lineup.seats][1] == "hard"
    finally:
        resumed.close()
