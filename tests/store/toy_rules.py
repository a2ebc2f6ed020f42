"""A tiny game following the rules contract, to test saving without the real games.

Counting: start at 0 and add `step` or 2 * `step` per move until reaching at least `target`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.history import History
from game.rules.moves import IllegalMove
from game.rules.serial import expect_game, expect_int, expect_keys, expect_seed


@dataclass(frozen=True, slots=True)
class CountState:
    seed: int
    step: int
    count: int


@dataclass(frozen=True, slots=True)
class Add:
    amount: int


class CountingRules:
    id = "counting"
    title = "Counting"
    target = 20

    def new_game(self, seed: int, step: int = 1) -> CountState:
        return CountState(expect_seed(seed), expect_int(step, "step", 1, 5), 0)

    def legal_moves(self, state: CountState) -> list[Add]:
        if self.is_over(state):
            return []
        return [Add(state.step), Add(2 * state.step)]

    def apply(self, state: CountState, move: Add) -> CountState:
        if move not in self.legal_moves(state):
            raise IllegalMove(f"cannot add {move.amount}")
        return CountState(state.seed, state.step, state.count + move.amount)

    def is_over(self, state: CountState) -> bool:
        return state.count >= self.target

    def is_won(self, state: CountState) -> bool:
        return state.count == self.target

    def score(self, state: CountState) -> int:
        return state.count

    def options(self, state: CountState) -> dict:
        return {"step": state.step}

    def to_dict(self, state: CountState) -> dict:
        return {"game": self.id, "seed": state.seed, "options": self.options(state),
                "count": state.count}

    def from_dict(self, data: object) -> CountState:
        data = expect_keys(data, {"game", "seed", "options", "count"}, "counting state")
        expect_game(data, self.id)
        options = expect_keys(data["options"], {"step"}, "counting options")
        return CountState(expect_seed(data["seed"]), expect_int(options["step"], "step", 1, 5),
                          expect_int(data["count"], "count", 0, self.target + 10))

    def move_to_dict(self, move: Add) -> dict:
        return {"add": move.amount}

    def move_from_dict(self, data: object) -> Add:
        data = expect_keys(data, {"add"}, "counting move")
        return Add(expect_int(data["add"], "add", 1, 10))


class ExplodingRules(CountingRules):
    """Rules with a bug: reading a move crashes with something other than ValueError."""

    id = "exploding"
    title = "Exploding"

    def move_from_dict(self, data: object) -> Add:
        raise KeyError("bug")


class OtherRules(CountingRules):
    id = "other"
    title = "Other"


RULES = CountingRules()
GAMES = {"counting": RULES, "exploding": ExplodingRules(), "other": OtherRules()}


def played_history(*amounts: int, step: int = 1, seed: int = 7) -> History:
    """The history of a counting game after adding each of `amounts` in turn."""
    state = RULES.new_game(seed, step=step)
    history = History.start(state)
    for amount in amounts:
        state = RULES.apply(state, Add(amount))
        history = history.push(Add(amount), state)
    return history
