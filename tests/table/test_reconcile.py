"""Matching shown items to new piles: common prefixes stay, movers keep their identity."""

from game.rules.cards import Card, parse_card
from game.scenes.table.reconcile import plan


class Item:
    """Stands for a sprite: it shows a card."""

    def __init__(self, card: Card, name: str) -> None:
        self.card = card
        self.name = name

    def __repr__(self) -> str:
        return self.name


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in text.split())


def shown(piles: dict[str, str]) -> dict[str, list[Item]]:
    return {key: [Item(card, f"{key}{index}") for index, card in enumerate(cards(text))]
            for key, text in piles.items()}


def names(outcome, key):
    return [item.name if item is not None else None for item in outcome.placed[key]]


def test_a_moved_card_keeps_its_item_and_the_rest_stay():
    old = shown({"a": "ks qh", "b": "ac"})
    outcome = plan(old, {"a": cards("KS"), "b": cards("AC QH")}, lambda item: item.card)
    assert names(outcome, "a") == ["a0"]
    assert names(outcome, "b") == ["b0", "a1"]
    assert outcome.arrived == [("b", 1)] and outcome.removed == []


def test_turning_over_keeps_the_item():
    old = shown({"a": "ks qh", "b": ""})
    outcome = plan(old, {"a": cards("KS"), "b": cards("QH")}, lambda item: item.card)
    old_two = shown({"a": "9c ks", "b": ""})
    turned = plan(old_two, {"a": cards("9C"), "b": cards("KS")}, lambda item: item.card)
    assert names(outcome, "b") == ["a1"]
    assert names(turned, "a") == ["a0"] and turned.arrived == [("b", 0)]


def test_equal_cards_come_from_the_preferred_pile():
    # Two copies of the seven of hearts: only the one on "b" moves to "c".
    old = shown({"a": "7H", "b": "8S 7H", "c": "8C"})
    new = {"a": cards("7H"), "b": cards("8S"), "c": cards("8C 7H")}
    outcome = plan(old, new, lambda item: item.card, prefer=["b"])
    assert names(outcome, "c") == ["c0", "b1"]
    assert names(outcome, "a") == ["a0"]


def test_without_preference_the_highest_leaving_card_goes_first():
    old = shown({"stock": "7h 2c 7h", "x": "", "y": ""})
    new = {"stock": cards("7h"), "x": cards("7H"), "y": cards("2C")}
    outcome = plan(old, new, lambda item: item.card)
    assert names(outcome, "x") == ["stock2"]
    assert names(outcome, "stock") == ["stock0"]


def test_unmatched_cards_are_new_and_leftovers_removed():
    old = shown({"a": "ks", "b": "2d"})
    outcome = plan(old, {"a": cards("KS"), "b": cards("3D")}, lambda item: item.card)
    assert names(outcome, "b") == [None]
    assert [item.name for item in outcome.removed] == ["b0"]
