"""The table's advisor through the real table: hints, "Solve?", the demo, the automatic finish,
the notice when nothing useful is left, and winnable deals. Searches run on their own thread;
the tests wait for that thread in real time, then step the table so it collects the answer."""

import threading
import time

import pygame
import pytest

from game.ai import hints
from game.ai.pools import SPECS, PoolShelf, build_pool, proven_winnable, write_pool
from game.rules import GAMES
from game.rules.klondike import STOCK_PILE, TABLEAU, WASTE
from game.rules.moves import STOCK
from game.scenes.table import commands, winnable
from game.scenes.table.advisor import DEAL_LABEL, DEMO_RUNNING, HINT_LABEL
from game.scenes.table.leap_year import LeapYearTable
from game.scenes.table.lucas_leaps import LucasLeapsTable
from game.scenes.table.search_runner import SEARCH_NODES, SearchRunner
from game.scenes.table.winnable import WINNABLE_NOTE

from .positions import position, suit_up_to

STEP = 1.0 / 60.0
RUN = position(tableau=["KS", "5c 9H 8S", "TC"], waste="QH")
# Three spades to go, each free: the solver wins at once.
NEAR_WON = position(tableau=["KS", "QS", "JS"], waste="TS",
                    foundations=[suit_up_to("S", 9), suit_up_to("H", 13),
                                 suit_up_to("D", 13), suit_up_to("C", 13)])
# Only the stock turns: the Aces and Queens lie face down under cards that can never move
# (Kings with no empty pile to go to, deuces with no red Ace or black three to take them).
STUCK = position(tableau=["2S", "as KS", "ah qs KH", "ad qh KD", "ac qd qc KC", "2H", "2D"])


def button(table, label):
    return next(b for b in table.scene.toolbar.buttons if b.label == label)


def run_until(table, done, seconds=15.0):
    """Step the table (waiting for its search thread meanwhile) until `done()`."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the table never got there"
        table.scene.advisor.runner.wait(0.01)
        table.app.run_frame(STEP)


def run_for(table, seconds):
    for _ in range(round(seconds / STEP)):
        table.scene.advisor.runner.wait(0.01)
        table.app.run_frame(STEP)


def idle(table):
    return table.app.stack.is_idle()


@pytest.fixture
def manual(context):
    """Klondike's own automatic moves off, so only the advisor plays by itself."""
    context.settings.klondike.automatic_moves = False
    return context


def test_h_lights_a_legal_move_worked_out_on_another_thread(make_table, monkeypatch):
    threads = []
    original = hints.hint

    def watched(rules, state, budget):
        threads.append(threading.current_thread())
        return original(rules, state, budget)

    monkeypatch.setattr(hints, "hint", watched)
    table = make_table(RUN)
    table.key(pygame.K_h)
    assert table.scene.advisor.status_text() == HINT_LABEL
    run_until(table, lambda: table.scene.hint is not None)
    assert table.scene.hint in table.scene.session.legal_moves()
    assert threads and threads[0] is not threading.main_thread()
    table.app.draw()  # the glow paints
    run_until(table, lambda: idle(table))
    assert table.scene.hint is None  # shown for a moment only


def test_a_hinted_run_glows_whole_with_the_card_it_goes_on(make_table, monkeypatch):
    run = next(move for move in GAMES["klondike"].legal_moves(RUN)
               if getattr(move, "count", 1) == 2)  # the 9 and 8 onto the Ten
    monkeypatch.setattr(hints, "hint", lambda rules, state, budget: run)
    table = make_table(RUN)
    table.key(pygame.K_h)
    run_until(table, lambda: table.scene.hint is not None)
    view = table.scene.view
    painted = []
    monkeypatch.setattr(view.art, "glow", lambda kind, size=None: painted.append((kind, size))
                        or pygame.Surface((1, 1)))
    table.app.draw()
    cards = view.layout.piles[run.source].card_rects(view._cards(run.source))
    assert painted == [("hint", cards[-2].union(cards[-1]).size),
                       ("hint", view.top_rect(run.target).size)]
    assert painted[0][1][1] > view.art.height


