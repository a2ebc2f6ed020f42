"""Leapfrog played only through constructed mouse and key events, as a player would."""

import pygame
import pytest

from game.rules import GAMES
from game.rules.moves import Cell, GapMove
from game.scenes.stats import StatsScene
from game.scenes.summary import SummaryScene
from game.scenes.table.king_chooser import KingChooser
from game.scenes.table.leapfrog import LeapfrogTable, score_slots, signed
from game.scenes.table.leapfrog_layout import leapfrog_layout
from game.scenes.table.opening import open_card_table

RULES = GAMES["leapfrog"]
CTRL = pygame.KMOD_LCTRL
RANKS = "KQJT98765432"


def suit_row(suit: str, tail: str = "--") -> str:
    """A row in its final order from King to 2, then `tail`."""
    return " ".join(rank + suit for rank in RANKS) + " " + tail


def grid(*rows: str):
    """The state whose four rows are given as 13 codes each, "--" for a gap."""
    cells = [[None if code == "--" else code for code in row.split()] for row in rows]
    return RULES.from_dict({"game": "leapfrog", "seed": 3, "grid": cells})


# One move from the win: the 2 of spades leaps left into the gap beside the 3.
NEAR_WIN = grid("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S -- 2S", suit_row("H"), suit_row("D"),
                suit_row("C"))
# One move from the end: the 3 of clubs fills the last live gap, leaving one beside the 2.
NEAR_LOSS = grid(suit_row("S"), suit_row("H"), suit_row("D"),
                 "KC QC JC TC 9C 8C 7C 6C 5C 2C 3C 4C --")
# A gap at the head of every row, and every King at the far end of its row.
KINGS_ASTRAY = grid(*(f"-- {' '.join(rank + suit for rank in RANKS[1:])} K{suit}"
                      for suit in "SHDC"))


@pytest.fixture
def leapfrog(make_table, context):
    def make(state, **options):
        return make_table(state, game=LeapfrogTable(context), **options)
    return make


def cell_centre(table, cell):
    return table.scene.view.layout.piles[cell].rect.center


def test_clicking_a_gap_makes_the_card_leap_into_it(leapfrog):
    table = leapfrog(NEAR_WIN)
    sprite = table.scene.view.piles[Cell(0, 12)][0]
    row_y = sprite.pos[1]
    table.click(cell_centre(table, Cell(0, 11)))
    assert table.state.grid[0][11].code == "2S"
    highest = row_y
    for _ in range(30):  # a quarter of a second of flight
        table.app.stack.update(1 / 120)
        highest = min(highest, sprite.pos[1])
    assert highest < row_y - sprite.rect.height * 0.2  # it hopped, not slid


def test_dragging_the_card_onto_its_gap_plays_the_move(leapfrog):
    table = leapfrog(NEAR_LOSS)
    table.drag(cell_centre(table, Cell(3, 10)), cell_centre(table, Cell(3, 12)))
    table.settle()
    assert table.scene.session.history.played == (GapMove(Cell(3, 10), Cell(3, 12)),)


def test_a_dead_gap_is_marked_and_does_nothing_when_clicked(leapfrog):
    table = leapfrog(NEAR_LOSS)
    game = table.scene.game
    assert game.ghost(Cell(0, 12), table.state) is None  # right of a 2: painted dead
    assert game.ghost(Cell(3, 12), table.state) == ("empty", None)  # live
    table.click(cell_centre(table, Cell(0, 12)))
    table.settle()
    assert table.state == NEAR_LOSS


def test_a_win_counts_with_its_bonus_and_shows_the_winnings(leapfrog, context):
    table = leapfrog(NEAR_WIN)
    table.click(cell_centre(table, Cell(0, 11)))
    table.settle()
    summary = table.top
    assert isinstance(summary, SummaryScene) and summary.result.won
    assert summary.result.score == 768
    rows = dict(summary.result.rows)
    assert rows["Win bonus: four times the buy-in!"] == "+400"
    assert rows["Buy-in"] == "−100"
    assert rows["This game's winnings"] == rows["Accumulated winnings"] == "+668"
    stats = context.stats.get("leapfrog")
    assert (stats.played, stats.won, stats.total_winnings) == (1, 1, 668)


def test_no_move_left_ends_the_game_as_a_loss(leapfrog, context):
    table = leapfrog(NEAR_LOSS)
    table.click(cell_centre(table, Cell(3, 12)))
    table.settle()
    assert isinstance(table.top, SummaryScene)
    assert not table.top.result.won and "no more moves" in table.top.result.title
    score = RULES.score(table.state)
    assert table.top.result.score == score
    assert dict(table.top.result.rows)["This game's winnings"] == f"+{score - 100}"
    table.top.to_menu()  # a loss counts once its summary is left without Undo
    table.settle()
    assert context.stats.get("leapfrog").total_winnings == score - 100


