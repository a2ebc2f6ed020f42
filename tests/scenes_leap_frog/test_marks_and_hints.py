"""Signs on the board: each player's last move stays marked in their colour; H rings the
marbles that can leap and shows the computer's suggestion; a refused click says why."""

import pygame

from game.ai.leap_frog.players import greedy_move
from game.rules.moves import Cell, Leap, RemovePiece
from game.scenes.leap_frog import painting, refusals
from game.scenes.leap_frog.chain import Chain
from game.scenes.leap_frog.marks import HINT_COLOUR, last_moves
from game.scenes.leap_frog.scene import LeapFrogBoardScene

from .conftest import leap_for, new_match, played_until


def test_the_last_move_of_each_other_player_is_marked_in_their_colour():
    match = new_match(kinds=("human", "computer", "computer"))
    assert last_moves(match) == []
    for _ in range(4):
        match.play(greedy_move(match.state))
    marks = last_moves(match)  # the moves since player 1 (now to move) last moved
    moves = match.history.played[-2:]
    assert [mark.colour for mark in marks] == [match.lineup[2].colour, match.lineup[0].colour]
    for mark, move in zip(marks, moves, strict=True):
        if isinstance(move, RemovePiece):
            assert mark.path == mark.captured == (move.square,)
        else:
            assert mark.path == move.path
            assert mark.captured == match.rules.jumped_squares(move)
    assert len(last_moves(match, hide_latest=True)) == 1


def test_the_computer_move_stays_marked_on_the_board_until_the_next(make_table):
    match = played_until(new_match(), lambda state: not any(
        piece is None for piece in state.captured) and leap_for(state, extendable=False))
    table = make_table(match)
    leap = leap_for(table.state, extendable=False)
    table.click_cell(leap.path[0])
    table.click_cell(leap.path[1])  # the turn ends: the computer's reply comes
    table.run(lambda: table.scene.accepts_input)
    table.settle()
    reply = table.match.history.played[-1]
    assert isinstance(reply, Leap)
    colour = table.match.lineup[1].colour
    taken = table.match.rules.jumped_squares(reply)[0]
    centre = table.scene.layout.cell_rect(taken).center
    assert tuple(table.app.surface.get_at(centre))[:3] == colour  # a cross where it was
    landing = table.scene.layout.cell_rect(reply.path[-1])
    ring = (landing.centerx, landing.top + max(1, round(table.scene.layout.cell * 0.03)) + 1)
    assert tuple(table.app.surface.get_at(ring))[:3] == colour


def test_h_rings_the_marbles_that_can_leap_and_suggests_a_move(make_table, monkeypatch):
    asked = []

    def chooser(state, strength, cancel, seed):
        asked.append(strength)
        return greedy_move(state)

    monkeypatch.setattr(LeapFrogBoardScene, "chooser", staticmethod(chooser))
    match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
    table = make_table(match)
    asked.clear()
    table.key(pygame.K_h)
    chain = Chain(match.rules, match.state)
    expected = {cell for cell in table.scene.view.marbles if chain.landings_from(cell)}
    assert set(table.scene.hint.movable) == expected and expected
    table.run(lambda: table.scene.hint.mark is not None)
    hint = table.scene.hint.mark
    assert asked == ["hard"]  # the computer player's own search, at its strongest
    assert match.rules.is_legal(match.state, Leap(hint.path)) and hint.colour == HINT_COLOUR
    assert table.scene.hint.words.startswith("Hint: leap along the gold path, capturing")
    table.key(pygame.K_h)  # H again puts it away
    assert not table.scene.hint.shown


def test_the_hint_goes_once_the_turn_is_played(make_table):
    match = played_until(new_match(), lambda state: leap_for(state, extendable=False))
    table = make_table(match)
    table.key(pygame.K_h)
    table.run(lambda: table.scene.hint.mark is not None)
    leap = leap_for(table.state, extendable=False)
    table.click_cell(leap.path[0])
    assert table.scene.hint.mark is not None  # still there while the turn is entered
    table.click_cell(leap.path[1])
    assert not table.scene.hint.shown


def test_a_refused_click_says_why(make_table, monkeypatch):
    painted = []
    paint = painting.paint_status
    monkeypatch.setattr(painting, "paint_status",
                        lambda surface, layout, headline, hint, buttons: (
                            painted.append(hint), paint(surface, layout, headline, hint,
                                                        buttons)))
    match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
    table = make_table(match)
    stuck = next(cell for cell in table.scene.view.marbles
                 if not table.match.rules.next_landings(table.state, [cell]))
    table.click_cell(stuck)
    table.app.draw()
    assert painted[-1] == refusals.STUCK
    empty = next(Cell(*divmod(square, 15)) for square, piece in enumerate(table.state.board)
                 if piece is None)
    table.click_cell(empty)
    assert table.scene.note == refusals.EMPTY
    leap = leap_for(table.state, extendable=True)
    table.click_cell(leap.path[0])
    assert table.scene.note == ""  # a good click clears the complaint
    table.click_cell(leap.path[1])
    other = next(cell for cell in table.scene.view.marbles
                 if cell not in (leap.path[0], *table.match.rules.jumped_squares(leap)))
    table.click_cell(other)
    assert table.scene.note == refusals.ONE_MARBLE
    table.click_cell(table.match.rules.jumped_squares(leap)[0])
    assert table.scene.note == refusals.TAKEN


def test_a_drop_where_the_marble_cannot_land_says_why(make_table):
    match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
    table = make_table(match)
    leap = leap_for(table.state, extendable=True)
    start = leap.path[0]
    wrong = next(Cell(start.row + dr, start.col + dc) for dr, dc in
                 ((3, 3), (-3, 3), (3, -3), (-3, -3))
                 if 0 <= start.row + dr < 15 and 0 <= start.col + dc < 15)
    table.drag([start, wrong])
    assert table.scene.note == refusals.NO_LANDING
    assert table.match.history.played == match.history.played


def test_an_empty_hole_cannot_be_removed_in_the_opening():
    match = new_match(kinds=("human", "human"))
    match.play(RemovePiece(Cell(3, 3)))
    chain = Chain(match.rules, match.state)
    assert refusals.refusal(match, chain, Cell(3, 3)) == refusals.EMPTY_REMOVAL
    assert refusals.refusal(match, chain, Cell(4, 4)) == ""


def test_the_marks_give_way_to_a_leap_under_way_and_to_a_hint(make_table, monkeypatch):
    painted = []
    paint = painting.paint_marks
    monkeypatch.setattr(painting, "paint_marks", lambda surface, layout, marks: (
        painted.append(list(marks)), paint(surface, layout, marks)))
    match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
    table = make_table(match)
    last = last_moves(match)
    assert painted[-1] == last and last
    leap = leap_for(table.state, extendable=True)
    table.click_cell(leap.path[0])
    table.app.draw()
    assert painted[-1] == last  # a marble chosen: nothing has moved yet
    table.click_cell(leap.path[1])
    table.settle()
    assert painted[-1] == []  # the leaping marble may stand where a mark was
    table.key(pygame.K_ESCAPE)
    table.key(pygame.K_h)
    table.run(lambda: table.scene.hint.mark is not None)
    table.app.draw()
    assert painted[-1] == [table.scene.hint.mark]
