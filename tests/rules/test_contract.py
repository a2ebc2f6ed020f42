"""The rules contract of DESIGN.md, checked the same way for every game in `game.rules.GAMES`.

Seeded random playouts check, after every move, that nothing is lost or duplicated, that saves
and move dicts round-trip, that `apply` never mutates and refuses what `legal_moves` does not
list, and that replaying the moves from the seed gives the same game. Hypothesis feeds the
loaders garbage. The last tests keep the rules package free of pygame and of the rest of game/.
"""

from __future__ import annotations

import functools
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import GAMES, IllegalMove
from game.rules.cards import Card
from game.rules.history import History
from game.rules.moves import STOCK, CardMove, Cell, GapMove, Leap, PileRef, RemovePiece
from tests.imports import imported_names
from tests.rules.strategies import (
    JSON_VALUES,
    PLAYOUT_OPTIONS,
    damaged,
    expected_inventory,
    face_problems,
    inventory,
    json_round_trip,
    playout,
)

ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = ROOT / "game" / "rules"
GAME_IDS = list(GAMES)
CARD_GAMES = {"klondike", "leapfrog", "leap_year", "lucas_leaps"}
PILE_GAMES = CARD_GAMES - {"leapfrog"}
# Move caps: Klondike and Lucas Leaps can shuffle cards back and forth for ever.
MAX_MOVES = {"klondike": 200, "leapfrog": 300, "leap_year": 300, "lucas_leaps": 200,
             "leap_frog": 300}
# Seeds of the first option set; each further option set adds 10, so every deal differs.
SEEDS = {"klondike": (1, 2), "leapfrog": (1, 2, 3, 4), "leap_year": (1, 2, 3),
         "lucas_leaps": (1, 2, 3), "leap_frog": (1,)}
DEFAULT_OPTIONS = {
    "klondike": {"draw": 3, "redeals": None, "start_rank": 1, "scoring": "standard"},
    "leap_frog": {"size": 15, "variant": "murray", "players": 2, "diagonal": False},
}
BAD_OPTIONS = {
    "klondike": [{"draw": 0}, {"draw": 6}, {"draw": "3"}, {"draw": True}, {"redeals": -1},
                 {"redeals": 1.5}, {"start_rank": 0}, {"start_rank": 14}, {"scoring": "golf"},
                 {"colour": "red"}],
    "leap_frog": [{"size": 14}, {"size": 19}, {"size": "15"}, {"variant": "murry"},
                  {"players": 1}, {"players": 7}, {"players": True}, {"diagonal": "yes"},
                  {"diagonal": 1}, {"board": 15}],
}
# Moves no game could list: wrong kinds, cells and piles off the table.
FOREIGN_MOVES = [
    None,
    "stock",
    CardMove(PileRef("tableau", 99), PileRef("foundation", 0), 1),
    CardMove(PileRef("tableau", -1), PileRef("tableau", 0), 1),
    CardMove(PileRef("waste", 0), PileRef("waste", 0), 1),
    GapMove(Cell(0, 0), Cell(9, 40)),
    GapMove(Cell(-1, 0), Cell(0, 0)),
    RemovePiece(Cell(99, 99)),
    RemovePiece(Cell(-1, -1)),
    Leap((Cell(0, 0), Cell(0, 99))),
    Leap((Cell(0, 0),)),
    Leap(()),
]


def playout_cases() -> list:
    cases = []
    for game_id, option_sets in PLAYOUT_OPTIONS.items():
        for number, options in enumerate(option_sets):
            for seed in (10 * number + seed for seed in SEEDS[game_id]):
                label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
                cases.append(pytest.param(game_id, seed, options, id=f"{game_id}-{label}-{seed}"))
    return cases


def check_position(rules, game_id: str, state, expected: Counter, where: str) -> list:
    """Everything the contract says about one position; returns its legal moves."""
    data = rules.to_dict(state)
    saved = json_round_trip(data)
    assert saved == data, f"{where}: to_dict is not plain JSON: {data!r}"
    assert data["game"] == game_id, where
    assert inventory(game_id, data) == expected, (
        f"{where}: pieces lost or duplicated: "
        f"missing {dict(expected - inventory(game_id, data))}, "
        f"extra {dict(inventory(game_id, data) - expected)}")
    assert not face_problems(game_id, data), f"{where}: {face_problems(game_id, data)}"
    loaded = rules.from_dict(saved)
    assert loaded == state, f"{where}: from_dict(to_dict(state)) differs from state"
    assert hash(loaded) == hash(state), f"{where}: equal states hash differently"
    assert rules.to_dict(loaded) == data, f"{where}: to_dict after from_dict differs"
    moves = rules.legal_moves(state)
    assert len(set(moves)) == len(moves), f"{where}: legal_moves lists a move twice"
    assert rules.is_over(state) == (rules.is_won(state) or not moves), (
        f"{where}: is_over={rules.is_over(state)}, is_won={rules.is_won(state)}, "
        f"{len(moves)} legal moves")
    if game_id == "leap_frog":
        check_players(rules, state, data, where)
    else:
        assert isinstance(rules.score(state), int), f"{where}: score is not an int"
        assert rules.options(state) == data.get("options", {}), f"{where}: options(state)"
    if game_id in PILE_GAMES:
        check_piles(rules, state, moves, expected, where)
    return moves