def test_a_move_cancels_the_hint_being_worked_out(make_table, monkeypatch):
    cancelled = threading.Event()
    started = threading.Event()

    def slow_hint(rules, state, budget):
        started.set()
        if budget.cancel.wait(10):
            cancelled.set()
        return rules.legal_moves(state)[0]

    monkeypatch.setattr(hints, "hint", slow_hint)
    table = make_table(RUN)
    button(table, "Hint").on_click()
    assert started.wait(5)
    table.click(table.centre_of(WASTE))  # the Queen onto the King
    assert cancelled.wait(5)
    run_for(table, 0.5)
    assert table.scene.hint is None  # the old position's answer is dropped


def test_one_search_at_a_time_and_only_the_wanted_answer_arrives():
    answers, running, most = [], [], []
    lock = threading.Lock()

    def search(name):
        def work(budget):
            with lock:
                running.append(name)
                most.append(len(running))
            budget.cancel.wait(0.3)
            with lock:
                running.remove(name)
            return name
        return work

    runner = SearchRunner(on_error=lambda: answers.append("error"))
    runner.start("first", search("first"), 5.0, answers.append)
    runner.start("second", search("second"), 5.0, answers.append)  # the first is dropped
    assert runner.label == "second"
    deadline = time.monotonic() + 5
    while runner.busy and time.monotonic() < deadline:
        runner.wait(0.01)
        runner.poll()
    assert answers == ["second"] and max(most) == 1


def test_every_search_of_a_table_has_a_cap_on_its_positions_as_well_as_its_seconds():
    """A proof keeps every position it saw: the cap bounds the window's memory."""
    answers = []
    runner = SearchRunner(on_error=lambda: answers.append("error"))
    runner.start(None, lambda budget: (budget.max_nodes, budget.max_seconds), 5.0,
                 answers.append)
    deadline = time.monotonic() + 5
    while runner.busy and time.monotonic() < deadline:
        runner.wait(0.01)
        runner.poll()
    assert answers == [(SEARCH_NODES, 5.0)]


def test_solve_says_a_near_won_deal_can_be_won_and_show_me_plays_it(make_table, manual):
    table = make_table(NEAR_WON)
    table.click(button(table, "Solve?").rect.center)
    run_until(table, lambda: not table.scene.advisor.runner.busy)
    toast = table.scene.advisor.toast
    assert toast.shown and toast.text.startswith("Yes")
    table.app.draw()
    show_me = next(b for b in toast.buttons if b.label == "Show me")
    table.click(show_me.rect.center)
    run_until(table, lambda: table.scene.session.finished)
    assert table.scene.session.is_won


@pytest.mark.slow
def test_solve_says_a_lost_deal_cannot_be_won_and_after_a_move_can_no_longer_be(make_table,
                                                                               context):
    """Leap Year: the Two of spades can go up, then nothing: the Three lies under the Five,
    and the last deal covers them both. Before the first move the answer blames no move."""
    ranks = "A23456789TJQK"
    foundations = [[ranks[rank] + "SHDC"[index % 4] for rank in range(1 if index == 0 else 13)]
                   for index in range(16)]
    piles = ["4S 2S", "3S 5S", "", "", "", "", "", ""]
    lost = GAMES["leap_year"].from_dict({
        "game": "leap_year", "seed": 4, "foundations": foundations,
        "stock": ["6s", "7s", "8s", "9s", "ts", "js", "qs", "ks"],
        "tableau": [pile.split() for pile in piles]})
    table = make_table(lost, game=LeapYearTable(context))
    button(table, "Solve?").on_click()
    run_until(table, lambda: not table.scene.advisor.runner.busy)
    assert table.scene.advisor.toast.text == "No: this deal cannot be won."
    table.scene.play(table.scene.session.legal_moves()[0])
    table.settle()
    assert not table.scene.session.finished  # the deal is still to come
    button(table, "Solve?").on_click()
    run_until(table, lambda: not table.scene.advisor.runner.busy)
    assert table.scene.advisor.toast.text == "No: this deal can no longer be won."


