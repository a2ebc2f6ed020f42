"""Leap Year played only through constructed mouse and key events, as a player would."""

import itertools
import time

import pygame
import pytest

from game.rules import GAMES
from game.rules.moves import STOCK
from game.rules.patience import FOUNDATION_REFS, STOCK_REF, TABLEAU_REFS
from game.scenes.summary import SummaryScene
from game.scenes.table.leap_year import LeapYearTable
from game.scenes.table.leap_year_layout import leap_year_layout
from game.scenes.table.opening import open_card_table
from game.store import Settings

RULES = GAMES["leap_year"]
CTRL = pygame.KMOD_LCTRL
RANKS = "A23456789TJQK"


def position(tableau=(), tops=None):
    """Foundation i holds suit "SHDC"[i % 4] from the Ace up to `tops.get(i, 13)`; the
    piles are given as codes, bottom to top; the stock is empty."""
    tops = tops or {}
    foundations = [[RANKS[rank] + "SHDC"[index % 4] for rank in range(tops.get(index, 13))]
                   for index in range(16)]
    piles = [pile.split() for pile in tableau] + [[]] * (8 - len(tableau))
    return RULES.from_dict({"game": "leap_year", "seed": 4, "tableau": piles,
                            "foundations": foundations, "stock": []})


NEAR_WIN = position(["KS", "KH QH"], {0: 12, 1: 11})
# Two foundations want a King; the rightmost pile holds one.
TWO_TAKERS = position(["KS", "", "", "", "", "", "", "KC"], {0: 12, 7: 12})
# The Jack of clubs is the last card that can go up: the Queens lie under Kings.
NEAR_LOSS = position(["QH KH", "QC KC JC"], {1: 11, 3: 10})
AUTO = position(["KS QS"], {0: 11})


@pytest.fixture
def leap_year(make_table, context):
    def make(state, **options):
        return make_table(state, game=LeapYearTable(context), **options)
    return make


def test_clicks_send_cards_up_and_the_last_one_wins(leap_year, context):
    table = leap_year(NEAR_WIN)
    for pile in (1, 0, 1):
        table.click(table.centre_of(TABLEAU_REFS[pile]))
    table.settle()
    assert isinstance(table.top, SummaryScene) and table.top.result.won
    assert table.top.result.score == 192
    assert (context.stats.get("leap_year").played, context.stats.get("leap_year").won) == (1, 1)


def test_a_click_picks_the_first_foundation_that_takes_the_card(leap_year):
    table = leap_year(TWO_TAKERS)
    table.click(table.centre_of(TABLEAU_REFS[7]))
    assert table.state.foundations[0][-1].code == "KC"  # not the nearer foundation 7


def test_dragging_a_card_to_a_chosen_foundation(leap_year):
    table = leap_year(TWO_TAKERS)
    table.drag(table.centre_of(TABLEAU_REFS[0]), table.centre_of(FOUNDATION_REFS[7]))
    table.settle()
    assert table.state.foundations[7][-1].code == "KS"


def test_no_card_left_to_play_ends_the_game_as_a_loss(leap_year, context):
    table = leap_year(NEAR_LOSS)
    table.click(table.centre_of(TABLEAU_REFS[1]))
    table.settle()
    assert isinstance(table.top, SummaryScene) and not table.top.result.won
    assert table.top.result.score == RULES.score(table.state)
    table.top.to_menu()  # a loss counts once its summary is left without Undo
    table.settle()
    stats = context.stats.get("leap_year")
    assert (stats.played, stats.won) == (1, 0)


def test_the_auto_play_switch_plays_the_cards_by_itself(leap_year, context):
    table = leap_year(AUTO)
    switch = next(b for b in table.scene.toolbar.buttons if b.label == "Auto-play")
    table.click(switch.rect.center)
    assert context.settings.leap_year.auto_play
    assert Settings.load(context.settings.folder)[0].leap_year.auto_play  # kept
    assert table.state == AUTO  # the cards go one after another, not at once
    table.settle()
    assert isinstance(table.top, SummaryScene)
    assert table.top.headline == "Solved by the computer" and not table.top.result.won
    session = table.scene.session
    assert len(session.history.played) == 2 and session.moves == 2  # its moves count
    assert ("Moves", "2") in table.top.result.rows and "Moves 2" in table.scene.readout()
    assert session.assisted


