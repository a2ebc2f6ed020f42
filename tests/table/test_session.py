"""The session's bookkeeping: time played, moves, and when a game counts."""

import pytest

from game.rules.history import History
from game.rules.moves import STOCK
from game.scenes.table.session import AUTOMATIC_EXTRA, Session
from game.scenes.tabletop.clock import Stopwatch
from game.store import SavedGame

from .positions import RULES


class Time:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_stopwatch_counts_only_while_started_and_not_paused():
    time = Time()
    watch = Stopwatch(now=time)
    time.now += 5
    assert watch.elapsed == 0.0
    watch.start()
    time.now += 3
    watch.pause()
    time.now += 50
    watch.resume()
    time.now += 2
    assert watch.elapsed == pytest.approx(5.0)
    watch.stop()
    time.now += 9
    assert watch.elapsed == pytest.approx(5.0)


def test_a_resumed_stopwatch_runs_on_from_its_saved_time():
    time = Time()
    watch = Stopwatch(42.0, now=time)
    watch.resume()
    time.now += 1
    assert watch.elapsed == pytest.approx(43.0)


def test_a_game_counts_from_its_first_move_and_undo_does_not_uncount_it():
    session = Session(RULES, History.start(RULES.new_game(4)), now=Time())
    assert not session.counted
    session.play(STOCK)
    assert session.counted and session.move_count == 1
    assert session.undo() == STOCK
    assert session.counted and session.history.position == 0
    assert session.redo() == STOCK


def test_the_moves_shown_are_those_from_the_deal_to_the_position_whoever_made_them():
    session = Session(RULES, History.start(RULES.new_game(4)), now=Time())
    session.play(STOCK)
    session.play(STOCK)
    assert session.moves == 2
    session.undo()
    assert session.moves == 1 and session.move_count == 2  # the game was played further
    session.redo()
    assert session.moves == 2
    session.history = History.start(session.history.deal)  # taken back to the deal
    assert session.moves == 0


def test_the_session_knows_which_moves_the_table_made_and_its_save_keeps_them():
    session = Session(RULES, History.start(RULES.new_game(4)), now=Time())
    session.play(STOCK)
    session.play(STOCK, automatic=True)
    session.play(STOCK)
    assert session.automatic == {1}
    session.undo()
    session.undo()
    session.play(STOCK)  # the player's own move where the table's was
    assert session.automatic == set() and session.extras()[AUTOMATIC_EXTRA] == []
    session.play(STOCK, automatic=True)
    saved = SavedGame("klondike", session.history, extras=session.extras())
    assert Session.resumed(RULES, saved, now=Time()).automatic == {2}
    for damaged in ([-1], ["2"], "2", [True]):
        saved = SavedGame("klondike", session.history, extras={AUTOMATIC_EXTRA: damaged})
        assert Session.resumed(RULES, saved, now=Time()).automatic == set()


def test_a_finished_game_takes_no_more_moves_or_undos():
    session = Session(RULES, History.start(RULES.new_game(4)), now=Time())
    session.play(STOCK)
    session.finish()
    assert session.legal_moves() == [] and session.undo() is None
