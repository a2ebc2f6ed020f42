import json
import logging

import pytest

from game.store.atomic import read_json
from game.store.settings import KIND, Settings


def write_settings(folder, **sections):
    (folder / "settings.json").write_text(json.dumps({"kind": KIND, "format": 1, **sections}))


def test_defaults_when_there_is_no_file(folder):
    settings, messages = Settings.load(folder)
    assert messages == []
    assert settings == Settings()
    assert settings.rules_options("klondike") == {
        "draw": 3, "redeals": None, "start_rank": 1, "scoring": "standard"}
    assert settings.rules_options("leap_frog") == {
        "size": 15, "variant": "murray", "players": 2, "diagonal": False}
    assert settings.rules_options("leapfrog") == {}
    assert settings.klondike.automatic_moves is True
    assert settings.klondike.show_deck_contents is False
    assert settings.klondike.vegas_cumulative is False
    assert settings.leap_frog.seats[:2] == ("human", "computer")
    assert settings.leap_frog.strengths == ("medium",) * 4
    assert settings.leap_year.auto_play is False
    assert not any(settings.get(f"{game_id}.winnable_only")
                   for game_id in ("klondike", "leapfrog", "leap_year", "lucas_leaps"))
    assert settings.general.last_game is None
    assert settings.appearance.card_size == "auto"
    assert settings.appearance.deck == "two_colour"
    assert 0 <= settings.sound.volume <= 1 and settings.sound.muted is False
    assert settings.window.fullscreen is False


def test_each_solitaire_has_its_own_winnable_switch(folder):
    settings, _ = Settings.load(folder)
    settings.leapfrog.winnable_only = True
    settings.set("lucas_leaps.winnable_only", True)
    assert settings.save() == []
    again, messages = Settings.load(folder)
    assert messages == []
    assert [again.get(f"{game_id}.winnable_only")
            for game_id in ("klondike", "leapfrog", "leap_year", "lucas_leaps")] == [
        False, True, False, True]
    assert again.rules_options("leapfrog") == {} and again.rules_options("lucas_leaps") == {}


def test_the_old_shared_winnable_switch_carries_over_to_every_solitaire(folder, caplog):
    write_settings(folder, general={"winnable_only": True, "last_game": "klondike"},
                   leap_year={"auto_play": True, "winnable_only": False})
    with caplog.at_level(logging.WARNING):
        settings, messages = Settings.load(folder)
    assert messages == [] and "unknown" not in caplog.text
    assert settings.klondike.winnable_only and settings.leapfrog.winnable_only
    assert settings.lucas_leaps.winnable_only
    assert settings.leap_year.winnable_only is False  # its own value wins
    assert settings.leap_year.auto_play and settings.general.last_game == "klondike"
    assert settings.leap_frog == Settings().leap_frog  # not a solitaire: nothing added


def test_a_bad_old_shared_winnable_switch_is_repaired_like_any_bad_value(folder):
    write_settings(folder, general={"winnable_only": "yes"})
    settings, messages = Settings.load(folder)
    assert len(messages) == 1 and "klondike.winnable_only" in messages[0]
    assert not settings.klondike.winnable_only


def test_round_trip(folder):
    settings, _ = Settings.load(folder)
    settings.klondike.draw = 1
    settings.set("klondike.redeals", 2)
    settings.set("leap_frog.seats", ["human", "human", "computer", "human"])
    settings.leap_frog.players = 4
    settings.sound.volume = 0.25
    settings.window.size = (1920, 1080)
    settings.general.last_game = "leap_year"
    settings.appearance.back = "red-lattice"
    assert settings.save() == []
    again, messages = Settings.load(folder)
    assert messages == []
    assert again == settings
    assert again.get("leap_frog.seats") == ("human", "human", "computer", "human")
    assert again.window.size == (1920, 1080)
    assert again.rules_options("klondike")["draw"] == 1