def check_players(rules, state, data: dict, where: str) -> None:
    players = len(data["captured"])
    score = rules.score(state)
    assert isinstance(score, tuple) and len(score) == players, f"{where}: score {score!r}"
    assert all(isinstance(points, int) for points in score), f"{where}: score {score!r}"
    assert 0 <= rules.current_player(state) < players, f"{where}: current_player"
    assert rules.is_won(state) == rules.is_over(state), f"{where}: is_won != is_over"
    if rules.is_over(state):
        winners = rules.winners(state)
        assert winners and set(winners) <= set(range(players)), f"{where}: winners {winners!r}"
        best = max(score)
        assert {i for i, points in enumerate(score) if points == best} == set(winners), where


def check_piles(rules, state, moves: list, expected: Counter, where: str) -> None:
    """`piles` shows every card once, and every pile a move names."""
    piles = rules.piles(state)
    assert PileRef("stock", 0) in piles, f"{where}: piles() has no stock"
    shown = Counter(card.code.upper() for pile in piles.values() for card in pile)
    assert shown == expected, f"{where}: piles() does not show every card exactly once"
    assert all(isinstance(card, Card) for pile in piles.values() for card in pile), where
    for move in moves:
        if isinstance(move, CardMove):
            assert move.source in piles and move.target in piles, f"{where}: {move} off the table"


def check_listed_moves(rules, state, moves: list, where: str) -> None:
    """Every listed move applies without touching its input, and its dict round-trips."""
    before, before_hash = rules.to_dict(state), hash(state)
    for move in moves:
        after = rules.apply(state, move)
        assert type(after) is type(state) and after != state, f"{where}: {move} did nothing"
        move_data = rules.move_to_dict(move)
        saved = json_round_trip(move_data)
        assert saved == move_data, f"{where}: move dict {move_data!r} is not plain JSON"
        again = rules.move_from_dict(saved)
        assert again == move and hash(again) == hash(move), f"{where}: {move_data!r} round trip"
    assert rules.to_dict(state) == before, f"{where}: apply changed its input state"
    assert hash(state) == before_hash, f"{where}: apply changed its input's hash"


def near_misses(move) -> list:
    """Moves that differ from a legal one in one detail: a target, a count, a direction."""
    if isinstance(move, CardMove):
        source, target = move.source, move.target
        return [move._replace(count=move.count + 1), move._replace(count=0),
                move._replace(target=target._replace(index=target.index + 1)),
                move._replace(target=target._replace(index=-1)),
                move._replace(target=PileRef("waste", 0)),
                CardMove(target, source, move.count)]
    if isinstance(move, GapMove):
        shifted = Cell(move.source.row, move.source.col + 1)
        return [GapMove(move.target, move.source), move._replace(source=shifted),
                move._replace(target=Cell(move.target.row + 4, move.target.col))]
    if isinstance(move, RemovePiece):
        return [RemovePiece(Cell(move.square.row, -1)), RemovePiece(Cell(99, move.square.col)),
                Leap((move.square,))]
    if isinstance(move, Leap):
        path = move.path
        return [Leap(tuple(reversed(path))), Leap(path[:1]), Leap((*path, path[-1])),
                Leap((*path[:-1], Cell(path[-1].row, path[-1].col + 1))), RemovePiece(path[0])]
    return []


def check_outsiders_refused(rules, state, moves: list, earlier: list, where: str) -> None:
    """Moves close to the listed ones, and moves of the previous position, are refused."""
    listed = set(moves)
    candidates = [m for move in moves[:8] for m in near_misses(move)] + earlier[:8] + [STOCK]
    for move in candidates:
        if move not in listed:
            with pytest.raises(IllegalMove):
                rules.apply(state, move)


