"""Lucas Leaps played only through constructed mouse and key events, as a player would."""

import itertools

import pygame
import pytest

from game.rules import GAMES
from game.rules.moves import CardMove
from game.rules.patience import STOCK_REF, TABLEAU_REFS, WASTE_REF
from game.scenes.summary import SummaryScene
from game.scenes.table.lucas_leaps import LucasLeapsTable
from game.scenes.table.lucas_leaps_layout import lucas_leaps_layout
from game.scenes.table.opening import open_card_table

RULES = GAMES["lucas_leaps"]
CTRL = pygame.KMOD_LCTRL
RANKS = "A23456789TJQK"


def position(tableau=(), tops=None, waste=""):
    """Foundation i holds suit "SHDC"[i % 4] from the Ace up to `tops.get(i, 13)`; the
    piles and waste are given as codes, bottom to top; the stock is empty."""
    tops = tops or {}
    foundations = [[RANKS[rank] + "SHDC"[index % 4] for rank in range(tops.get(index, 13))]
                   for index in range(8)]
    piles = [pile.split() for pile in tableau] + [[]] * (13 - len(tableau))
    return RULES.from_dict({"game": "lucas_leaps", "seed": 4, "tableau": piles,
                            "foundations": foundations, "stock": [], "waste": waste.split()})


NEAR_WIN = position(["KS QS JS TS"], {0: 9})
RUNS = position(["9H 8H 7H", "KH QH JH TH"], {1: 6})
# The five of clubs on the waste is the last card that can move: every pile is stuck.
NEAR_LOSS = position(["5S 6C KS", "6S 7C JS", "8S 8C 9S", "TS 9C 7S", "QS TC KH", "5H JC JH",
                      "6H QC 9H", "8H 5D 7H", "TH 6D KD", "QH 8D JD", "QD 9D", "TD 7D",
                      "KC"], {4: 4, 5: 4, 6: 4, 7: 4}, waste="5C")


@pytest.fixture
def lucas(make_table, context):
    def make(state, **options):
        return make_table(state, game=LucasLeapsTable(context), **options)
    return make


def grab(table, pile, index):
    """A point on the visible strip of card `index` of `pile`."""
    cards = table.scene.game.piles(table.state)[pile]
    rect = table.scene.view.layout.piles[pile].card_rects(cards)[index]
    return (rect.centerx, rect.top + 5)


def codes(pile) -> str:
    return " ".join(card.code for card in pile)


def test_clicks_send_the_cards_up_and_the_last_one_wins(lucas, context):
    table = lucas(NEAR_WIN)
    for _ in range(4):
        table.click(table.centre_of(TABLEAU_REFS[0]))
    table.settle()
    assert isinstance(table.top, SummaryScene) and table.top.result.won
    assert table.top.result.score == 520
    assert context.stats.get("lucas_leaps").won == 1


def test_a_run_drags_as_a_unit_and_into_an_empty_pile(lucas):
    table = lucas(RUNS)
    table.drag(grab(table, TABLEAU_REFS[0], 0), table.centre_of(TABLEAU_REFS[1]))
    table.settle()
    assert codes(table.state.tableau[1]) == "KH QH JH TH 9H 8H 7H"
    assert table.state.tableau[0] == ()
    empty = table.scene.view.layout.piles[TABLEAU_REFS[3]].rect.center
    table.drag(grab(table, TABLEAU_REFS[1], 5), empty)
    table.settle()
    assert codes(table.state.tableau[3]) == "8H 7H"
    assert table.scene.session.history.played == (CardMove(TABLEAU_REFS[0], TABLEAU_REFS[1], 3),
                                                  CardMove(TABLEAU_REFS[1], TABLEAU_REFS[3], 2))


def test_no_move_left_ends_the_game_as_a_loss(lucas, context):
    table = lucas(NEAR_LOSS)
    table.click(table.centre_of(WASTE_REF))
    table.settle()
    assert table.state.foundations[7][-1].code == "5C"
    assert isinstance(table.top, SummaryScene) and not table.top.result.won
    assert table.top.result.score == RULES.score(table.state)
    table.top.to_menu()  # a loss counts once its summary is left without Undo
    table.settle()
    stats = context.stats.get("lucas_leaps")
    assert (stats.played, stats.won) == (1, 0)


def test_the_stock_turns_one_card_and_undo_and_redo_follow(lucas):
    start = RULES.new_game(5)
    table = lucas(start)
    assert table.scene.game.stock_label(start) == "52"
    table.click(table.centre_of(STOCK_REF))
    turned = table.state
    assert len(turned.waste) == 1 and table.scene.game.stock_label(turned) == "51"
    table.key(pygame.K_z, CTRL)
    table.settle()
    assert table.state == start and table.scene.view.piles[WASTE_REF] == []
    table.key(pygame.K_y, CTRL)
    assert table.state == turned


def test_the_game_is_saved_and_resumed(make_table, context):
    first = make_table(scene=open_card_table(context, LucasLeapsTable(context), 5))
    first.click(first.centre_of(STOCK_REF))
    history = first.scene.session.history
    first.close()
    again = make_table(scene=open_card_table(context, LucasLeapsTable(context), None))
    assert again.scene.session.history.states == history.states


def long_pile():
    """The deal of seed 5 with twelve stock cards fanned on the first pile: sixteen cards,
    as long as a pile can grow (four dealt, then a run down to an Ace)."""
    data = RULES.to_dict(RULES.new_game(5))
    data["tableau"][0] += [code.upper() for code in data["stock"][:12]]
    data["stock"] = data["stock"][12:]
    return RULES.from_dict(data)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("state", [RULES.new_game(5), long_pile()])
def test_thirteen_piles_fit_the_window_apart(size, state):
    layout = lucas_leaps_layout(size, state)
    screen = pygame.Rect(0, layout.toolbar.bottom, size[0], size[1] - layout.toolbar.bottom)
    piles = RULES.piles(state)
    areas = {key: spot.area(piles[key]) for key, spot in layout.piles.items()}
    for key, area in areas.items():
        assert screen.contains(area), key
    for first, second in itertools.combinations(areas, 2):
        assert not areas[first].colliderect(areas[second]), (first, second)
