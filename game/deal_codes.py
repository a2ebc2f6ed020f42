"""Deal codes: a deal, its game and its rules in a few characters two players can share.

A code reads `K3.n.1.0-12345V`: the game's letter (its registry entry's `code_letter`), the
value of each of its rules options in the order the rules declare them (a number, `n` for
none, 1 or 0 for yes or no, a choice by its place in the list), a dash, the deal number, and
a check letter that catches a mistyped or half-copied code. A game without rules options has
none: `F-12345Y`. Case, spaces and a leading `#` do not matter when a code is read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.registry import BY_ID, GAMES
from game.rules.options import RuleOption, check_options

MAX_SEED = 2**63 - 1
MAX_LENGTH = 64  # longer text is no code, whatever it holds
_SHAPE = re.compile(r"([A-Z])([0-9N.]*)-([0-9]{1,19})([A-Z])")
_TOKEN = re.compile(r"[0-9]{1,3}|N")
CHECK_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXY"  # 23, without I and O, never read as 1 and 0
_VALUES = {**{str(digit): digit for digit in range(10)}, "N": 10, ".": 11, "-": 12}


class BadCode(ValueError):
    """Text that is no deal code; the message says what is wrong in the player's words."""


@dataclass(frozen=True)
class DealCode:
    game_id: str
    options: Mapping[str, Any]
    seed: int

    @property
    def title(self) -> str:
        return BY_ID[self.game_id].title


def encode(game_id: str, options: Mapping[str, Any], seed: int) -> str:
    """The code of deal `seed` of `game_id` under the rules `options` (defaults for those
    not given)."""
    entry = BY_ID[game_id]
    declared = entry.rules.rule_options
    values = check_options(declared, options, game_id)
    tokens = ".".join(_token(option, values[option.name]) for option in declared)
    body = f"{entry.code_letter}{tokens}-{seed}"
    return body + _check_letter(body)


def decode(text: str) -> DealCode:
    """The deal a code names; BadCode saying why when the text is not a valid code."""
    if not isinstance(text, str) or len(text) > MAX_LENGTH:
        raise BadCode("That is too long to be a deal code.")
    cleaned = "".join(text.split()).upper().removeprefix("#")
    if not cleaned:
        raise BadCode("Paste or type a deal code first.")
    shape = _SHAPE.fullmatch(cleaned) if cleaned.isascii() else None
    if shape is None:
        raise BadCode("That is not a deal code: a code looks like K3.n.1.0-12345V.")
    letter, tokens, digits, check = shape.groups()
    if _check_letter(cleaned[:-1]) != check:
        raise BadCode("That deal code has a mistake in it: check each character.")
    entry = next((each for each in GAMES if each.code_letter == letter), None)
    if entry is None:
        raise BadCode(f"No game of Leaps has codes starting with {letter}.")
    seed = int(digits)
    if seed > MAX_SEED:
        raise BadCode("That deal number is too large.")
    declared = entry.rules.rule_options
    parts = tokens.split(".") if tokens else []
    if len(parts) != len(declared) or not all(_TOKEN.fullmatch(part) for part in parts):
        raise BadCode(f"That code's rules do not fit {entry.title}.")
    try:
        options = {option.name: option.check(_value(option, part))
                   for option, part in zip(declared, parts, strict=True)}
    except (ValueError, IndexError):
        raise BadCode(f"That code asks for rules {entry.title} does not have.") from None
    return DealCode(entry.id, options, seed)


def _token(option: RuleOption, value: Any) -> str:
    if value is None:
        return "n"
    if option.choices:
        return str(option.choices.index(value))
    return str(int(value))


def _value(option: RuleOption, token: str) -> Any:
    if token == "N":
        return None
    number = int(token)
    if option.choices:
        return option.choices[number]
    if option.kind is bool:
        if number not in (0, 1):
            raise ValueError(f"{option.name}: {number} is neither yes nor no")
        return number == 1
    return number


def _check_letter(body: str) -> str:
    """A letter that changes whenever one character of `body` does, or two neighbours swap:
    each character's value (digits, N, dot and dash all below 13) weighed by its place, the
    weights never a multiple of the prime 23."""
    total = sum(((index % 22) + 1) * _VALUES.get(char, ord(char) - ord("A"))
                for index, char in enumerate(body.upper()))
    return CHECK_LETTERS[total % 23]
