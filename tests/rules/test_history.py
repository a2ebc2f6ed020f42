"""Undo and redo over immutable snapshots: undo steps back, redo steps forward, and a new move
drops whatever could have been redone."""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.history import History
from game.rules.record import FORMAT, history_from_record


def played(*moves: str) -> History:
    """A history of string 'moves' whose states are the moves so far joined."""
    history = History.start("")
    for move in moves:
        history = history.push(move, history.state + move)
    return history


def test_start_holds_only_the_deal():
    history = History.start("deal")
    assert history.state == "deal"
    assert history.played == ()
    assert not history.can_undo and not history.can_redo


def test_push_moves_forward():
    history = played("a", "b")
    assert history.state == "ab"
    assert history.played == ("a", "b")
    assert history.can_undo and not history.can_redo


def test_undo_and_redo_walk_the_line():
    history = played("a", "b", "c").undo()
    assert (history.state, history.played) == ("ab", ("a", "b"))
    assert history.can_redo
    history = history.undo().undo()
    assert (history.state, history.played) == ("", ())
    assert not history.can_undo
    history = history.redo().redo()
    assert (history.state, history.played) == ("ab", ("a", "b"))


def test_a_new_move_after_undo_drops_the_redo_line():
    history = played("a", "b", "c").undo().undo().push("x", "ax")
    assert history.state == "ax"
    assert history.played == ("a", "x")
    assert history.moves == ("a", "x") and history.states == ("", "a", "ax")
    assert not history.can_redo


def test_nothing_to_undo_or_redo_raises():
    with pytest.raises(IndexError):
        History.start("").undo()
    with pytest.raises(IndexError):
        played("a").redo()


def test_histories_are_values():
    before = played("a", "b")
    before.undo()
    before.push("c", "abc")
    assert before == played("a", "b")
    assert before.state == "ab"
    with pytest.raises(AttributeError):
        before.position = 0


OPERATIONS = st.lists(st.sampled_from(["push", "undo", "redo"]), max_size=40)


@settings(max_examples=150, deadline=None)
@given(OPERATIONS)
def test_history_behaves_like_a_list_with_a_cursor(operations):
    """Against a plain model: the moves made so far, and those that could be redone."""
    history = History.start("")
    done: list[str] = []
    undone: list[str] = []
    for number, operation in enumerate(operations):
        if operation == "push":
            move = chr(ord("a") + number % 26)
            history = history.push(move, history.state + move)
            done.append(move)
            undone.clear()
        elif operation == "undo" and done:
            history = history.undo()
            undone.append(done.pop())
        elif operation == "redo" and undone:
            history = history.redo()
            done.append(undone.pop())
        assert history.played == tuple(done)
        assert history.state == "".join(done)
        assert history.can_undo == bool(done)
        assert history.can_redo == bool(undone)


# --- the persistent history against the snapshot one it replaced ----------------------------


@dataclass(frozen=True)
class SnapshotHistory:
    """The history as it was: whole tuples copied on every move (quadratic to build). Kept
    here as the model the shared, linear-time History must match exactly."""

    states: tuple
    moves: tuple
    position: int = 0

    @property
    def state(self):
        return self.states[self.position]

    @property
    def played(self):
        return self.moves[: self.position]

    def push(self, move, state):
        keep = self.position + 1
        return SnapshotHistory(self.states[:keep] + (state,), self.moves[: self.position] + (move,),
                               keep)

    def undo(self):
        return SnapshotHistory(self.states, self.moves, self.position - 1)

    def redo(self):
        return SnapshotHistory(self.states, self.moves, self.position + 1)


def step(history, model, operation: str, number: int):
    """Apply one operation to both (undo and redo only where the history can: with a small
    limit it may not reach as far back as the model)."""
    if operation == "push":
        move = chr(ord("a") + number % 26)
        return history.push(move, model.state + move), model.push(move, model.state + move)
    if operation == "undo" and history.can_undo:
        return history.undo(), model.undo()
    if operation == "redo" and history.can_redo:
        return history.redo(), model.redo()
    return history, model


def assert_same(history: History, model: SnapshotHistory):
    assert history.position == model.position
    assert history.state == model.state
    assert history.played == model.played
    assert tuple(history.moves) == model.moves and history.moves == model.moves
    assert tuple(history.states) == model.states and history.states == model.states
    assert history.can_undo == (model.position > 0)
    assert history.can_redo == (model.position < len(model.moves))
    assert [history.moves[index] for index in range(len(model.moves))] == list(model.moves)
    assert [history.states[-index] for index in range(1, len(model.states) + 1)] == \
        [model.states[-index] for index in range(1, len(model.states) + 1)]


def run_both(operations, limit: int = 10_000):
    history, model = History.start("", limit=limit), SnapshotHistory(("",), ())
    for number, operation in enumerate(operations):
        history, model = step(history, model, operation, number)
    return history, model