def run_until(table, done, seconds=60.0):
    """Step the table by frames of a twentieth of a second, waiting a moment for auto-play's
    search thread at each, until `done()`."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the table never got there"
        table.scene.game.runner.wait(0.002)
        table.app.run_frame(0.05)


def moved(table, count=1):
    return lambda: table.scene.session.history.position >= count


def test_auto_play_moves_at_once_on_a_fresh_deal(leap_year, context):
    context.settings.leap_year.auto_play = True
    start = RULES.new_game(2)  # a 2 of hearts and a 2 of clubs can go up
    table = leap_year(start, settle=False)
    run_until(table, moved(table, 2), seconds=10)
    session = table.scene.session
    assert {move.source for move in session.history.played[:2]} == {
        move.source for move in RULES.legal_moves(start) if move != STOCK}
    assert session.assisted and session.moves == 2


def test_auto_play_moves_again_after_undo_and_on_a_resumed_game(make_table, context):
    first = make_table(scene=open_card_table(context, LeapYearTable(context), 2))
    first.click(first.centre_of(TABLEAU_REFS[0]))
    first.settle()
    context.settings.leap_year.auto_play = True
    first.key(pygame.K_z, CTRL)
    assert first.scene.session.history.position == 0
    run_until(first, moved(first), seconds=10)
    first.close()
    context.settings.leap_year.auto_play = False
    second = make_table(scene=open_card_table(context, LeapYearTable(context), None))
    resumed_at = second.scene.session.history.position
    context.settings.leap_year.auto_play = True
    third = make_table(scene=open_card_table(context, LeapYearTable(context), None),
                       settle=False)
    assert third.scene.session.history.position == resumed_at
    run_until(third, moved(third, resumed_at + 1), seconds=10)


@pytest.mark.slow
def test_auto_play_wins_a_winnable_deal_and_the_win_is_not_the_players(leap_year, context):
    context.settings.leap_year.auto_play = True
    table = leap_year(RULES.new_game(4), settle=False)  # in the pool of proven wins
    run_until(table, lambda: isinstance(table.top, SummaryScene), seconds=120)
    assert table.scene.session.is_won and table.scene.session.assisted
    assert not table.top.result.won and table.top.headline == "Solved by the computer"
    stats = context.stats.get("leap_year")
    assert (stats.played, stats.won) == (1, 0)


def test_turning_auto_play_off_stops_it(leap_year, context):
    context.settings.leap_year.auto_play = True
    table = leap_year(RULES.new_game(4), settle=False)
    run_until(table, moved(table, 3), seconds=30)
    switch = next(b for b in table.scene.toolbar.buttons if b.label == "Auto-play")
    table.click(switch.rect.center)
    position = table.scene.session.history.position
    for _ in range(40):
        table.app.run_frame(0.05)
    assert table.scene.session.history.position == position


def test_a_deal_flies_to_the_eight_piles_one_after_another(leap_year):
    table = leap_year(RULES.new_game(5))
    assert table.scene.game.stock_label(table.state) == "23 deals"
    stock_at = table.scene.view.rest_position(STOCK_REF, 0)
    table.click(table.centre_of(STOCK_REF))
    assert table.scene.game.stock_label(table.state) == "22 deals"
    for _ in range(10):
        table.app.stack.update(1 / 120)
    first, last = (table.scene.view.piles[TABLEAU_REFS[pile]][-1] for pile in (0, 7))
    assert first.pos != stock_at and last.pos == stock_at  # the last has not left yet
    table.settle()
    assert [len(pile) for pile in table.state.tableau] == [2] * 8


def test_undo_and_redo_a_deal(leap_year):
    start = RULES.new_game(5)
    table = leap_year(start)
    table.click(table.centre_of(STOCK_REF))
    dealt = table.state
    table.key(pygame.K_z, CTRL)
    table.settle()
    assert table.state == start
    assert len(table.scene.view.piles[STOCK_REF]) == len(start.stock)
    table.key(pygame.K_y, CTRL)
    assert table.state == dealt


def test_the_game_is_saved_and_resumed(make_table, context):
    first = make_table(scene=open_card_table(context, LeapYearTable(context), 5))
    first.click(first.centre_of(STOCK_REF))
    history = first.scene.session.history
    first.close()
    again = make_table(scene=open_card_table(context, LeapYearTable(context), None))
    assert again.scene.session.history.states == history.states


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1280, 800), (1920, 1080)])
def test_everything_fits_even_with_every_deal_made(size):
    state = RULES.new_game(5)
    for _ in range(23):
        state = RULES.apply(state, STOCK)
    layout = leap_year_layout(size)
    screen = pygame.Rect(0, layout.toolbar.bottom, size[0], size[1] - layout.toolbar.bottom)
    piles = RULES.piles(state)
    areas = {key: spot.area(piles[key]) for key, spot in layout.piles.items()}
    for key, area in areas.items():
        assert screen.contains(area), key
    for first, second in itertools.combinations(areas, 2):
        assert not areas[first].colliderect(areas[second]), (first, second)


def greedy(state):
    """The first card that can go up, else the next deal."""
    moves = RULES.legal_moves(state)
    return next((move for move in moves if move != STOCK), moves[0])


@pytest.mark.parametrize("size", [(1280, 800), (640, 480)])
def test_nothing_moves_but_the_cards_played_from_the_deal_to_the_end(leap_year, size):
    """The table is laid out for the longest piles a game can make, so however the piles grow
    and shrink, no card changes size and every card that stays keeps its place: the stock,
    the foundations, and each card of a pile from the first deal to the last."""
    table = leap_year(RULES.new_game(201), size=size)
    view = table.scene.view
    widths, places, longest = {view.layout.card_width}, {}, 0
    while not RULES.is_over(table.state):
        assert table.scene.play(greedy(table.state))
        table.settle()
        widths.add(view.layout.card_width)
        for key, sprites in view.piles.items():
            for index, sprite in enumerate(sprites):
                assert places.setdefault((key, index), sprite.pos) == sprite.pos, (key, index)
        longest = max(longest, *map(len, table.state.tableau))
    assert widths == {view.layout.card_width} and longest >= 12