def test_solve_on_a_proven_deal_says_yes_even_when_the_search_runs_out(make_table, context,
                                                                     monkeypatch):
    from game.ai.search import SolveResult

    monkeypatch.setattr(hints, "can_win", lambda rules, state, budget:
                        SolveResult("unknown", None, 0, 0.0))
    proven = winnable.pool_for("lucas_leaps", {}).seeds[0]
    table = make_table(GAMES["lucas_leaps"].new_game(proven), game=LucasLeapsTable(context))
    button(table, "Solve?").on_click()
    run_until(table, lambda: not table.scene.advisor.runner.busy)
    assert table.scene.advisor.toast.text.startswith("Yes: this deal is one of those proven")
    table.scene.play(table.scene.session.legal_moves()[0])  # from here on, who knows
    button(table, "Solve?").on_click()
    run_until(table, lambda: not table.scene.advisor.runner.busy)
    assert table.scene.advisor.toast.text.startswith("Not found within")


def test_klondike_all_face_up_finishes_by_itself_one_undo_step_a_move(make_table, manual):
    table = make_table(NEAR_WON)
    table.click(table.centre_of(WASTE))  # the Ten of spades goes up
    run_until(table, lambda: table.scene.session.finished)
    session = table.scene.session
    assert session.is_won and session.moves == 4  # the finish's moves count as moves
    assert len(session.history.played) == 4  # the player's move and three of the finish


def test_klondike_finish_plays_the_waste_card_before_turning_the_waste_over(make_table):
    """Deal 1's finish, drawing one: the KD on the waste over the QC, the stock empty. The
    finish plays the KD, then the QC, with no new pass (-100)."""
    table = make_table(position(
        tableau=["KC", "QD"], waste="QC KD", draw=1, score=300,
        foundations=[suit_up_to("S", 13), suit_up_to("H", 13), suit_up_to("D", 11),
                     suit_up_to("C", 11)]))
    table.click(table.centre_of(TABLEAU[1]))  # the QD goes up
    run_until(table, lambda: table.scene.session.finished)
    state = table.state
    assert table.scene.session.is_won and state.passes == 1 and state.score == 340
    assert STOCK not in table.scene.session.history.played