@settings(max_examples=200, deadline=None)
@given(OPERATIONS)
def test_history_matches_the_snapshot_history(operations):
    history = History.start("")
    model = SnapshotHistory(("",), ())
    for number, operation in enumerate(operations):
        history, model = step(history, model, operation, number)
        assert_same(history, model)


@settings(max_examples=200, deadline=None)
@given(OPERATIONS, OPERATIONS)
def test_histories_are_equal_exactly_when_the_snapshot_ones_are(first, second):
    history_a, model_a = run_both(first)
    history_b, model_b = run_both(second)
    assert (history_a == history_b) == (model_a == model_b)
    if history_a == history_b:
        assert hash(history_a) == hash(history_b)


@settings(max_examples=200, deadline=None)
@given(OPERATIONS)
def test_a_history_built_from_its_line_is_the_same_history(operations):
    history, model = run_both(operations)
    built = History.from_line(model.states[0], zip(model.moves, model.states[1:], strict=True),
                              model.position)
    assert_same(built, model)
    assert built == history


@settings(max_examples=150, deadline=None)
@given(OPERATIONS, st.integers(1, 4))
def test_a_small_limit_keeps_the_newest_states_and_every_move(operations, limit):
    history, model = run_both([*operations * 3, *["push"] * limit], limit=limit)
    assert history.state == model.state
    assert history.played == model.played and history.moves == model.moves
    assert history.states[0] == model.states[0]
    reach = 0  # after `limit` moves in a row, undo can take back at least those
    while history.can_undo:
        history, model = history.undo(), model.undo()
        assert history.state == model.state
        reach += 1
    assert reach >= limit
    while history.can_redo:
        history, model = history.redo(), model.redo()
        assert_same_kept(history, model)


def assert_same_kept(history, model):
    assert history.state == model.state and history.played == model.played


def test_states_no_longer_kept_say_so():
    history = History.from_line("", [(move, "x" * number) for number, move in
                                     enumerate("abcdefgh", 1)], limit=2)
    assert history.states[0] == "" and history.state == "x" * 8
    with pytest.raises(IndexError, match="no longer kept"):
        history.states[1]
    assert history.played == tuple("abcdefgh")


def test_from_line_refuses_a_position_past_the_end():
    with pytest.raises(ValueError):
        History.from_line("", [("a", "a")], 2)


def test_a_redo_line_longer_than_undo_could_make_is_cut():
    steps = ((str(number), str(number)) for number in range(100))
    history = History.from_line("", steps, 10, limit=5)
    assert history.position == 10 and len(history.moves) == 20


# --- linear time: building and loading take time in proportion to the moves ---------------


def cpu_seconds(action, repeats: int = 3) -> float:
    """The least CPU time of a few runs: the fairest figure on a busy machine. The garbage
    collector is paused, since its passes cost whatever else the test process holds."""
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        gc.disable()
        try:
            started = time.process_time()
            action()
            best = min(best, time.process_time() - started)
        finally:
            gc.enable()
    return best


def growth(action, small: int, large: int) -> float:
    """How much longer `action(large)` takes than `action(small)`; large / small for linear."""
    return cpu_seconds(lambda: action(large)) / max(cpu_seconds(lambda: action(small)), 1e-6)


def pushed(moves: int) -> History:
    history = History.start(0)
    for number in range(1, moves + 1):
        history = history.push(number, number)
    return history


class Tally:
    """A game with no end, to replay saves of any length: each move adds its amount."""

    id = "tally"

    def new_game(self, seed):
        return 0

    def apply(self, state, move):
        return state + move

    def to_dict(self, state):
        return {"game": self.id, "seed": 1, "options": {}, "total": state}

    def from_dict(self, data):
        return data["total"]

    def move_to_dict(self, move):
        return {"add": move}

    def move_from_dict(self, data):
        return data["add"]


def record(moves: int) -> dict:
    return {"format": FORMAT, "game": "tally", "seed": 1, "options": {},
            "moves": [{"add": 1}] * moves, "redo": [{"add": 1}] * 10,
            "state": {"total": moves}}


def test_pushing_80k_moves_takes_about_four_times_as_long_as_20k():
    assert pushed(80_000).played == tuple(range(1, 80_001))
    assert growth(pushed, 20_000, 80_000) < 8  # linear: 4; copying the line each move: 16


def test_loading_100k_moves_takes_about_four_times_as_long_as_25k():
    """(Copying the line on each move, 100k moves took 96 s to load.)"""
    games = {"tally": Tally()}
    _, history = history_from_record(record(100_000), games)
    assert history.position == 100_000 and history.state == 100_000 and history.can_redo
    assert growth(lambda moves: history_from_record(record(moves), games), 25_000,
                  100_000) < 8