@pytest.mark.parametrize("state", [NEAR_WIN, NEAR_LOSS, KINGS_ASTRAY])
def test_the_band_shows_what_a_helped_game_would_really_pay(state):
    parts = RULES.score_breakdown(state)
    own = dict((label, value) for label, value, _ in score_slots(parts, 0))
    helped = dict((label, value) for label, value, _ in score_slots(parts, 0, assisted=True))
    assert own["After buy-in"] == signed(parts.total - 100)
    earned = parts.total - parts.bonus
    if earned > 100:  # a helped game would gain: the band says it pays nothing
        assert "After buy-in" not in helped
        assert helped["Pays (helped)"] == "0"
    else:  # it loses as much as the player's own game would
        assert helped["After buy-in"] == signed(earned - 100)


def test_winnings_add_up_from_game_to_game(leapfrog, context):
    first = leapfrog(NEAR_LOSS)
    first.click(cell_centre(first, Cell(3, 12)))
    first.settle()
    first.top.to_menu()
    first.settle()
    lost = RULES.score(first.state) - 100
    second = leapfrog(NEAR_WIN)
    assert second.scene.game.decoration_key(second.state)[-1] == lost  # in the band
    second.click(cell_centre(second, Cell(0, 11)))
    second.settle()
    stats = context.stats.get("leapfrog")
    assert (stats.played, stats.won) == (2, 1)
    assert stats.total_winnings == lost + 668 and stats.best_winnings == 668
    assert dict(second.top.result.rows)["Accumulated winnings"] == f"+{lost + 668:,}"


def test_a_daily_game_adds_nothing_to_the_accumulated_winnings(leapfrog, context):
    """A deal of the day is kept apart: its summary, before it counts (a loss may still be
    taken back) and after, shows the winnings of the player's own deals only."""
    context.stats.record_game("leapfrog", 130, False, winnings=30)
    table = leapfrog(NEAR_LOSS)
    table.scene.session.daily = "2026-03-10"
    table.click(cell_centre(table, Cell(3, 12)))
    table.settle()
    rows = dict(table.top.result.rows)
    assert rows["This game's winnings"] == f"+{RULES.score(table.state) - 100}"
    assert rows["Accumulated winnings"] == "+30"
    table.top.to_menu()
    table.settle()
    stats = context.stats.get("leapfrog")
    assert (stats.played, stats.total_winnings, len(stats.daily)) == (1, 30, 1)


def test_a_first_column_gap_offers_the_kings_and_places_the_chosen_one(leapfrog):
    table = leapfrog(KINGS_ASTRAY)
    table.click(cell_centre(table, Cell(1, 0)))
    table.app.stack.apply_pending()
    chooser = table.top
    assert isinstance(chooser, KingChooser)
    assert [card.code for card, _ in chooser.kings] == ["KS", "KH", "KD", "KC"]
    table.settle()
    table.click(chooser.card_rects[1].center)  # the King of hearts
    table.settle()
    assert table.top is table.scene
    assert table.scene.session.history.played == (GapMove(Cell(1, 12), Cell(1, 0)),)


def test_escape_closes_the_king_chooser_without_a_move(leapfrog):
    table = leapfrog(KINGS_ASTRAY)
    table.click(cell_centre(table, Cell(0, 0)))
    table.app.stack.apply_pending()
    assert isinstance(table.top, KingChooser)
    table.key(pygame.K_ESCAPE)
    table.settle()
    assert table.top is table.scene
    assert table.state == KINGS_ASTRAY and not table.scene.session.history.can_undo


def test_undo_and_redo_take_the_king_back_and_bring_it_again(leapfrog):
    table = leapfrog(KINGS_ASTRAY)
    table.click(cell_centre(table, Cell(2, 0)))
    table.settle()
    table.click(table.top.card_rects[2].center)
    table.settle()
    played = table.state
    assert played.grid[2][0].code == "KD"
    table.key(pygame.K_z, CTRL)
    table.settle()
    assert table.state == KINGS_ASTRAY
    table.key(pygame.K_y, CTRL)
    table.settle()
    assert table.state == played


def test_the_game_is_saved_and_resumed(make_table, context):
    first = make_table(scene=open_card_table(context, LeapfrogTable(context), 5))
    gap = next(move.target for move in first.scene.session.legal_moves()
               if move.target.col > 0)
    first.click(cell_centre(first, gap))
    history = first.scene.session.history
    assert history.position == 1
    first.close()
    again = make_table(scene=open_card_table(context, LeapfrogTable(context), None))
    assert again.scene.session.history.states == history.states


def test_the_stats_button_shows_the_recorded_winnings(leapfrog):
    table = leapfrog(NEAR_WIN)
    stats = next(button for button in table.scene.toolbar.buttons if button.label == "Stats")
    table.click(stats.rect.center)
    table.app.stack.apply_pending()
    assert isinstance(table.top, StatsScene) and table.top.game_id == "leapfrog"
    assert ("Total winnings", "0") in table.top.rows()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_grid_and_band_fit_the_window_apart(size):
    layout = leapfrog_layout(size)
    screen = pygame.Rect(0, layout.toolbar.bottom, *size).clip(pygame.Rect((0, 0), size))
    rects = [spot.rect for spot in layout.piles.values()] + [layout.panel]
    for index, rect in enumerate(rects):
        assert screen.contains(rect)
        assert rect.collidelist(rects[index + 1:]) == -1
