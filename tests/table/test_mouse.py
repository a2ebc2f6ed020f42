"""The mouse on every card table: click then destination, the click's choice of target, and
the no of cards that cannot move. Played through constructed events only."""

import pygame
import pytest

from game.art import palette
from game.rules.klondike import TABLEAU, WASTE
from game.rules.moves import Cell, GapMove
from game.rules.patience import FOUNDATION_REFS, TABLEAU_REFS
from game.scenes.table.leap_year import LeapYearTable
from game.scenes.table.leapfrog import LeapfrogTable
from game.scenes.table.lucas_leaps import LucasLeapsTable

from . import test_leap_year_table as leap_year
from . import test_leapfrog_table as leapfrog
from . import test_lucas_leaps_table as lucas
from .positions import position

RUN = position(tableau=["KS", "5c 9H 8S", "TC"], waste="QH")


def codes(pile) -> str:
    return " ".join(card.code for card in pile)


@pytest.fixture
def sounds(context, monkeypatch):
    played = []
    monkeypatch.setattr(context, "play", played.append)
    return played


def selecting(context):
    context.settings.general.click_to_select = True


def grab(table, pile, index):
    """A point on the visible strip of card `index` of `pile`."""
    cards = table.scene.game.piles(table.state)[pile]
    rect = table.scene.view.layout.piles[pile].card_rects(cards)[index]
    return (rect.centerx, rect.top + 6)


def shaking(table, sprite) -> bool:
    return table.scene.tweens.tween_of(sprite, "pos") is not None


# Click a card, then its destination ------------------------------------------------------------

def test_a_click_selects_and_a_click_on_a_taker_moves_the_card_there(make_table, context):
    selecting(context)
    table = make_table(RUN)
    table.click(table.centre_of(WASTE))
    assert table.state == RUN  # highlighted, not moved
    assert table.scene.mouse.selection.pile == WASTE
    table.click(table.centre_of(TABLEAU[0]))
    table.settle()
    assert codes(table.state.tableau[0]) == "KS QH" and table.state.waste == ()
    assert table.scene.mouse.selection is None


def test_a_click_elsewhere_clears_the_highlight(make_table, context):
    selecting(context)
    table = make_table(RUN)
    table.click(table.centre_of(WASTE))
    table.click(table.centre_of(TABLEAU[2]))  # TC does not take the queen
    assert table.state == RUN and table.scene.mouse.selection is None
    table.click(table.centre_of(TABLEAU[0]))  # the highlight is gone: nothing moves
    assert table.state == RUN


def test_a_second_click_on_the_highlighted_card_clears_it(make_table, context):
    selecting(context)
    table = make_table(RUN)
    table.click(table.centre_of(WASTE))
    table.click(table.centre_of(WASTE))
    assert table.scene.mouse.selection is None and table.state == RUN


def test_a_run_is_selected_and_sent_to_the_pile_clicked(make_table, context):
    selecting(context)
    table = make_table(RUN)
    table.click(grab(table, TABLEAU[1], 1))
    table.click(table.centre_of(TABLEAU[2]))
    table.settle()
    assert codes(table.state.tableau[2]) == "TC 9H 8S"


def test_the_highlight_is_a_bright_ring_round_the_cards(make_table, context):
    selecting(context)
    table = make_table(RUN)
    table.click(table.centre_of(WASTE))
    table.app.draw()
    surface = pygame.display.get_surface()
    rect = table.scene.view.top_rect(WASTE)
    ring = [surface.get_at((rect.centerx, rect.top - offset))[:3] for offset in range(1, 8)]
    assert palette.ACCENT_BRIGHT in ring


def test_the_highlight_goes_with_undo(make_table, context):
    selecting(context)
    table = make_table(RUN)
    table.click(table.centre_of(WASTE))
    table.click(table.centre_of(TABLEAU[0]))
    table.click(grab(table, TABLEAU[1], 1))
    assert table.scene.mouse.selection is not None
    table.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert table.scene.mouse.selection is None


def test_selecting_works_on_lucas_leaps(make_table, context):
    selecting(context)
    table = make_table(lucas.RUNS, game=LucasLeapsTable(context))
    table.click(lucas.grab(table, TABLEAU_REFS[0], 0))
    assert table.state == lucas.RUNS
    table.click(table.centre_of(TABLEAU_REFS[1]))
    table.settle()
    assert codes(table.state.tableau[1]) == "KH QH JH TH 9H 8H 7H"


def test_selecting_works_on_leap_year(make_table, context):
    selecting(context)
    table = make_table(leap_year.TWO_TAKERS, game=LeapYearTable(context))
    table.click(table.centre_of(TABLEAU_REFS[7]))
    assert table.state == leap_year.TWO_TAKERS
    table.click(table.centre_of(FOUNDATION_REFS[7]))  # the second taker, not the first
    table.settle()
    assert codes(table.state.foundations[7])[-2:] == "KC"


