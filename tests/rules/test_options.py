"""Each rules option is declared once (game.rules.options) and the rules, the settings and
the options dialog all follow that declaration."""

from __future__ import annotations

import pytest

from game.rules import GAMES
from game.rules.options import RuleOption, check_options
from game.scenes.option_rows import TABS
from game.store.settings import Settings

DECLARED = [(game_id, option) for game_id, rules in GAMES.items()
            for option in rules.rule_options]
IDS = [f"{game_id}.{option.name}" for game_id, option in DECLARED]


def test_the_games_with_options_declare_them() -> None:
    assert {game_id for game_id, _ in DECLARED} == {"klondike", "leap_frog"}


def test_a_declaration_checks_its_values() -> None:
    option = RuleOption("redeals", None, 0, 9, none_allowed=True)
    assert option.check(None) is None and option.check(9) == 9
    with pytest.raises(ValueError, match="redeals: 10 is out of range"):
        option.check(10)
    with pytest.raises(ValueError, match="out of range"):
        option.check(5, high=4)
    assert option.values(high=2) == (None, 0, 1, 2)
    assert RuleOption("mode", "a", choices=("a", "b")).values() == ("a", "b")
    with pytest.raises(ValueError, match="unknown option colour"):
        check_options((option,), {"colour": 1}, "game")
    assert check_options((option,), {}, "game") == {"redeals": None}


@pytest.mark.parametrize(("game_id", "option"), DECLARED, ids=IDS)
def test_new_games_take_the_declared_default(game_id, option) -> None:
    rules = GAMES[game_id]
    assert rules.options(rules.new_game(1))[option.name] == option.default


@pytest.mark.parametrize(("game_id", "option"), DECLARED, ids=IDS)
def test_the_settings_default_and_refuse_as_declared(game_id, option) -> None:
    settings = Settings()
    key = f"{game_id}.{option.name}"
    assert settings.get(key) == option.default
    assert settings.rules_options(game_id)[option.name] == option.default
    with pytest.raises(ValueError):
        settings.set(key, "no such value" if option.kind is not str else 12)
    if option.high is not None:
        with pytest.raises(ValueError):
            settings.set(key, option.high + 1)
        with pytest.raises(ValueError):
            GAMES[game_id].new_game(1, **{option.name: option.high + 1})


@pytest.mark.parametrize(("game_id", "option"), DECLARED, ids=IDS)
def test_the_dialog_offers_declared_values_only(game_id, option) -> None:
    rows = [row for tab in TABS for row in tab.options if row.key == f"{game_id}.{option.name}"]
    assert len(rows) == 1
    offered = [value for value, _ in rows[0].choices]
    assert offered and set(offered) <= set(option.values())
    assert offered == [value for value in option.values() if value in offered]  # in order
    assert option.default in offered
