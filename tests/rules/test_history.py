"""Undo and redo over immutable snapshots: undo steps back, redo steps forward, and a new move
drops whatever could have been redone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.history import History


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
