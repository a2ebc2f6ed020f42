"""A game's rules options as data: each declared once, with its values and its default.

The declaration is the one definition of an option: the rules check `new_game`'s arguments
and a save's options with it, the settings check the file's values with it, and the options
dialog offers its values. A game lists its options as `RuleOption`s in its rules module.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from game.rules.serial import expect_bool, expect_choice, expect_int


@dataclass(frozen=True)
class RuleOption:
    """One option: a whole number in [low, high] (None too when `none_allowed`), one of
    `choices`, or true/false; `default` is its value when not given."""

    name: str
    default: Any
    low: int | None = None  # whole numbers: the range, both ends included
    high: int | None = None
    none_allowed: bool = False  # whole numbers: None is a value too (e.g. "unlimited")
    choices: tuple[str, ...] = ()  # named choices, in the order they are offered

    @property
    def kind(self) -> type:
        if self.choices:
            return str
        return bool if isinstance(self.default, bool) else int

    def check(self, value: object, what: str | None = None, high: int | None = None) -> Any:
        """`value` if the option may take it, else ValueError naming `what` (the option's
        name by default). `high` narrows the range for a caller that allows less."""
        what = what or self.name
        if self.choices:
            return expect_choice(value, self.choices, what)
        if self.kind is bool:
            return expect_bool(value, what)
        if value is None and self.none_allowed:
            return None
        return expect_int(value, what, self.low, self.high if high is None else high)

    def values(self, high: int | None = None) -> tuple[Any, ...]:
        """Every value in order (None first where allowed), up to `high` for a wide range."""
        if self.choices:
            return self.choices
        if self.kind is bool:
            return (False, True)
        top = self.high if high is None else min(high, self.high or high)
        return (*((None,) if self.none_allowed else ()), *range(self.low or 0, top + 1))


def defaults(options: Iterable[RuleOption]) -> dict[str, Any]:
    return {option.name: option.default for option in options}


def check_options(options: Iterable[RuleOption], given: Mapping[str, object], game: str,
                  what: str = "") -> dict[str, Any]:
    """All the options with `given` over the defaults, each checked; ValueError for an unknown
    name or a bad value (named as `what` + the option's name)."""
    declared = {option.name: option for option in options}
    unknown = given.keys() - declared.keys()
    if unknown:
        raise ValueError(f"{game}: unknown option {', '.join(sorted(map(str, unknown)))}")
    values = {**defaults(declared.values()), **given}
    return {name: option.check(values[name], f"{what}{name}")
            for name, option in declared.items()}
