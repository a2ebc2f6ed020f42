""""Where did it go wrong?" on the real table, fed constructed events: the summary of a lost
game offers it, the search shows its progress and can be cancelled, and the answer takes the
table back to just before the fatal move, as a game the computer helped with, the winning
move glowing; a win from there is not counted as the player's."""

from __future__ import annotations

import threading
import time

import pytest

from game.ai import hints
from game.ai.post_mortem import PROVEN, PostMortem
from game.ai.search import Budget, SolveResult
from game.rules.moves import STOCK, CardMove, PileRef
from game.scenes.dialogs import MessageDialog
from game.scenes.summary import SummaryScene
from game.scenes.table import post_mortem
from game.scenes.table.commands import SOLVED_BY_COMPUTER
from game.scenes.table.lucas_leaps import LucasLeapsTable
from game.scenes.table.post_mortem import LABEL, progress_text
from tests.ai.test_post_mortem import lucas_trap

from .test_advisor import run_until

FATAL = CardMove(PileRef("waste", 0), PileRef("tableau", 12))


@pytest.fixture(autouse=True)
def _on_the_search_thread(monkeypatch):
    """The probes on the table's search thread, where a test can stand in for the solver,
    and nothing remembered from another test's positions; `in_workers` undoes the first."""
    monkeypatch.setattr(post_mortem, "WORKERS", 1)
    PROVEN.clear()
    yield
    PROVEN.clear()


@pytest.fixture
def in_workers(monkeypatch):
    monkeypatch.setattr(post_mortem, "WORKERS", 2)


@pytest.fixture
def lost(make_table, context):
    """The Lucas Leaps trap played to a loss: the Jack of clubs into the empty pile, then
    the last stock card turned (it goes up, and nothing follows). The summary is up."""
    table = make_table(lucas_trap(0), game=LucasLeapsTable(context))
    table.scene.play(FATAL)
    table.scene.play(STOCK)
    for _ in range(10):
        table.settle()
        if isinstance(table.top, SummaryScene):
            break
        legal = table.scene.session.legal_moves()
        if legal:
            table.scene.play(legal[0])
    assert isinstance(table.top, SummaryScene) and not table.top.result.won
    return table


def press(table, label: str) -> None:
    """Click the button called `label` on the summary, on an answer's dialog or on the
    table's toast."""
    top = table.top
    table.app.draw()
    buttons = top.buttons.buttons if isinstance(top, SummaryScene | MessageDialog) \
        else top.advisor.toast.buttons
    rect = next(button.rect for button in buttons if button.label == label)
    table.press(rect.center)
    table.release(rect.center)


def test_the_summary_of_a_lost_game_offers_it_and_the_table_goes_back(lost, context,
                                                                      in_workers):
    assert [label for label, _ in lost.top.result.actions] == ["Undo", LABEL]
    press(lost, LABEL)
    scene = lost.scene
    run_until(lost, lambda: not scene.advisor.runner.busy and lost.top is scene)
    session = scene.session
    assert session.history.position == 0 and session.history.moves[0] == FATAL
    assert session.assisted and not session.finished
    assert scene.hint is not None and scene.hint in session.legal_moves()
    assert scene.hint != FATAL
    text = scene.advisor.toast.text
    assert text.startswith("Moving the jack of clubs to an empty pile at move 1 lost the game;")
    assert "would still win" in text
    stats = context.stats.get("lucas_leaps")
    assert (stats.played, stats.won) == (0, 0)  # the same game goes on: its end counts once
    # Redo shows the fatal move again; played from there, the game is won but not counted.
    scene.redo()
    assert session.history.position == 1
    scene.undo()
    line = hints.can_win(scene.game.rules, session.state, Budget(max_nodes=100_000)).line
    for move in line:
        assert scene.play(move)
    lost.app.run_frame(1 / 60)
    while not isinstance(lost.top, SummaryScene):
        lost.send()
        lost.settle()
    assert not lost.top.result.won and lost.top.result.headline == SOLVED_BY_COMPUTER
    stats = context.stats.get("lucas_leaps")
    assert (stats.played, stats.won) == (1, 0)


def test_progress_shows_and_cancel_stops_the_search(lost, monkeypatch):
    asked = []

    def slow(rules, state, budget):
        asked.append(state)
        while not budget.cancel.is_set():
            time.sleep(0.005)
        return SolveResult("unknown", None, 0, 0.0)

    monkeypatch.setattr(hints, "can_win", slow)
    press(lost, LABEL)
    scene = lost.scene
    run_until(lost, lambda: lost.top is scene and asked)
    # The end is lost for sure (no move left): the middle of the game comes first.
    assert scene.advisor.status_text() == progress_text(1, 3) == "Move 1 of 3…"
    assert progress_text(0, 112) == "Checking the deal…"
    assert scene.advisor.toast.shown
    press(lost, "Cancel")
    assert not scene.advisor.runner.busy and not scene.advisor.toast.shown
    assert scene.advisor.runner.wait(2.0)
    assert scene.session.finished and not scene.session.assisted  # nothing changed


def test_a_game_in_progress_goes_back_in_its_own_history(make_table, context):
    """Offered beside "No useful moves are left" and "can no longer be won": the game is
    not over, so the same session steps back and is marked assisted."""
    table = make_table(lucas_trap(0), game=LucasLeapsTable(context))
    scene = table.scene
    scene.play(FATAL)
    table.settle()
    session = scene.session
    assert not session.finished
    actions = dict(scene.advisor._way_out())
    assert LABEL in actions
    actions[LABEL]()
    run_until(table, lambda: not scene.advisor.runner.busy)
    assert scene.session is session and session.history.position == 0 and session.assisted
    assert scene.hint is not None and "at move 1 lost the game" in scene.advisor.toast.text


