"""How a game ends on the card table: honestly (a game the computer helped play is nobody's
win), always (a deal over before any move), once (keys in the statistics) and safely (a save
is only dropped once the statistics hold its game)."""

import pygame
import pytest

from game.rules import GAMES
from game.rules.history import History
from game.rules.klondike import TABLEAU
from game.rules.moves import Cell
from game.scenes.summary import SummaryScene
from game.scenes.table.cascade import WinCascade
from game.scenes.table.commands import new_deal
from game.scenes.table.klondike import KlondikeTable
from game.scenes.table.leapfrog import LeapfrogTable
from game.scenes.table.opening import open_card_table
from game.store import Statistics
from tests.store.faults import FAILING, full_disk

from .positions import position, suit_up_to
from .test_leapfrog_table import NEAR_WIN

LEAPFROG = GAMES["leapfrog"]
# Leapfrog deals over before any move: those reported, then some found by scanning deals
# 40,001 to 200,000.
NO_MOVE_DEALS = (2733, 21251, 22373, 27324, 31986, 41036, 94583, 186197)
# The King of spades is the last card to go up.
KLONDIKE_NEAR_WIN = dict(tableau=["KS"], foundations=[suit_up_to("S", 12)] + [
    suit_up_to(suit, 13) for suit in "HDC"])


def finish_and_watch(table, click_at):
    """Click, then step the frames through to the summary; every scene shown on the way."""
    table.click(click_at)
    seen = []
    for _ in range(2000):
        table.app.run_frame(1 / 60)
        if table.top not in seen:
            seen.append(table.top)
        if isinstance(table.top, SummaryScene):
            break
        if isinstance(table.top, WinCascade):
            table.key(pygame.K_SPACE)
    table.settle()
    return seen


@pytest.fixture
def leapfrog_table(make_table, context):
    def make(state, **options):
        return make_table(state, game=LeapfrogTable(context), **options)
    return make


# A game the computer helped play -------------------------------------------------------------


def test_a_leapfrog_win_the_computer_played_pays_nothing(leapfrog_table, context):
    context.stats.record_game("leapfrog", 130, False, winnings=30)
    table = leapfrog_table(NEAR_WIN)
    table.scene.session.assisted = True  # as Demo and Show me mark it
    seen = finish_and_watch(table, table.scene.view.layout.piles[Cell(0, 11)].rect.center)
    assert not any(isinstance(scene, WinCascade) for scene in seen)
    summary = table.top
    assert summary.headline == "Solved by the computer"
    assert not summary.result.won and summary.confetti == 1.0
    # 88 in sequence, 240 in position, 40 for the suits: the win's 400 is not in the score.
    assert summary.result.score == 368
    rows = dict(summary.result.rows)
    assert rows["Win bonus (the computer played)"] == "not paid"
    assert rows["This game's winnings"] == "0"
    assert rows["Not paid: the computer helped"] == "+268"
    assert rows["Accumulated winnings"] == "+30"
    game = table.scene.game
    assert game.score_text(table.state, assisted=True) == "Score 368"
    assert game.score_text(table.state) == "Score 768"
    assert game.decoration_key(table.state, assisted=True) != game.decoration_key(table.state)
    stats = context.stats.get("leapfrog")
    assert (stats.played, stats.won) == (2, 0)
    assert stats.total_winnings == 30 and stats.best_winnings == 30
    assert stats.best_score == 130


def test_a_klondike_win_the_computer_played_is_no_best_score_and_no_vegas_money(
        make_table, context):
    context.settings.klondike.vegas_cumulative = True
    table = make_table(position(**KLONDIKE_NEAR_WIN, score=203, scoring="vegas"))
    table.scene.session.assisted = True
    finish_and_watch(table, table.centre_of(TABLEAU[0]))
    assert table.state.foundations[0][-1].code == "KS"
    summary = table.top
    assert summary.headline == "Solved by the computer" and not summary.result.won
    assert summary.score_text() == "$0"  # the large figure is what the game paid
    rows = dict(summary.result.rows)
    assert rows["Vegas money not paid"] == "$208"
    assert rows["Vegas balance"] == "$0"
    stats = context.stats.get("klondike")
    assert (stats.played, stats.won, stats.vegas_balance) == (1, 0, 0)
    assert stats.best_score is None and stats.of_rules("vegas/3").best_score is None


