"""The searches every solver builds on, on a small made-up space: the moves add one point (at
most twice a stage) or go on to the next stage; the goal is every point of three stages."""

import pytest

from game.ai.search import Budget, best_first, depth_first

ADD, NEXT = "add", "next"
STAGES, PER_STAGE = 3, 2
GOAL_TOTAL = STAGES * PER_STAGE


class Counting:
    """Positions (stage, total, added this stage); `goal_total` None makes a space without
    a goal."""

    def __init__(self, goal_total: int | None = GOAL_TOTAL) -> None:
        self.goal_total = goal_total

    def moves(self, position):
        stage, _, added = position
        return ([ADD] if added < PER_STAGE else []) + ([NEXT] if stage < STAGES else [])

    def play(self, position, move):
        stage, total, added = position
        return (stage, total + 1, added + 1) if move == ADD else (stage + 1, total, 0)

    def key(self, position):
        return position

    def is_goal(self, position):
        return position[0] == STAGES and position[1] == self.goal_total

    def progress(self, position):
        return position[1]


ROOT = (0, 0, 0)


def replay(space, path):
    position = ROOT
    for move in path:
        assert move in space.moves(position)
        position = space.play(position, move)
    return position


@pytest.mark.parametrize("search", [depth_first, lambda s, r, m: best_first(s, r, m, 0.1)])
def test_complete_searches_find_the_goal_or_exhaust_the_space(search):
    space = Counting()
    outcome = search(space, ROOT, Budget().start())
    assert outcome.found and space.is_goal(replay(space, outcome.path))
    empty = search(Counting(goal_total=None), ROOT, Budget().start())
    assert not empty.found and empty.exhausted
    assert replay(space, empty.best_path)[1] == (STAGES + 1) * PER_STAGE  # the furthest


def test_a_phase_limit_stops_a_search_without_spending_the_budget():
    meter = Budget(max_nodes=1000).start()
    meter.limit(nodes=2)
    outcome = depth_first(Counting(goal_total=None), ROOT, meter)
    assert not outcome.exhausted and not meter.out and not meter.running()
    meter.limit()
    assert meter.running()
    assert depth_first(Counting(goal_total=None), ROOT, meter).exhausted


class Priced:
    """Two moves that gain the same, the dear one offered first; the goal is two moves in."""

    def moves(self, position):
        return [] if len(position) == 2 else ["dear", "cheap"]

    def play(self, position, move):
        return (*position, move)

    def key(self, position):
        return position

    def is_goal(self, position):
        return len(position) == 2

    def progress(self, position):
        return len(position)


def test_best_first_goes_on_from_the_cheaper_line_when_moves_are_priced():
    unpriced = best_first(Priced(), (), Budget().start(), 1.0)
    priced = best_first(Priced(), (), Budget().start(), 1.0,
                        lambda move: 5.0 if move == "dear" else 1.0)
    assert unpriced.path[0] == "dear"
    assert priced.path[0] == "cheap"


def test_a_share_of_the_budget_stops_a_phase_at_that_share_of_what_is_left():
    meter = Budget(max_nodes=1000).start()
    meter.nodes = 600
    meter.limit_share(0.5)
    assert meter.running()
    meter.nodes = 801  # past half of the 400 left
    assert not meter.running() and not meter.out
    meter.limit()
    assert meter.running()
