"""Checks for reading save dicts: each raises ValueError naming what is wrong."""

from __future__ import annotations

from game.rules.cards import Card, parse_card


def expect_dict(value: object, what: str) -> dict:
    if not isinstance(value, dict):
        raise ValueError(f"{what}: expected an object, got {type(value).__name__}")
    return value


def expect_keys(value: object, keys: set[str], what: str, optional: set[str] = frozenset()) -> dict:
    """`value` is a dict holding every key of `keys`, perhaps some of `optional`, nothing else."""
    data = expect_dict(value, what)
    missing = keys - data.keys()
    if missing:
        raise ValueError(f"{what}: missing {', '.join(sorted(missing))}")
    unknown = data.keys() - keys - optional
    if unknown:
        raise ValueError(f"{what}: unknown {', '.join(sorted(map(str, unknown)))}")
    return data


def expect_int(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what}: expected a whole number, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{what}: {value} is out of range")
    return value


def expect_bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what}: expected true or false, got {value!r}")
    return value


def expect_choice(value: object, choices, what: str):
    if isinstance(value, bool) or value not in choices:
        raise ValueError(f"{what}: {value!r} is not one of {', '.join(map(repr, choices))}")
    return value


def expect_list(value: object, what: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        raise ValueError(f"{what}: expected a list, got {type(value).__name__}")
    if length is not None and len(value) != length:
        raise ValueError(f"{what}: expected {length} items, got {len(value)}")
    return value


def expect_seed(value: object) -> int:
    return expect_int(value, "seed", 0, 2**63 - 1)


def expect_game(data: dict, game_id: str) -> None:
    if data.get("game") != game_id:
        raise ValueError(f"this is not a {game_id} game: game is {data.get('game')!r}")


def parse_pile(value: object, what: str) -> tuple[Card, ...]:
    items = expect_list(value, what)
    try:
        return tuple(parse_card(code) for code in items)
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None


def parse_piles(value: object, what: str, count: int) -> tuple[tuple[Card, ...], ...]:
    items = expect_list(value, what, length=count)
    return tuple(parse_pile(pile, f"{what} {index}") for index, pile in enumerate(items))


def pile_codes(pile) -> list[str]:
    return [card.code for card in pile]


def check_card_counts(cards, copies: int, what: str = "cards") -> None:
    """The cards are exactly `copies` full decks (face up or down)."""
    counts: dict[tuple[int, str], int] = {}
    total = 0
    for card in cards:
        key = (card.rank, card.suit)
        counts[key] = counts.get(key, 0) + 1
        total += 1
    for key, count in counts.items():
        if count > copies:
            raise ValueError(f"{what}: {Card(*key).code} appears {count} times, more than {copies}")
    if total != 52 * copies:
        raise ValueError(f"{what}: {total} cards, expected {52 * copies}")