def test_a_move_the_table_made_by_itself_is_never_named(make_table, context):
    """The player turns the stock (the game can still be won), then the table by itself
    moves a Jack into the empty pile, which loses it: the player's move is the one named,
    the table goes back to before it, and the automatic move is never blamed."""
    table = make_table(lucas_trap(0), game=LucasLeapsTable(context))
    scene = table.scene
    scene.play(STOCK)
    scene.play(CardMove(PileRef("tableau", 2), PileRef("tableau", 12)), automatic=True)
    table.settle()
    session = scene.session
    assert session.automatic == {1}
    dict(scene.advisor._way_out())[LABEL]()
    run_until(table, lambda: not scene.advisor.runner.busy
              and (scene.advisor.toast.shown or isinstance(table.top, MessageDialog)))
    told = table.top.text if isinstance(table.top, MessageDialog) else scene.advisor.toast.text
    assert told.startswith("Turning the stock at move 1 lost the game")
    assert "move 2" not in told and "jack" not in told.split(";")[0]
    assert session.history.position == 0 and scene.hint in session.legal_moves()


def test_not_offered_without_a_move_or_a_solver(make_table, context):
    table = make_table(lucas_trap(0), game=LucasLeapsTable(context))
    assert post_mortem.actions(table.scene) == ()


def test_a_search_thread_never_touches_the_table(lost, monkeypatch):
    threads = []
    original = hints.can_win

    def watched(rules, state, budget):
        threads.append(threading.current_thread())
        return original(rules, state, budget)

    monkeypatch.setattr(hints, "can_win", watched)
    press(lost, LABEL)
    run_until(lost, lambda: lost.top is lost.scene and not lost.scene.advisor.runner.busy)
    assert threads and threading.main_thread() not in threads


def test_unsettled_it_says_how_long_it_looked_and_goes_back_to_a_proven_win(
        lost, monkeypatch, context):
    """Only the deal is proven winnable: the table goes back there, its winning move
    glowing, and the answer gives the seconds the search really took, not its limit."""
    original = hints.can_win
    deal = lost.scene.session.history.states[0]

    def deal_only(rules, state, budget):
        if state == deal:
            return original(rules, state, budget)
        return SolveResult("unknown", None, 0, 0.0)

    monkeypatch.setattr(hints, "can_win", deal_only)
    old = lost.scene.session
    press(lost, LABEL)
    scene = lost.scene
    # The answer is too long for the band at 1280x800: it comes in a dialog.
    run_until(lost, lambda: isinstance(lost.top, MessageDialog))
    assert lost.top.text.startswith(
        "Could not tell within a second which move lost the game; it was lost for sure by the "
        "end. From the deal you could still win: ")
    assert lost.top.text.endswith(" (it glows).") and "20 seconds" not in lost.top.text
    assert scene.session is old and not old.finished  # the same game, not yet counted
    assert scene.session.history.position == 0 and scene.session.assisted
    assert scene.hint in scene.session.legal_moves()
    assert context.stats.get("lucas_leaps").played == 0


def test_unsettled_on_a_winnable_deal_it_says_the_deal_can_be_won_and_stays(
        lost, monkeypatch):
    """A pool's deal is known winnable without a line to show: the answer says so and the
    table stays where the game ended, its Undo offered; the deal is never searched."""
    deal = lost.scene.session.history.states[0]
    monkeypatch.setattr(post_mortem.winnable, "deal_note",
                        lambda rules, first: "Winnable deal" if first == deal else "")
    probed = []

    def nothing_settles(rules, state, budget):
        probed.append(state)
        return SolveResult("unknown", None, 0, 0.0)

    monkeypatch.setattr(hints, "can_win", nothing_settles)
    old = lost.scene.session
    press(lost, LABEL)
    run_until(lost, lambda: isinstance(lost.top, MessageDialog))
    assert lost.top.text.endswith(
        "which move lost the game; it was lost for sure by the end. The deal itself can be "
        "won: Restart plays it again.")
    assert deal not in probed and probed
    assert lost.scene.session is old and not old.assisted
    assert old.history.position == len(old.history.moves)


def test_the_seconds_said_are_those_the_search_took(lost):
    run = post_mortem.PostMortemRun(lost.scene)
    unsettled = PostMortem("unknown", last_winnable=None, first_lost=3, seconds=6.2)
    assert run.unknown_text(unsettled) == ("Could not tell in 6 seconds whether this deal could "
                                           "ever be won; it was lost for sure by the end.")


@pytest.mark.parametrize("verdict", ["unknown", "lost"])
def test_an_answer_that_does_not_go_back_still_offers_the_summarys_undo(lost, monkeypatch,
                                                                        context, verdict):
    """Asked from a lost game's summary, an answer that leaves the table where it ended (no
    win proven anywhere, or the deal proven lost) keeps the summary's Undo: the toolbar's is
    off while the game stands ended, so it would otherwise be gone."""
    monkeypatch.setattr(hints, "can_win",
                        lambda rules, state, budget: SolveResult(verdict, None, 0, 0.0))
    press(lost, LABEL)
    scene = lost.scene
    run_until(lost, lambda: lost.top is scene and not scene.advisor.runner.busy)
    session = scene.session
    assert session.finished and session.history.position == 3
    press(lost, "Undo")
    assert not session.finished and session.history.position == 2
    assert context.stats.get("lucas_leaps").played == 0
