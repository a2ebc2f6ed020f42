"""A person's turns at the Leap Frog table, played only through mouse and key events."""

import pygame

from game.rules.leap_frog import RULES
from game.rules.moves import Cell, Leap, RemovePiece
from game.scenes.menu import MenuScene

from .conftest import leap_for, new_match, played_until


def test_opening_removal_by_click(make_table):
    table = make_table()
    target = Cell(4, 6)
    piece = table.state.board[4 * 15 + 6]
    table.click_cell(target)
    assert table.match.history.played == (RemovePiece(target),)
    assert table.state.captured[0] == (piece,)
    assert target not in table.scene.view.marbles
    table.settle()
    assert table.scene.view.tray_pieces(0) == [piece]
    tray_sprite = table.scene.view.trays[0][0]
    assert table.scene.layout.panels[0].tray.collidepoint(tray_sprite.rect.center)
    assert table.scene.computer.thought is not None  # the computer is working out its reply


def test_clicks_that_mean_nothing_change_nothing(make_table):
    match = played_until(new_match(), lambda state: leap_for(state, extendable=False))
    table = make_table(match)
    before = table.state
    table.click((5, table.scene.layout.board.bottom + 2))  # off the board
    stuck = next(cell for cell in table.scene.view.marbles
                 if not table.match.rules.next_landings(table.state, [cell]))
    table.click_cell(stuck)  # a piece that cannot leap
    empty = next(Cell(*divmod(square, 15)) for square, piece in enumerate(before.board)
                 if piece is None)
    table.click_cell(empty)  # a hole nobody can reach from a chosen piece
    table.key(pygame.K_RETURN)  # nothing captured yet: there is no turn to end
    table.click((5, 5), button=3)
    assert table.state is before
    assert not table.scene.chain.started


def test_a_chain_entered_by_clicks_ends_with_enter(make_table):
    match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
    leap = leap_for(match.state, extendable=True)
    table = make_table(match)
    start = table.match.history.position
    table.click_cell(leap.path[0])
    assert set(table.scene.chain.landings) >= {leap.path[1]}
    table.click_cell(leap.path[1])
    assert table.match.history.position == start  # the turn goes on until it is ended
    jumped = table.match.rules.jumped_squares(leap)[0]
    assert table.scene.view.marbles[jumped].alpha < 255  # captured, pending
    table.key(pygame.K_RETURN)
    assert table.match.history.played[-1] == leap
    assert table.state.captured[0][-1] == match.rules.piece_at(match.history.states[start],
                                                                jumped)


def test_a_chain_ends_by_right_click_or_the_end_turn_button(make_table):
    for end in ("right", "button"):
        match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
        leap = leap_for(match.state, extendable=True)
        table = make_table(match)
        table.click_cell(leap.path[0])
        table.click_cell(leap.path[1])
        table.settle()
        if end == "right":
            table.click(table.centre(leap.path[1]), button=3)
        else:
            table.click(table.scene.layout.end_turn.center)
        assert table.match.history.played[-1] == leap, end


def test_a_chain_that_cannot_go_on_ends_by_itself(make_table):
    match = played_until(new_match(), lambda state: leap_for(state, extendable=False))
    leap = leap_for(match.state, extendable=False)
    table = make_table(match)
    table.click_cell(leap.path[0])
    table.click_cell(leap.path[1])
    assert table.match.history.played[-1] == leap
    assert table.scene.chain is None  # the computer's turn now


def test_a_chain_entered_by_dragging(make_table):
    match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
    leap = leap_for(match.state, extendable=True)
    table = make_table(match)
    table.drag(leap.path)
    chain = table.scene.chain
    assert chain.path == list(leap.path)
    table.settle()
    mover = table.scene.view.marbles[leap.path[0]]
    assert mover.rect.topleft == table.scene.layout.cell_rect(leap.path[1]).topleft
    table.key(pygame.K_KP_ENTER)
    assert table.match.history.played[-1] == leap


def test_escape_takes_back_a_chain_then_leaves_for_the_menu(make_table, context):
    match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
    leap = leap_for(match.state, extendable=True)
    table = make_table(match)
    table.click_cell(leap.path[0])
    table.click_cell(leap.path[1])
    table.settle()
    table.key(pygame.K_ESCAPE)
    assert not table.scene.chain.started
    table.settle()
    jumped = table.match.rules.jumped_squares(leap)[0]
    assert table.scene.view.marbles[jumped].alpha == 255
    home = table.scene.layout.cell_rect(leap.path[0]).topleft
    assert table.scene.view.marbles[leap.path[0]].rect.topleft == home
    assert table.top is table.scene
    table.key(pygame.K_ESCAPE)
    table.app.stack.apply_pending()
    assert isinstance(table.top, MenuScene)
    assert table.match.history.played == match.history.played


def test_backspace_and_undo_take_back_a_chain_not_the_last_turn(make_table):
    match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
    leap = leap_for(match.state, extendable=True)
    table = make_table(match)
    position = table.match.history.position
    table.click_cell(leap.path[0])
    table.key(pygame.K_BACKSPACE)
    assert not table.scene.chain.started
    table.click_cell(leap.path[0])
    table.click_cell(leap.path[1])
    table.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert not table.scene.chain.started
    assert table.match.history.position == position


def starts_of(state) -> list[Cell]:
    return sorted({leap.path[0] for leap in RULES.single_leaps(state)})


def test_choosing_another_piece_before_leaping(make_table):
    match = played_until(new_match(), lambda state: len(starts_of(state)) > 1)
    starts = starts_of(match.state)
    table = make_table(match)
    table.click_cell(starts[0])
    table.click_cell(starts[1])
    assert table.scene.chain.path == [starts[1]]
    table.click_cell(starts[1])  # a second click on the chosen piece lets it go
    assert not table.scene.chain.started


def test_resting_table_is_idle_and_draws_nothing(make_table):
    table = make_table()
    table.app.run_frame(1 / 60)  # the first frame painted in place; this one makes the layer
    assert table.app.is_idle()
    drawn = table.app.draw_count
    table.app.run_frame(1 / 60)
    assert table.app.draw_count == drawn
    table.move_mouse(table.centre(Cell(0, 0)))  # hovering a piece lights it
    assert table.scene.hovered == Cell(0, 0)
    assert table.app.draw_count == drawn + 1


def test_pieces_on_the_board_and_in_trays_match_the_state(make_table):
    match = played_until(new_match(), lambda state: sum(map(len, state.captured)) > 20)
    table = make_table(match)
    size = table.state.options.size
    expected = {Cell(*divmod(square, size)): piece
                for square, piece in enumerate(table.state.board) if piece is not None}
    assert {cell: sprite.data for cell, sprite in table.scene.view.marbles.items()} == expected
    for player, pieces in enumerate(table.state.captured):
        assert table.scene.view.tray_pieces(player) == list(pieces)
    assert isinstance(match.history.played[-1], Leap)
