"""Deal codes: every deal of every game and rules survives the trip through its code, and no
text that is not a code opens anything."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.deal_codes import MAX_SEED, BadCode, decode, encode
from game.registry import GAMES


def rules_options(entry):
    """A strategy for every combination of the game's rules options."""
    return st.fixed_dictionaries({option.name: st.sampled_from(option.values(high=20))
                                  for option in entry.rules.rule_options})


@st.composite
def deals(draw):
    entry = draw(st.sampled_from(GAMES))
    return entry.id, draw(rules_options(entry)), draw(st.integers(0, MAX_SEED))


@given(deals())
@settings(max_examples=300)
def test_every_deal_comes_back_from_its_code(deal):
    game_id, options, seed = deal
    code = encode(game_id, options, seed)
    assert len(code) <= 40
    decoded = decode(code)
    assert (decoded.game_id, dict(decoded.options), decoded.seed) == (game_id, options, seed)
    # As a player may type or paste it: any case, spaces, a leading #.
    assert decode(f"  #{code.lower()} ") == decoded


def test_each_game_has_its_own_letter():
    letters = [entry.code_letter for entry in GAMES]
    assert all(len(letter) == 1 and letter.isupper() for letter in letters)
    assert len(set(letters)) == len(letters)


def test_a_klondike_code_names_draw_scoring_and_deal():
    code = encode("klondike", {"draw": 1, "scoring": "vegas"}, 12345)
    assert code.startswith("K1.n.1.1-12345")
    assert decode(code).options["scoring"] == "vegas"


@given(st.text(max_size=80))
@settings(max_examples=500)
def test_any_text_is_a_deal_or_a_clear_refusal(text):
    try:
        deal = decode(text)
    except BadCode as error:
        assert str(error).endswith(".")
    else:
        assert encode(deal.game_id, deal.options, deal.seed).upper() == "".join(
            text.split()).upper().removeprefix("#")


@given(deals(), st.data())
@settings(max_examples=300)
def test_a_code_with_one_character_changed_is_refused(deal, data):
    code = encode(*deal)
    index = data.draw(st.integers(0, len(code) - 1))
    replacement = data.draw(st.sampled_from("0123456789ABCDEFGKLMNWXYZ.-"))
    changed = code[:index] + replacement + code[index + 1:]
    if changed.upper() != code.upper():
        with pytest.raises(BadCode):
            decode(changed)


@given(deals(), st.data())
@settings(max_examples=300)
def test_a_code_with_two_neighbours_swapped_is_refused(deal, data):
    code = encode(*deal)
    index = data.draw(st.integers(0, len(code) - 2))
    swapped = code[:index] + code[index + 1] + code[index] + code[index + 2:]
    if swapped.upper() != code.upper():
        with pytest.raises(BadCode):
            decode(swapped)


def test_every_change_to_one_character_of_long_codes_is_refused():
    """All places and all characters, on the longest codes (where weights could repeat)."""
    for code in (encode("leap_frog", {"diagonal": True}, MAX_SEED),
                 encode("klondike", {"redeals": 2, "start_rank": 13}, 10**18 + 7)):
        for index in range(len(code)):
            for replacement in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.-":
                changed = code[:index] + replacement + code[index + 1:]
                if changed.upper() != code.upper():
                    with pytest.raises(BadCode):
                        decode(changed)


@pytest.mark.parametrize("text, words", [
    ("", "first"),
    ("K3.n.1.0-12345", "not a deal code"),
    ("K3.n.1.0-12345A", "mistake"),
    ("K3.n.1-12345", "not a deal code"),
    ("x" * 100, "too long"),
    ("K3.n.1.0-１２３", "not a deal code"),
])
def test_bad_codes_get_a_clear_word(text, words):
    with pytest.raises(BadCode, match=words):
        decode(text)


def _with_check(body: str) -> str:
    from game.deal_codes import _check_letter
    return body + _check_letter(body)


@pytest.mark.parametrize("body, words", [
    ("Q-5", "No game"),
    ("K3.n.1-5", "do not fit"),
    ("K99.n.1.0-5", "does not have"),
    ("K3.n.1.7-5", "does not have"),
    ("F1-5", "do not fit"),
    ("M15.0.2.3-5", "does not have"),
    ("F-99999999999999999999", "not a deal code"),
    ("F-9999999999999999999", "too large"),
])
def test_codes_with_a_right_check_but_wrong_contents_are_refused(body, words):
    with pytest.raises(BadCode, match=words):
        decode(_with_check(body))