def test_the_players_own_win_still_celebrates(make_table, context):
    table = make_table(position(**KLONDIKE_NEAR_WIN, score=500))
    seen = finish_and_watch(table, table.centre_of(TABLEAU[0]))
    assert any(isinstance(scene, WinCascade) for scene in seen)
    assert table.top.headline == "You won!" and table.top.result.won
    stats = context.stats.get("klondike")
    assert (stats.played, stats.won) == (1, 1)
    assert stats.of_rules("standard/3").best_score == stats.best_score == 510


def test_the_assisted_mark_survives_saving_and_resuming(make_table, context):
    game = KlondikeTable(context)
    table = make_table(scene=open_card_table(context, game, 11))
    table.scene.session.assisted = True
    table.scene.play(table.scene.session.legal_moves()[0])
    key = table.scene.session.key
    table.close()
    again = open_card_table(context, KlondikeTable(context), None)
    assert again.session.assisted and again.session.key == key
    assert again.session.history.position == 1


def test_an_older_save_without_the_mark_resumes_unassisted(make_table, context):
    game = KlondikeTable(context)
    history = History.start(game.new_state(12))
    move = game.rules.legal_moves(history.state)[0]
    history = history.push(move, game.rules.apply(history.state, move))
    assert context.saves.save("klondike", history, move_count=1) == []
    table = open_card_table(context, game, None)
    assert not table.session.assisted and table.session.history.position == 1


# Deals over before any move ------------------------------------------------------------------


@pytest.mark.parametrize("seed", NO_MOVE_DEALS)
def test_a_leapfrog_deal_with_no_move_ends_at_once_and_pays_its_buy_in(make_table, context,
                                                                       seed):
    deal = LEAPFROG.new_game(seed)
    assert LEAPFROG.is_over(deal) and not LEAPFROG.is_won(deal)
    table = make_table(scene=open_card_table(context, LeapfrogTable(context), seed))
    table.settle()
    summary = table.top
    assert isinstance(summary, SummaryScene)
    assert not summary.result.won and summary.result.actions == ()
    assert summary.result.title == "Leapfrog: no move from the deal"
    score = LEAPFROG.score(table.state)
    stats = context.stats.get("leapfrog")
    assert (stats.played, stats.won) == (1, 0)
    assert stats.total_winnings == score - 100
    assert dict(summary.result.rows)["Accumulated winnings"] == f"−{100 - score}"
    summary.play_again()
    table.settle()
    assert context.stats.get("leapfrog").played == 1  # counted once, not again on leaving


def test_a_new_deal_that_is_over_at_once_ends_too(make_table, context):
    table = make_table(scene=open_card_table(context, LeapfrogTable(context), 5))
    new_deal(table.scene, NO_MOVE_DEALS[0])
    table.settle()
    assert isinstance(table.top, SummaryScene)
    assert context.stats.get("leapfrog").played == 1


def test_a_resumed_save_of_an_ended_game_ends_and_counts_once(make_table, context):
    seed = 7
    state = LEAPFROG.new_game(seed)
    game = LeapfrogTable(context)
    history = History.start(state)
    while not LEAPFROG.is_over(history.state):
        move = LEAPFROG.legal_moves(history.state)[0]
        history = history.push(move, LEAPFROG.apply(history.state, move))
    assert context.saves.save("leapfrog", history, move_count=history.position) == []
    table = make_table(scene=open_card_table(context, game, None))
    table.settle()
    summary = table.top
    assert isinstance(summary, SummaryScene)
    assert [label for label, _ in summary.result.actions][0] == "Undo"
    summary.to_menu()
    table.settle()
    assert context.stats.get("leapfrog").played == 1
    assert not context.saves.exists("leapfrog")