def test_the_demo_plays_moves_and_a_click_stops_it(make_table, manual):
    table = make_table(GAMES["klondike"].new_game(2))
    table.click(button(table, "Demo").rect.center)
    history = lambda: table.scene.session.history  # noqa: E731
    run_until(table, lambda: len(history().played) >= 2)
    assert table.scene.advisor.status_text() == DEMO_RUNNING
    table.click((table.app.size[0] // 2, table.app.size[1] - 5))
    assert not table.scene.advisor.demo_on
    played = len(history().played)
    run_for(table, 2.0)
    assert len(history().played) == played
    state = GAMES["klondike"].new_game(2)
    for move in history().played:  # every move went through the rules
        state = GAMES["klondike"].apply(state, move)
    assert state == table.state


def test_no_notice_while_a_useful_move_is_left(make_table, manual):
    table = make_table(RUN)
    table.click(table.centre_of(WASTE))
    run_until(table, lambda: idle(table))
    assert not table.scene.advisor.toast.shown


def test_the_notice_comes_when_only_the_stock_turns(make_table, manual):
    table = make_table(STUCK)
    table.click(table.centre_of(STOCK_PILE))
    assert table.scene.session.history.played == (STOCK,)
    run_until(table, lambda: idle(table))
    toast = table.scene.advisor.toast
    assert toast.shown and toast.text == "No useful moves are left."
    assert [b.label for b in toast.buttons] == ["Undo", "New game", "Where did it go wrong?"]
    table.app.draw()
    table.click(toast.buttons[0].rect.center)
    assert table.state == STUCK and not toast.shown


@pytest.fixture
def small_pool(tmp_path, monkeypatch):
    """A pool of Klondike's standard draw-3 deals proven among seeds 1..4."""
    spec = next(spec for spec in SPECS if spec.name == "klondike-draw3")
    data = build_pool(spec, range(1, 5), 2.0)
    write_pool(tmp_path, spec, data)
    monkeypatch.setattr(winnable, "_shelf", PoolShelf(tmp_path))
    return data["seeds"]


def seed_of(table):
    return table.scene.session.history.states[0].seed


def test_winnable_only_deals_come_from_the_pool(make_table, context, small_pool):
    context.settings.klondike.winnable_only = True
    table = make_table(RUN)
    for _ in range(3):
        commands.new_deal(table.scene)
        table.settle()
        assert seed_of(table) in small_pool
    context.settings.klondike.winnable_only = False
    commands.new_deal(table.scene)
    assert seed_of(table) not in small_pool


def test_each_solitaire_deals_winnable_games_by_its_own_switch(make_table, context):
    lucas = GAMES["lucas_leaps"]
    shipped = winnable.pool_for("lucas_leaps", {}).seeds
    context.settings.klondike.winnable_only = True  # another game's switch
    table = make_table(lucas.new_game(next(s for s in range(1, 999) if s not in shipped)),
                       game=LucasLeapsTable(context))
    assert not table.scene.advisor.winnable_only
    context.settings.lucas_leaps.winnable_only = True
    for _ in range(3):
        commands.new_deal(table.scene)
        table.settle()
        assert seed_of(table) in shipped


def test_winnable_only_without_a_pool_searches_in_the_background(make_table, context,
                                                                small_pool):
    context.settings.klondike.winnable_only = True
    context.settings.klondike.draw = 2  # no pool is shipped for these options
    table = make_table(RUN)
    commands.new_deal(table.scene)
    assert table.scene.advisor.status_text() == DEAL_LABEL
    run_until(table, lambda: not table.scene.advisor.runner.busy)
    seed = seed_of(table)
    assert table.state.options.draw == 2 and seed not in small_pool
    assert proven_winnable("klondike", seed, {"draw": 2, "redeals": None, "start_rank": 1},
                           2.0)


def test_a_damaged_pool_is_not_dealt_from(make_table, context, tmp_path, monkeypatch):
    (tmp_path / "klondike-draw3.json").write_text('{"kind": "leaps-winnable-deals", "seeds": [')
    monkeypatch.setattr(winnable, "_shelf", PoolShelf(tmp_path))
    context.settings.klondike.winnable_only = True
    table = make_table(RUN)
    commands.new_deal(table.scene)
    assert table.scene.advisor.status_text() == DEAL_LABEL  # a search, not the damaged file
    run_until(table, lambda: not table.scene.advisor.runner.busy)
    assert table.scene.session.state.stock  # a deal was made


def test_a_game_the_demo_wins_counts_as_played_not_won(make_table, manual):
    table = make_table(NEAR_WON)
    table.click(button(table, "Demo").rect.center)
    run_until(table, lambda: table.scene.session.finished)
    assert table.scene.session.is_won
    stats = table.scene.context.stats.get("klondike")
    assert (stats.played, stats.won) == (1, 0)


def test_winnable_only_turned_on_replaces_an_untouched_deal_not_known_winnable(
        make_table, context):
    from .test_klondike_table import choose_options

    shipped = winnable.pool_for("lucas_leaps", {}).seeds
    unproven = next(seed for seed in range(1, 999) if seed not in shipped)
    table = make_table(GAMES["lucas_leaps"].new_game(unproven), game=LucasLeapsTable(context))
    choose_options(table, {"lucas_leaps.winnable_only": True})
    assert seed_of(table) in shipped
    proven = seed_of(table)
    choose_options(table, {"appearance.felt": "blue"})
    assert seed_of(table) == proven  # already a winnable deal: kept


def test_a_deal_is_not_replaced_when_the_winnable_switch_was_on_already(make_table, context):
    from .test_klondike_table import choose_options

    shipped = winnable.pool_for("lucas_leaps", {}).seeds
    unproven = next(seed for seed in range(1, 999) if seed not in shipped)
    context.settings.lucas_leaps.winnable_only = True  # the deal was found by a search, say
    table = make_table(GAMES["lucas_leaps"].new_game(unproven), game=LucasLeapsTable(context))
    choose_options(table, {"appearance.felt": "blue"})
    assert seed_of(table) == unproven


def test_the_toolbar_says_when_the_deal_is_a_proven_win(make_table, context):
    lucas = GAMES["lucas_leaps"]
    shipped = winnable.pool_for("lucas_leaps", {}).seeds
    unproven = next(seed for seed in range(1, 999) if seed not in shipped)
    table = make_table(lucas.new_game(shipped[0]), game=LucasLeapsTable(context))
    table.app.draw()
    grade = winnable.grades_for("lucas_leaps", {})[shipped[0]]
    assert f"{WINNABLE_NOTE}, {grade}" in table.scene.toolbar.readings  # with its grade
    commands.new_deal(table.scene, unproven)
    table.settle()
    assert not any(WINNABLE_NOTE in text for text in table.scene.toolbar.readings)
