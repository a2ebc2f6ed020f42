"""The post-mortem in worker processes (spawned, as in the packaged program): the same
culprit as an exhaustive search, and each probe stops when told to."""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future

import pytest

from game.ai import lost_memory, post_mortem_run
from game.ai.post_mortem import PROVEN
from game.ai.post_mortem_run import _nearest, find_culprit
from game.ai.post_mortem_workers import _start_worker, shared_pool
from game.ai.search import Budget, SolveResult
from game.bench.postmortem import careless_game
from game.rules import GAMES

from .test_post_mortem import lost_games_with_truth


@pytest.mark.slow
def test_worker_processes_name_the_culprit_an_exhaustive_search_finds():
    rules = GAMES["lucas_leaps"]
    states, culprit = next((states, culprit) for states, culprit
                           in lost_games_with_truth("lucas_leaps") if culprit is not None)
    PROVEN.clear()
    probed = []
    found = find_culprit(rules, states, Budget(max_seconds=60), probed.append, workers=2)
    assert (found.status, found.culprit, found.first_lost) == ("culprit", culprit, culprit + 1)
    assert probed and found.alternative in rules.legal_moves(states[culprit])


@pytest.mark.slow
def test_a_probe_stops_when_its_slot_is_told_and_a_cancelled_search_at_once():
    pool = shared_pool(2)
    assert pool is not None
    # A careless game's position no search settles in minutes: the probe runs till stopped.
    hard = careless_game("leap_year", 5001)[61]
    future = pool.submit(0, "leap_year", hard, 600.0, None)
    time.sleep(1.0)
    assert not future.done()
    pool.stop(0)
    assert future.result(timeout=30).status == "unknown"
    deal = GAMES["leap_year"].new_game(7)
    cancel = threading.Event()
    cancel.set()
    states = [deal, GAMES["leap_year"].apply(deal, GAMES["leap_year"].legal_moves(deal)[0])]
    found = find_culprit(GAMES["leap_year"], states, Budget(cancel=cancel), workers=2)
    assert found.probes == 0 and found.status == "unknown"


def test_a_probe_goes_to_the_slot_that_solved_the_nearest_later_position():
    # Slot 0 solved 40 and 12, slot 1 solved 30, slot 2 nothing yet.
    solved = [[40, 12], [30], []]
    assert _nearest([0, 1, 2], solved, 25) == 1  # 30 lies closest after 25
    assert _nearest([0, 2], solved, 25) == 0  # 40 then
    assert _nearest([0, 1, 2], solved, 45) == 0  # none after 45: the nearest before
    assert _nearest([2], solved, 25) == 2


def test_a_worker_process_keeps_what_its_probes_prove_lost():
    assert lost_memory.LostMemory().for_search() is None  # not in the window's process
    try:
        _start_worker(None)
        memory = lost_memory.LostMemory()
        keys = memory.for_search("options")
        assert keys is not None
        keys.add(b"lost")
        assert memory.for_search("options") == {b"lost"}
        assert memory.for_search("other options") == set()  # keys of another game's kind
        lost_memory.forget()
        assert memory.for_search("other options") == set()
        small = lost_memory.LostMemory(limit=1)
        small.for_search().update((b"a", b"b"))
        assert small.for_search() == set()  # over its limit: emptied before the next search
    finally:
        lost_memory.disable()


def test_the_workers_forget_what_they_proved_once_the_post_mortem_is_over(monkeypatch):
    class Pool:
        workers = 2
        forgotten = False

        def submit(self, slot, game_id, state, seconds, nodes, cpu=False):
            future = Future()
            future.set_result(SolveResult("lost", None, 1, 0.0))
            return future

        def stop(self, slot):
            pass

        def forget(self):
            self.forgotten = True

    pool = Pool()
    monkeypatch.setattr(post_mortem_run, "shared_pool", lambda workers: pool)
    rules = GAMES["leapfrog"]
    PROVEN.clear()
    found = find_culprit(rules, careless_game("leapfrog", 5001)[:3], Budget(max_seconds=5),
                         workers=2)
    assert found.status == "never" and pool.forgotten