# Counted once, and only once the statistics hold it --------------------------------------------


def test_a_save_whose_game_was_counted_is_dropped_not_resumed(make_table, context):
    table = make_table(scene=open_card_table(context, KlondikeTable(context), 11))
    table.scene.play(table.scene.session.legal_moves()[0])
    session = table.scene.session
    # The statistics were written, then the program stopped before the save went.
    assert context.stats.record_game("klondike", 0, False, key=session.key) == []
    table.close()
    reopened = open_card_table(context, KlondikeTable(context), None)
    assert reopened.session.history.position == 0 and reopened.session.key != session.key
    assert not context.saves.exists("klondike")
    assert context.stats.get("klondike").played == 1


def test_a_failed_statistics_write_keeps_the_game_to_count_later(make_table, context,
                                                                 private_data_folder,
                                                                 monkeypatch):
    monkeypatch.setattr("game.store.stats.write_json", full_disk)
    table = make_table(scene=open_card_table(context, LeapfrogTable(context), NO_MOVE_DEALS[0]))
    table.settle()
    assert context.stats.get("leapfrog").played == 0
    assert context.saves.exists("leapfrog"), "the save must stay to be counted later"
    assert table.top.message.startswith(FAILING)  # the player is told
    table.top.dismiss()
    summary = next(scene for scene in table.app.stack.scenes if isinstance(scene, SummaryScene))
    summary.play_again()  # leaving for a new deal must not drop it either
    table.settle()
    assert context.saves.exists("leapfrog")
    table.close()
    monkeypatch.undo()  # the disk has room again
    stats, _ = Statistics.load(private_data_folder)
    context.stats = stats
    again = make_table(scene=open_card_table(context, LeapfrogTable(context), None))
    again.settle()
    assert isinstance(again.top, SummaryScene)
    assert Statistics.load(private_data_folder)[0].get("leapfrog").played == 1
    assert not context.saves.exists("leapfrog")


def test_redoing_the_move_that_lost_ends_the_game_again(make_table, context):
    from game.rules.klondike import WASTE

    from .test_klondike_table import stuck_after_one_move

    table = make_table(stuck_after_one_move())
    table.click(table.centre_of(WASTE))
    table.settle()
    table.top.buttons.buttons[0].activate()  # Undo
    table.settle()
    assert table.top is table.scene
    table.key(pygame.K_y, pygame.KMOD_LCTRL)
    table.settle()
    assert isinstance(table.top, SummaryScene)
    assert table.scene.session.finished


@pytest.mark.parametrize("game", ["klondike", "leapfrog"])
def test_the_toolbar_says_what_the_summary_says_of_a_game_the_computer_finished(
        make_table, leapfrog_table, context, game):
    """Vegas dollars and Leapfrog's score alike: the toolbar shows no money the game did not
    pay (Klondike's $208 went unpaid: both say $0)."""
    if game == "klondike":
        table = make_table(position(**KLONDIKE_NEAR_WIN, score=203, scoring="vegas"))
        spot = table.centre_of(TABLEAU[0])
    else:
        table = leapfrog_table(NEAR_WIN)
        spot = table.scene.view.layout.piles[Cell(0, 11)].rect.center
    table.scene.session.assisted = True
    finish_and_watch(table, spot)
    summary, toolbar = {"klondike": ("$0", "$0"), "leapfrog": ("368", "Score 368")}[game]
    assert table.top.score_text() == summary
    assert table.scene.readout()[2] == toolbar


def test_the_vegas_total_on_the_toolbar_counts_an_ended_game_once(make_table, context):
    context.settings.klondike.vegas_cumulative = True
    table = make_table(position(**KLONDIKE_NEAR_WIN, score=203, scoring="vegas"))
    table.scene.session.assisted = True
    finish_and_watch(table, table.centre_of(TABLEAU[0]))
    assert table.scene.game.score_text(table.state) == "$208  (total $0)"
