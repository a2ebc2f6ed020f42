"""The win cascade: it plays by itself and ends in the summary, a click or a key cuts it
short, and the table it plays over stays as the win left it."""

import pygame
import pytest

from game.engine.app import App
from game.rules import GAMES
from game.rules.history import History
from game.rules.klondike import TABLEAU
from game.rules.moves import Cell
from game.scenes.leap_frog.ending import CELEBRATE_SECONDS, SkipCatcher
from game.scenes.leap_frog.match import Match
from game.scenes.leap_frog.scene import LeapFrogBoardScene
from game.scenes.leap_frog.seats import Lineup
from game.scenes.leap_frog.status import status_text
from game.scenes.summary import SummaryScene
from game.scenes.table.cascade import (
    BOUNCE,
    GAP_RANGE,
    GRAVITY,
    LAUNCH_SECONDS,
    LONGEST_SECONDS,
    PHYSICS_STEP,
    WinCascade,
    launch_gap,
    launch_order,
)
from game.scenes.table.leapfrog import LeapfrogTable

from .positions import position, suit_up_to
from .test_leapfrog_table import NEAR_WIN

FRAME = 1 / 60
LEAP_FROG = GAMES["leap_frog"]


def near_won():
    foundations = [suit_up_to("S", 12)] + [suit_up_to(suit, 13) for suit in "HDC"]
    return position(tableau=["KS"], foundations=foundations)


def play_to_cascade(table, spot):
    """Play the winning click, then run frames until the cascade has begun."""
    table.click(spot)
    for _ in range(600):
        if isinstance(table.top, WinCascade):
            return table.top
        table.app.run_frame(FRAME)
    raise AssertionError("no cascade after the win")


@pytest.fixture
def cascading(make_table):
    table = make_table(near_won())
    cascade = play_to_cascade(table, table.centre_of(TABLEAU[0]))
    return table, cascade


def resting_places(view):
    return {(key, index): (sprite.pos, sprite.card) for key, sprites in view.piles.items()
            for index, sprite in enumerate(sprites)}


def test_the_cards_take_off_top_first_one_pile_after_another():
    assert launch_order({"a": 3, "b": 1, "c": 2}) == [("a", 2), ("b", 0), ("c", 1), ("a", 1),
                                                      ("c", 0), ("a", 0)]
    assert launch_order({}) == []
    assert launch_gap(52) == GAP_RANGE[0]  # many cards: as close as they may go
    assert launch_gap(4) == GAP_RANGE[1]  # few: as far apart as they may go
    assert GAP_RANGE[0] < launch_gap(20) == LAUNCH_SECONDS / 20 < GAP_RANGE[1]


def test_a_win_cascades_by_itself_then_shows_the_summary(cascading, context):
    table, cascade = cascading
    state, history = table.state, table.scene.session.history
    resting = resting_places(table.scene.view)
    kings = [(key, 12) for key in table.scene.view.piles if table.scene.game.is_foundation(key)]
    assert cascade.order[:4] == kings  # the Kings go first
    seconds = 0.0
    while table.top is cascade:
        table.app.run_frame(FRAME)
        seconds += FRAME
        assert seconds <= LONGEST_SECONDS + 0.1, "the cascade never ended"
    assert isinstance(table.top, SummaryScene) and table.top.result.won
    assert table.app.stack.scenes == (table.scene, table.top)
    assert cascade.launched >= LAUNCH_SECONDS / GAP_RANGE[0] - 1
    # The table is as the win left it: state, history and every card at rest in its place.
    assert table.state == state and table.scene.session.history is history
    assert resting_places(table.scene.view) == resting
    assert context.stats.get("klondike").won == 1  # counted once, before the show


@pytest.mark.parametrize("event", [
    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 500), button=1),
    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(600, 300), button=3),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0),
])
def test_a_click_or_a_key_skips_to_the_summary(cascading, event):
    table, cascade = cascading
    state = table.state
    for _ in range(30):
        table.app.run_frame(FRAME)
    assert cascade.flights and table.top is cascade
    table.app.run_frame(0.0, [event])
    assert isinstance(table.top, SummaryScene) and cascade.done
    assert table.app.stack.scenes == (table.scene, table.top)
    assert table.state == state