@pytest.mark.parametrize(("game_id", "seed", "options"), playout_cases())
def test_playout_keeps_the_contract(game_id: str, seed: int, options: dict) -> None:
    rules = GAMES[game_id]
    expected = expected_inventory(game_id, rules, seed, options)
    states, moves = playout(rules, seed, options, MAX_MOVES[game_id])
    earlier: list = []
    for index, state in enumerate(states):
        where = f"{game_id} seed {seed} {options} after {index} moves"
        legal = check_position(rules, game_id, state, expected, where)
        check_listed_moves(rules, state, legal, where)
        check_outsiders_refused(rules, state, legal, earlier, where)
        if index < len(moves):
            history = History.start(state).push(moves[index], states[index + 1])
            assert history.undo().state == state, f"{where}: undo"
            assert history.undo().redo().state == states[index + 1], f"{where}: redo"
        earlier = legal
    replayed = rules.new_game(seed, **options)
    for move in moves:
        saved = json_round_trip(rules.move_to_dict(move))
        replayed = rules.apply(replayed, rules.move_from_dict(saved))
    assert replayed == states[-1], f"{game_id} seed {seed}: replay from the seed differs"
    assert rules.to_dict(replayed) == rules.to_dict(states[-1])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_apply_refuses_foreign_moves(game_id: str) -> None:
    rules = GAMES[game_id]
    states, _ = playout(rules, 5, {}, 10)
    for state in (states[0], states[-1]):
        listed = set(rules.legal_moves(state))
        for move in FOREIGN_MOVES:
            if move in listed:
                continue
            with pytest.raises(IllegalMove):
                rules.apply(state, move)


def suit_run(suit: str) -> list[str]:
    return [Card(rank, suit).code for rank in range(1, 14)]


def won_position(game_id: str, deal: dict) -> dict:
    """The deal's dict with every card where a won game has it (DESIGN.md's state dicts)."""
    data = dict(deal)
    if game_id == "klondike":
        data.update(tableau=[[] for _ in range(7)], foundations=[suit_run(s) for s in "SHDC"],
                    stock=[], waste=[])
    elif game_id == "leapfrog":
        data["grid"] = [suit_run(suit)[:0:-1] + [None] for suit in "SHDC"]
    elif game_id == "leap_year":
        data.update(tableau=[[] for _ in range(8)], stock=[],
                    foundations=[suit_run(s) for _ in range(4) for s in "SHDC"])
    else:
        data.update(tableau=[[] for _ in range(13)], stock=[], waste=[],
                    foundations=[suit_run(s) for _ in range(2) for s in "SHDC"])
    return data


WIN_SCORES = {"leapfrog": 768, "leap_year": 192, "lucas_leaps": 520}


@pytest.mark.parametrize("game_id", sorted(CARD_GAMES))
def test_won_position_is_won_and_over(game_id: str) -> None:
    rules = GAMES[game_id]
    won = rules.from_dict(won_position(game_id, rules.to_dict(rules.new_game(2))))
    assert rules.is_won(won) and rules.is_over(won)
    if game_id in WIN_SCORES:
        assert rules.score(won) == WIN_SCORES[game_id]
    deal = rules.new_game(2)
    assert not rules.is_won(deal) and not rules.is_over(deal)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_object_names_its_game(game_id: str) -> None:
    rules = GAMES[game_id]
    assert rules.id == game_id
    assert isinstance(rules.title, str) and rules.title.strip()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_deals_are_deterministic(game_id: str) -> None:
    rules = GAMES[game_id]
    for seed in (0, 7, 2**40 + 3):
        first, second = rules.new_game(seed), rules.new_game(seed)
        assert first == second and hash(first) == hash(second)
        assert rules.to_dict(first) == rules.to_dict(second)
        assert rules.to_dict(first)["seed"] == seed
    deals = [rules.to_dict(rules.new_game(seed)) for seed in range(6)]
    for deal in deals:
        del deal["seed"]
    assert all(deals[i] != deals[j] for i in range(6) for j in range(i)), "two seeds, one deal"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_states_are_immutable_values(game_id: str) -> None:
    rules = GAMES[game_id]
    state = rules.new_game(3)
    copy = rules.from_dict(json_round_trip(rules.to_dict(state)))
    assert copy is not state and copy == state and hash(copy) == hash(state)
    assert len({state, copy}) == 1
    assert state != rules.new_game(4)
    field = next(iter(getattr(type(state), "__dataclass_fields__", {})), "tableau")
    with pytest.raises(AttributeError):
        setattr(state, field, ())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_options_are_recorded_with_defaults(game_id: str) -> None:
    rules = GAMES[game_id]
    data = rules.to_dict(rules.new_game(1))
    assert data.get("options", {}) == DEFAULT_OPTIONS.get(game_id, {})
    for options in PLAYOUT_OPTIONS[game_id]:
        recorded = rules.to_dict(rules.new_game(1, **options)).get("options", {})
        assert recorded == {**DEFAULT_OPTIONS.get(game_id, {}), **options}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_options_are_refused(game_id: str) -> None:
    rules = GAMES[game_id]
    for options in [{"no_such_option": 1}, *BAD_OPTIONS.get(game_id, [])]:
        with pytest.raises(ValueError):
            rules.new_game(1, **options)