def test_selecting_works_on_leapfrog(make_table, context):
    selecting(context)
    table = make_table(leapfrog.NEAR_WIN, game=LeapfrogTable(context))
    table.click(leapfrog.cell_centre(table, Cell(0, 12)))
    assert table.state == leapfrog.NEAR_WIN
    table.click(leapfrog.cell_centre(table, Cell(0, 11)))
    table.settle()
    assert table.scene.session.history.played == (GapMove(Cell(0, 12), Cell(0, 11)),)


# The click's choice -----------------------------------------------------------------------------

def test_a_lone_king_is_not_shuffled_between_empty_columns(make_table, sounds):
    table = make_table(RUN)
    king = table.scene.view.piles[TABLEAU[0]][0]
    table.click(table.centre_of(TABLEAU[0]))
    assert table.state == RUN  # it would look just the same in another empty column
    assert shaking(table, king) and "invalid" in sounds


def test_a_king_over_hidden_cards_still_goes_to_an_empty_column(make_table):
    start = position(tableau=["KS", "5c KH"])
    table = make_table(start)
    table.click(table.centre_of(TABLEAU[1]))
    table.settle()
    assert codes(table.state.tableau[2]) == "KH" and codes(table.state.tableau[1]) == "5C"


def test_a_whole_lucas_leaps_pile_stays_put_when_clicked(make_table, context):
    start = lucas.position(["KS", "QS"], {0: 11})  # the Queen may go up, the King nowhere
    table = make_table(start, game=LucasLeapsTable(context))
    for _ in range(3):
        table.click(table.centre_of(TABLEAU_REFS[0]))
    table.settle()
    assert table.state == start and table.scene.session.move_count == 0


# Both spade foundations (0 and 4) stand at the 4: the 5 in the rightmost pile fits either.
FIVES = ["KS QS JS TS 9S 8S 7S 6S", "KS QS JS TS 9S 8S 7S 6S", "5S", *[""] * 9, "KH 5S"]


def test_a_click_sends_a_card_to_the_leftmost_foundation_that_takes_it(make_table, context):
    start = lucas.position(FIVES, {0: 4, 4: 4, 1: 12})
    table = make_table(start, game=LucasLeapsTable(context))
    table.click(table.centre_of(TABLEAU_REFS[12]))
    table.settle()
    assert codes(table.state.foundations[0]).endswith("5S")


def test_a_double_click_sends_a_card_to_the_leftmost_foundation_that_takes_it(make_table,
                                                                               context):
    start = lucas.position(FIVES, {0: 4, 4: 4, 1: 12})
    table = make_table(start, game=LucasLeapsTable(context))
    table.double_click(table.centre_of(TABLEAU_REFS[12]))
    table.settle()
    assert codes(table.state.foundations[0]).endswith("5S")
    assert codes(table.state.tableau[12]) == "KH"


def test_a_klondike_ace_goes_to_the_leftmost_suit_stack(make_table, context):
    context.settings.klondike.automatic_moves = False
    start = position(tableau=["KS", "", "", "", "", "", "5c AD"])
    table = make_table(start)
    table.double_click(table.centre_of(TABLEAU[6]))
    table.settle()
    assert codes(table.state.foundations[0]) == "AD"


# Cards that cannot move -----------------------------------------------------------------------

def test_dragging_a_card_that_cannot_move_shakes_it_with_the_invalid_sound(make_table, sounds):
    table = make_table(RUN)
    eight = table.scene.view.piles[TABLEAU[1]][-1]
    home = eight.pos
    table.press(table.centre_of(TABLEAU[1]))
    sounds.clear()
    table.move_mouse((home[0] + 200, home[1] + 150))
    table.move_mouse((home[0] + 260, home[1] + 200))
    assert eight.pos[1] == home[1]  # never dragged along
    assert shaking(table, eight) and sounds == ["invalid"]
    table.release((home[0] + 260, home[1] + 200))
    table.settle()
    assert eight.pos == home and table.state == RUN


def test_pressing_a_card_that_cannot_move_says_no_once(make_table, sounds):
    table = make_table(RUN)
    sounds.clear()
    eight = table.scene.view.piles[TABLEAU[1]][-1]
    table.press(table.centre_of(TABLEAU[1]))
    assert shaking(table, eight) and sounds == ["invalid"]
    table.release(table.centre_of(TABLEAU[1]))
    assert sounds == ["invalid"]


def test_a_card_that_can_move_still_drags(make_table, sounds):
    table = make_table(RUN)
    queen = table.scene.view.piles[WASTE][-1]
    press = table.centre_of(WASTE)
    table.press(press)
    start = queen.pos
    table.move_mouse((press[0] + 100, press[1] + 100))
    assert queen.pos[0] > start[0] + 50 and "invalid" not in sounds