def test_cards_fall_bounce_lower_each_time_and_leave_by_a_side(cascading):
    table, cascade = cascading
    width, height = cascade.size
    cascade.update(0.0)  # the first card takes off at once
    flight = cascade.flights[0]
    floor = height - flight.image.get_height()
    rebounds = []  # speed after each bounce as a share of the speed before it
    for _ in range(round(LONGEST_SECONDS / PHYSICS_STEP)):
        falling = flight.vy + GRAVITY * height * PHYSICS_STEP
        cascade.update(PHYSICS_STEP)
        if flight not in cascade.flights:
            break
        assert flight.y <= floor
        if flight.vy < 0 < falling:
            rebounds.append(-flight.vy / falling)
    else:
        raise AssertionError("the card never left the table")
    assert rebounds and rebounds == pytest.approx([BOUNCE] * len(rebounds))
    assert flight.x >= width or flight.x + flight.image.get_width() <= 0


def test_the_flying_cards_are_painted_on_the_trail(cascading):
    table, cascade = cascading
    for _ in range(20):
        table.app.run_frame(FRAME)
    table.app.draw()
    newest = cascade.flights[-1]  # stamped last, so on top of every other copy
    image = newest.image
    middle = (image.get_width() // 2, image.get_height() // 2)
    on_screen = (round(newest.x) + middle[0], round(newest.y) + middle[1])
    assert table.app.surface.get_at(on_screen) == image.get_at(middle)


def test_a_resize_starts_the_picture_again_and_the_show_goes_on(cascading):
    table, cascade = cascading
    for _ in range(40):
        table.app.run_frame(FRAME)
    launched = cascade.launched
    pygame.display.set_mode((900, 640))
    table.app.relayout()
    assert cascade.flights == [] and cascade.launched == launched
    table.app.draw()
    assert cascade.trail.get_size() == (900, 640)
    table.settle()
    assert isinstance(table.top, SummaryScene)


def test_leapfrog_cards_cascade_from_the_grid(make_table, context):
    table = make_table(NEAR_WIN, game=LeapfrogTable(context))
    state_before_win = table.state
    cascade = play_to_cascade(table, table.scene.view.layout.piles[Cell(0, 11)].rect.center)
    assert table.state != state_before_win and len(cascade.order) == 48
    table.settle()
    assert isinstance(table.top, SummaryScene) and table.top.result.score == 768


# Leap Frog's celebration: festive, and cut short by a click or a key too.


def last_leap_match():
    """Two pieces left side by side: the person to move leaps one over the other and wins."""
    board = [[None] * 15 for _ in range(15)]
    board[7][6] = board[7][7] = "P"
    state = LEAP_FROG.from_dict({
        "game": "leap_frog", "seed": 1,
        "options": {"size": 15, "variant": "plain", "players": 2, "diagonal": False},
        "board": board, "to_move": 0, "captured": [["P"] * 112, ["P"] * 111]})
    return Match(History.start(state), Lineup.of(("human", "computer")))


@pytest.fixture
def celebrating(context):
    table = LeapFrogBoardScene(context, last_leap_match())
    app = App(size=(1280, 800))
    app.stack.push(table)
    app.stack.apply_pending()
    app.settle()
    for cell in ((7, 6), (7, 8)):
        spot = table.layout.cell_rect(cell).center
        app.run_frame(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1),
                            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1)])
    for _ in range(600):
        if table.ending is not None and table.ending.celebrating:
            break
        app.run_frame(FRAME)
    yield app, table
    app.close()


def test_leap_frog_celebrates_the_winner_then_sums_up(celebrating):
    app, table = celebrating
    app.run_frame(FRAME)
    assert isinstance(app.stack.top, SkipCatcher)
    assert status_text(table.match, None, thinking=False)[0] == "You win!"
    app.draw()  # the banner and the fireworks draw without trouble
    seconds = 0.0
    while not isinstance(app.stack.top, SummaryScene):
        app.run_frame(FRAME)
        seconds += FRAME
        assert seconds < CELEBRATE_SECONDS + 0.5
    assert seconds > CELEBRATE_SECONDS - 0.5
    assert app.stack.scenes == (table, app.stack.top) and app.stack.top.result.won


@pytest.mark.parametrize("event", [
    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 400), button=1),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0),
])
def test_leap_frog_celebration_skips_at_a_click_or_a_key(celebrating, event):
    app, table = celebrating
    app.run_frame(FRAME)
    app.run_frame(FRAME, [event])
    app.run_frame(FRAME)
    assert isinstance(app.stack.top, SummaryScene)
    assert app.stack.scenes == (table, app.stack.top)
