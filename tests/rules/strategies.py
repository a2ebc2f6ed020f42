"""Inputs for the cross-game rules tests: seeded playouts, card inventories, JSON garbage.

Everything here stands on the rules contract of DESIGN.md only, so it serves every game.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import strategies as st

from game.rules.cards import new_deck
from game.rules.moves import CardMove

# Option sets the playout tests use, defaults first.
PLAYOUT_OPTIONS: dict[str, list[dict]] = {
    "klondike": [
        {},
        {"draw": 1},
        {"draw": 3, "redeals": 0},
        {"draw": 5, "redeals": 2, "start_rank": 7, "scoring": "vegas"},
        {"draw": 2, "start_rank": 13, "scoring": "none"},
    ],
    "leapfrog": [{}],
    "leap_year": [{}],
    "lucas_leaps": [{}],
    "leap_frog": [
        {"players": 2},
        {"players": 3},
        {"players": 2, "diagonal": True},
        {"players": 3, "diagonal": True, "variant": "plain"},
    ],
}

# The state-dict fields that hold cards, and how many decks each card game uses.
CARD_FIELDS = {
    "klondike": ("tableau", "foundations", "stock", "waste"),
    "leapfrog": ("grid",),
    "leap_year": ("tableau", "foundations", "stock"),
    "lucas_leaps": ("tableau", "foundations", "stock", "waste"),
}
DECKS = {"klondike": 1, "leapfrog": 1, "leap_year": 4, "lucas_leaps": 2}
GAP = "gap"  # a Leapfrog play-space (null in the grid)


def json_round_trip(value: object) -> object:
    """What a save file gives back: `value` written as JSON text and read again."""
    return json.loads(json.dumps(value))


def pick_move(rng: random.Random, moves: list) -> object:
    """A random move; half the time one to a foundation when any, so playouts reach late play."""
    to_foundation = [m for m in moves if isinstance(m, CardMove) and m.target.kind == "foundation"]
    if to_foundation and rng.random() < 0.5:
        return rng.choice(to_foundation)
    return rng.choice(moves)


def playout(rules, seed: int, options: dict, max_moves: int) -> tuple[list, list]:
    """(states, moves) of a seeded random game, ended by `is_over` or by `max_moves`."""
    rng = random.Random(seed)
    states = [rules.new_game(seed, **options)]
    moves: list = []
    while len(moves) < max_moves and not rules.is_over(states[-1]):
        move = pick_move(rng, rules.legal_moves(states[-1]))
        moves.append(move)
        states.append(rules.apply(states[-1], move))
    return states, moves


def _strings(value: object) -> Iterator[object]:
    """Every leaf of a nest of lists (cards of piles, cells of a grid)."""
    if isinstance(value, list):
        for item in value:
            yield from _strings(item)
    else:
        yield value


def inventory(game_id: str, data: dict) -> Counter:
    """What a state dict holds, by kind: card codes (any case) and gaps, or pieces."""
    if game_id == "leap_frog":
        on_board = Counter(piece for row in data["board"] for piece in row if piece is not None)
        return on_board + Counter(piece for taken in data["captured"] for piece in taken)
    return Counter(
        GAP if code is None else code.upper()
        for field in CARD_FIELDS[game_id]
        for code in _strings(data[field])
    )


def face_problems(game_id: str, data: dict) -> list[str]:
    """Cards lying the wrong way up for DESIGN.md: the stock face down, Klondike's building
    stacks face down below face up with the top card up, every other card face up."""
    if game_id == "leap_frog":
        return []
    problems = []
    for field in CARD_FIELDS[game_id]:
        piles = data[field] if field in ("tableau", "foundations", "grid") else [data[field]]
        for index, pile in enumerate(piles):
            down = [code.islower() for code in pile if code is not None]
            if field == "stock":
                right = all(down)
            elif field == "tableau" and game_id == "klondike":
                right = down == sorted(down, reverse=True) and not (down and down[-1])
            else:
                right = not any(down)
            if not right:
                problems.append(f"{field} {index}: {pile}")
    return problems


def expected_inventory(game_id: str, rules, seed: int, options: dict) -> Counter:
    """The inventory every position of the game must keep."""
    if game_id == "leap_frog":
        return inventory(game_id, rules.to_dict(rules.new_game(seed, **options)))
    cards = Counter(card.code for card in new_deck(DECKS[game_id]))
    if game_id == "leapfrog":
        cards = Counter({code: n for code, n in cards.items() if code[0] != "A"})
        cards[GAP] = 4
    return cards


# --- hypothesis: JSON-like garbage and damaged save dicts -------------------------------------

WORDS = st.sampled_from(
    ["QS", "qs", "AH", "ah", "TD", "10D", "XX", "Qs", "1S", "", "G", "R", "Y", "W", "P", "g",
     "tableau", "foundation", "waste", "stock", "klondike", "leapfrog", "leap_year",
     "lucas_leaps", "leap_frog", "murray", "plain", "standard", "vegas", "none"]
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-3, 20)
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | WORDS
    | st.text(max_size=6)
)
KEYS = WORDS | st.sampled_from(
    ["game", "seed", "options", "grid", "board", "captured", "to_move", "foundations",
     "passes", "score", "from", "to", "count", "remove", "path", "draw", "size"]
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(KEYS, inner, max_size=5),
    max_leaves=12,
)


def _locations(value: object, path: tuple = ()) -> Iterator[tuple]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _locations(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _locations(item, (*path, index))


def _get(value: object, path: tuple) -> object:
    for step in path:
        value = value[step]
    return value


def _replace(value: object, path: tuple, new: object) -> object:
    if not path:
        return new
    _get(value, path[:-1])[path[-1]] = new
    return value


@st.composite
def _mutate_once(draw, value: object) -> object:
    """One damage somewhere in `value` (a fresh copy): the ways a save file goes bad."""
    value = copy.deepcopy(value)
    path = draw(st.sampled_from(list(_locations(value))))
    target = _get(value, path)
    kinds = ["retype", "word"]
    if isinstance(target, dict) and target:
        kinds += ["drop key", "add key"]
    if isinstance(target, list) and target:
        kinds += ["truncate", "duplicate", "shuffle"]
    if isinstance(target, int) and not isinstance(target, bool):
        kinds.append("nudge")
    if isinstance(target, str):
        kinds.append("flip case")
    kind = draw(st.sampled_from(kinds))
    if kind == "drop key":
        del target[draw(st.sampled_from(sorted(target)))]
    elif kind == "add key":
        target[draw(KEYS.filter(lambda key: key not in target))] = draw(JSON_VALUES)
    elif kind == "truncate":
        del target[draw(st.integers(0, len(target) - 1)):]
    elif kind == "duplicate":
        target.append(copy.deepcopy(draw(st.sampled_from(target))))
    elif kind == "shuffle":
        target[:] = draw(st.permutations(target))
    elif kind == "nudge":
        value = _replace(value, path, target + draw(st.sampled_from([-1, 1, -100, 1000])))
    elif kind == "flip case":
        value = _replace(value, path, target.swapcase())
    elif kind == "word":
        value = _replace(value, path, draw(WORDS))
    else:
        value = _replace(value, path, draw(SCALARS | st.lists(SCALARS, max_size=2)))
    return value


@st.composite
def damaged(draw, valid: st.SearchStrategy) -> object:
    """A value drawn from `valid`, then damaged once or twice."""
    value = draw(valid)
    for _ in range(draw(st.integers(1, 2))):
        value = draw(_mutate_once(value))
    return value