@pytest.mark.parametrize("key, value", [
    ("klondike.draw", 0), ("klondike.draw", 6), ("klondike.draw", "3"), ("klondike.draw", True),
    ("klondike.draw", 3.0), ("klondike.redeals", -1), ("klondike.start_rank", 14),
    ("klondike.scoring", "golf"), ("klondike.automatic_moves", 1),
    ("leap_frog.size", 14), ("leap_frog.size", 19), ("leap_frog.variant", "chinese"),
    ("leap_frog.players", 5), ("leap_frog.players", 1), ("leap_frog.diagonal", "no"),
    ("leap_frog.seats", ["human"]), ("leap_frog.seats", ["human", "robot", "human", "human"]),
    ("leap_frog.strengths", ["hard"] * 3 + ["expert"]), ("leap_year.auto_play", None),
    ("leapfrog.winnable_only", 1), ("lucas_leaps.winnable_only", "on"),
    ("general.last_game", "chess"), ("appearance.card_size", "huge"),
    ("appearance.deck", "tarot"), ("appearance.back", "../../etc"), ("appearance.felt", ""),
    ("sound.volume", 1.5), ("sound.volume", float("nan")), ("sound.volume", -0.1),
    ("sound.muted", "yes"), ("window.size", [10, 10]), ("window.size", [800]),
    ("window.fullscreen", 0),
])
def test_bad_values_are_refused_and_change_nothing(key, value):
    settings = Settings()
    before = settings.get(key)
    with pytest.raises(ValueError):
        settings.set(key, value)
    assert settings.get(key) == before


def test_attribute_assignment_is_checked_too():
    settings = Settings()
    with pytest.raises(ValueError):
        settings.klondike.draw = 9
    with pytest.raises(AttributeError):
        settings.klondike.drawing = 1
    assert settings.klondike.draw == 3


def test_unknown_key_names():
    settings = Settings()
    for key in ("klondike.colour", "chess.draw", "klondike", ""):
        with pytest.raises(KeyError):
            settings.get(key)
        with pytest.raises(KeyError):
            settings.set(key, 1)


def test_wrong_value_in_file_falls_back_for_that_field_only(folder, caplog):
    write_settings(folder,
                   klondike={"draw": "five", "scoring": "vegas", "redeals": 1.5,
                             "start_rank": 7},
                   sound={"volume": 7, "muted": True},
                   window={"size": "big", "fullscreen": True})
    original = (folder / "settings.json").read_bytes()
    with caplog.at_level(logging.WARNING):
        settings, messages = Settings.load(folder)
    assert len(messages) == 1
    for name in ("klondike.draw", "klondike.redeals", "sound.volume", "window.size"):
        assert name in messages[0]
    assert "settings.json.bad" in messages[0]
    assert (folder / "settings.json.bad").read_bytes() == original
    assert Settings.load(folder) == (settings, [])  # the repaired settings were saved
    assert settings.klondike.draw == 3
    assert settings.klondike.redeals is None
    assert settings.klondike.scoring == "vegas"
    assert settings.klondike.start_rank == 7
    assert settings.sound.volume == Settings().sound.volume
    assert settings.sound.muted is True
    assert settings.window.fullscreen is True
    assert "klondike.draw" in caplog.text and "sound.volume" in caplog.text


def test_unknown_keys_and_sections_are_ignored_with_a_warning(folder, caplog):
    write_settings(folder, klondike={"draw": 1, "colour": "red"}, chess={"board": 8})
    with caplog.at_level(logging.WARNING):
        settings, messages = Settings.load(folder)
    assert messages == []
    assert settings.klondike.draw == 1
    assert settings.sound == Settings().sound
    assert "klondike.colour" in caplog.text
    assert "chess" in caplog.text


def test_saved_file_is_tidy_json(folder):
    settings, _ = Settings.load(folder)
    assert settings.save() == []
    data = read_json(folder / "settings.json")
    assert data["kind"] == KIND and data["format"] == 1
    assert data["klondike"]["redeals"] is None
    assert data["leap_frog"]["seats"] == ["human", "computer", "computer", "computer"]


def test_save_needs_a_folder():
    with pytest.raises(ValueError):
        Settings().save()


def test_save_failure_is_a_message(folder, monkeypatch):
    settings, _ = Settings.load(folder)
    assert settings.save() == []
    settings.klondike.draw = 5

    def no_space(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.store.atomic.os.replace", no_space)
    messages = settings.save()
    monkeypatch.undo()
    assert len(messages) == 1 and "No space left" in messages[0]
    assert Settings.load(folder)[0].klondike.draw == 3
