"""A person's turns at the Leap Frog table with the keys alone, and time that stops while the
window is in the background."""

import pygame

from game.engine.input import Action
from game.rules.history import History
from game.rules.leap_frog import RULES
from game.rules.moves import Cell, RemovePiece
from game.scenes.leap_frog.match import Match
from game.scenes.leap_frog.seats import Lineup

from .conftest import leap_for, new_match, played_until

ARROWS = {(0, 1): pygame.K_RIGHT, (0, -1): pygame.K_LEFT, (1, 0): pygame.K_DOWN,
          (-1, 0): pygame.K_UP}


def press(table, *keys):
    for code in keys:
        table.key(code)


def walk_to(table, cell):
    """Arrow keys from wherever the focus is to `cell` (the focus shown first)."""
    keyboard = table.scene.keyboard
    if not keyboard.shown:
        press(table, pygame.K_SPACE)
    while keyboard.focus != cell:
        row, col = keyboard.focus
        step = (0, 1 if cell.col > col else -1) if cell.col != col else \
            (1 if cell.row > row else -1, 0)
        press(table, ARROWS[step])


def arrow_toward(start, end):
    """The arrow key pointing from `start` to `end` along a row or column."""
    row, col = end.row - start.row, end.col - start.col
    return ARROWS[((row > 0) - (row < 0), (col > 0) - (col < 0))]


def test_the_opening_removal_then_a_leap_with_keys_only(make_table):
    table = make_table()
    press(table, pygame.K_RIGHT)  # the first key shows the focus in the middle
    assert table.scene.keyboard.focus == Cell(7, 7)
    assert table.match.history.played == ()
    press(table, pygame.K_LEFT, pygame.K_RETURN)
    assert table.match.history.played == (RemovePiece(Cell(7, 6)),)

    table.run(lambda: table.scene.accepts_input)  # the computer removes its piece
    table.settle()
    leap = RULES.single_leaps(table.state)[0]
    walk_to(table, leap.path[0])
    press(table, pygame.K_SPACE)
    assert table.scene.chain.path == [leap.path[0]]
    press(table, arrow_toward(*leap.path))
    assert table.scene.keyboard.focus == leap.path[1]
    press(table, pygame.K_SPACE)
    if table.scene.chain.started:  # the piece could leap on: Enter on it ends the turn
        press(table, pygame.K_RETURN)
    assert table.match.history.played[-1] == leap


def test_enter_on_the_moving_piece_ends_the_turn(make_table):
    match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
    leap = leap_for(match.state, extendable=True)
    table = make_table(match)
    start = table.match.history.position
    walk_to(table, leap.path[0])
    press(table, pygame.K_RETURN, arrow_toward(*leap.path), pygame.K_RETURN)
    assert table.scene.keyboard.focus == table.scene.chain.at == leap.path[1]
    assert table.match.history.position == start  # it could leap on: the turn goes on
    press(table, pygame.K_RETURN)
    assert table.match.history.played[-1] == leap


def test_esc_takes_a_chain_in_progress_back(make_table):
    match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
    leap = leap_for(match.state, extendable=True)
    table = make_table(match)
    before = table.state
    walk_to(table, leap.path[0])
    press(table, pygame.K_SPACE, arrow_toward(*leap.path), pygame.K_SPACE)
    assert table.scene.chain.can_end
    press(table, pygame.K_ESCAPE)
    table.settle()
    assert not table.scene.chain.started and table.state is before
    assert table.top is table.scene  # Esc took the leaps back; it did not leave
    assert table.scene.keyboard.focus == leap.path[0]
    assert table.scene.view.marbles[leap.path[0]].alpha == 255


def test_arrows_keep_to_the_landings_while_a_piece_is_chosen(make_table):
    match = played_until(new_match(), lambda state: leap_for(state, extendable=False))
    leap = leap_for(match.state, extendable=False)
    table = make_table(match)
    walk_to(table, leap.path[0])
    press(table, pygame.K_SPACE)
    chain = table.scene.chain
    for code in (pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT) * 2:
        press(table, code)
        assert table.scene.keyboard.focus in [chain.at, *chain.landings]


def test_a_piece_that_cannot_leap_is_not_chosen(make_table):
    match = played_until(new_match(), lambda state: leap_for(state, extendable=False))
    table = make_table(match)
    stuck = next(cell for cell in table.scene.view.marbles
                 if not table.match.rules.next_landings(table.state, [cell]))
    walk_to(table, stuck)
    press(table, pygame.K_SPACE)
    assert not table.scene.chain.started


def test_a_mouse_press_hides_the_focus_square(make_table):
    table = make_table()
    press(table, pygame.K_RIGHT)
    assert table.scene.keyboard.visible_focus == Cell(7, 7)
    square = table.scene.layout.cell_rect(Cell(7, 7))
    ring_point = (square.centerx, square.top + 2)
    table.app.draw()
    lit = table.app.surface.get_at(ring_point)
    table.click((5, table.scene.layout.board.bottom + 2))  # off the board
    table.app.draw()
    assert table.scene.keyboard.visible_focus is None
    assert table.app.surface.get_at(ring_point) != lit
    assert table.match.history.played == ()


def test_the_focus_shows_only_on_a_persons_turn(make_table):
    table = make_table()
    press(table, pygame.K_RIGHT, pygame.K_RETURN)  # the removal: the computer is to move
    assert not table.scene.accepts_input
    assert table.scene.keyboard.visible_focus is None
    assert not table.scene.keyboard.handle_action(Action.LEFT)


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_time_stands_still_while_the_window_is_in_the_background(make_table):
    time = FakeTime()
    state = RULES.new_game(3, players=2)
    table = make_table(Match(History.start(state), Lineup.of(("human", "human")), now=time))
    table.click_cell(Cell(4, 6))  # the first move starts the clock
    time.now += 10.0
    assert table.match.clock.elapsed == 10.0
    table.send(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    time.now += 300.0
    assert table.match.clock.elapsed == 10.0
    table.send(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    time.now += 5.0
    assert table.match.clock.elapsed == 15.0
    table.send(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    time.now += 60.0
    table.click_cell(Cell(4, 8))  # a press means the window is back in front
    time.now += 2.0
    assert table.match.clock.elapsed == 17.0