# --- loaders fed garbage ----------------------------------------------------------------------

STATE_GARBAGE = settings(max_examples=50, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow])
MOVE_GARBAGE = settings(STATE_GARBAGE, max_examples=60)


@functools.cache
def sample_positions(game_id: str) -> tuple:
    """A few real positions of the game: deals and positions some moves in."""
    rules = GAMES[game_id]
    states = []
    for options in PLAYOUT_OPTIONS[game_id][:2]:
        played, _ = playout(rules, 11, options, 25)
        states += [played[0], played[len(played) // 2], played[-1]]
    return tuple(states)


def check_loaded_state(rules, game_id: str, state, value: object) -> None:
    """A dict that from_dict accepted must mean exactly what it says, and be a whole position."""
    data = rules.to_dict(state)
    assert data == value, f"{game_id}: from_dict accepted {value!r} but it reads as {data!r}"
    options = data.get("options", {})
    expected = expected_inventory(game_id, rules, data["seed"], options)
    check_position(rules, game_id, state, expected, f"{game_id} loaded {data!r}")


@pytest.mark.parametrize("game_id", GAME_IDS)
@STATE_GARBAGE
@given(data=st.data())
def test_from_dict_refuses_damaged_states(game_id: str, data) -> None:
    rules = GAMES[game_id]
    valid = [rules.to_dict(state) for state in sample_positions(game_id)]
    value = data.draw(damaged(st.sampled_from(valid)) | JSON_VALUES)
    try:
        state = rules.from_dict(value)
    except ValueError:
        return
    check_loaded_state(rules, game_id, state, value)


@pytest.mark.parametrize("game_id", GAME_IDS)
@MOVE_GARBAGE
@given(data=st.data())
def test_move_from_dict_refuses_garbage(game_id: str, data) -> None:
    rules = GAMES[game_id]
    moves = [m for state in sample_positions(game_id) for m in rules.legal_moves(state)]
    valid = [rules.move_to_dict(move) for move in moves[:: max(1, len(moves) // 30)]]
    value = data.draw(damaged(st.sampled_from(valid)) | JSON_VALUES)
    try:
        move = rules.move_from_dict(value)
    except ValueError:
        return
    assert rules.move_to_dict(move) == value, f"accepted {value!r} as {move!r}"
    assert rules.move_from_dict(json_round_trip(rules.move_to_dict(move))) == move
    assert hash(move) == hash(rules.move_from_dict(value))


# --- the rules package stands alone ----------------------------------------------------------

def forbidden_imports(source: str, package: str) -> list[str]:
    """Imports in `source` (a module of `package`) of pygame or of game/ outside game.rules."""
    found = []
    for name in imported_names(source, package):
        top = name.split(".")[0]
        inside_rules = name == "game.rules" or name.startswith("game.rules.")
        if top == "pygame" or (top == "game" and not inside_rules):
            found.append(name)
    return found


def test_import_scan_catches_what_it_should() -> None:
    assert forbidden_imports("import pygame.draw", "game.rules") == ["pygame.draw"]
    assert forbidden_imports("from game.engine import App", "game.rules") == ["game.engine.App"]
    assert forbidden_imports("from .. import art", "game.rules") == ["game.art"]
    assert forbidden_imports("from game import rules", "game.rules") == []
    assert forbidden_imports("from . import cards\nimport json", "game.rules") == []


def test_rules_modules_import_nothing_outside_the_rules() -> None:
    modules = sorted(RULES_DIR.rglob("*.py"))
    assert len(modules) >= 8
    for path in modules:
        package = ".".join(path.relative_to(ROOT).parts[:-1])
        bad = forbidden_imports(path.read_text(encoding="utf-8"), package)
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


@pytest.mark.subprocess
def test_importing_the_rules_loads_no_pygame() -> None:
    script = "import sys, game.rules; assert 'pygame' not in sys.modules, 'pygame loaded'"
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_contract_covers_every_game() -> None:
    assert set(GAME_IDS) == {"klondike", "leapfrog", "leap_year", "lucas_leaps", "leap_frog"}
    assert set(PLAYOUT_OPTIONS) == set(GAME_IDS)
