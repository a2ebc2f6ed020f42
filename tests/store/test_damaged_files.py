"""Every kind of damaged file is set aside with a message, and the other files are untouched."""

import json
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.store.savegame import SaveSlots
from game.store.settings import Settings
from game.store.stats import Statistics
from tests.store.toy_rules import GAMES, played_history

FILES = {"settings": "settings.json", "stats": "stats.json", "save": "save-counting.json"}


def load_all(folder):
    """(value, messages) of each store, the value in a comparable form."""
    settings, settings_messages = Settings.load(folder)
    stats, stats_messages = Statistics.load(folder)
    saved, save_messages = SaveSlots(folder, GAMES).load("counting")
    return {
        "settings": (settings, settings_messages),
        "stats": (stats.to_dict(), stats_messages),
        "save": (saved and saved.history, save_messages),
    }


@pytest.fixture
def full_folder(folder):
    """A data folder holding valid settings, statistics and a saved game."""
    settings, _ = Settings.load(folder)
    settings.klondike.draw = 1
    assert settings.save() == []
    stats, _ = Statistics.load(folder)
    assert stats.record_game("leapfrog", 130, False, winnings=30, when=10.0) == []
    assert SaveSlots(folder, GAMES).save("counting", played_history(1, 2, 2)) == []
    return folder


def text_of(value) -> bytes:
    return json.dumps(value).encode()


def edited(path, change) -> bytes:
    data = json.loads(path.read_text())
    change(data)
    return text_of(data)


def set_item(*keys_and_value):
    *keys, last, value = keys_and_value

    def change(data):
        for key in keys:
            data = data[key]
        data[last] = value
    return change


COMMON_DAMAGE = {
    "empty": lambda path: b"",
    "truncated": lambda path: path.read_bytes()[: len(path.read_bytes()) // 2],
    "not json": lambda path: b"this is not json {",
    "binary junk": lambda path: bytes(range(256)),
    "a list": lambda path: text_of([1, 2, 3]),
    "a string": lambda path: text_of("settings"),
    "NaN": lambda path: re.sub(rb'"format": [0-9]+', b'"format": NaN', path.read_bytes()),
    "newer format": lambda path: edited(path, set_item("format", 99)),
    "format zero": lambda path: edited(path, set_item("format", 0)),
    "nested too deeply": lambda path: b"[" * 50_000 + b"]" * 50_000,
}

SPECIFIC_DAMAGE = {
    "settings": {
        "foreign: statistics": lambda path: (path.parent / "stats.json").read_bytes(),
        "no kind": lambda path: edited(path, lambda data: data.pop("kind")),
        "format as text": lambda path: edited(path, set_item("format", "1")),
    },
    "stats": {
        "foreign: settings": lambda path: (path.parent / "settings.json").read_bytes(),
        "wrong type": lambda path: edited(path, set_item("games", "leapfrog", "played", "3")),
        "games a list": lambda path: edited(path, set_item("games", [])),
        "absurd count": lambda path: edited(path, set_item("games", "leapfrog", "played",
                                                           10**15)),
        "more won than played": lambda path: edited(path, set_item("games", "leapfrog",
                                                                   "won", 5)),
        "absurd winnings": lambda path: edited(path, set_item("games", "leapfrog",
                                                              "total_winnings", 10**20)),
        "bad history": lambda path: edited(path, set_item("games", "leapfrog", "history",
                                                          [[1.0, 2]])),
        "negative time": lambda path: edited(path, set_item("games", "leapfrog",
                                                            "total_time", -5)),
        "unknown key": lambda path: edited(path, set_item("games", "leapfrog", "colour", 1)),
        "bad game id": lambda path: edited(path, set_item("games", "../x", {})),
    },
    "save": {
        "another game's save": lambda path: edited(path, set_item("game", "other")),
        "foreign: statistics": lambda path: (path.parent / "stats.json").read_bytes(),
        "wrong type": lambda path: edited(path, set_item("seed", "seven")),
        "absurd seed": lambda path: edited(path, set_item("seed", 10**30)),
        "impossible move": lambda path: edited(path, set_item("moves", 0, {"add": 3})),
        "edited state": lambda path: edited(path, set_item("state", "count", 19)),
        "absurd count": lambda path: edited(path, set_item("state", "count", 10**9)),
        "bad option": lambda path: edited(path, set_item("options", "step", 99)),
        "unknown option": lambda path: edited(path, set_item("options", "speed", 1)),
        "missing moves": lambda path: edited(path, lambda data: data.pop("moves")),
        "bad table": lambda path: edited(path, set_item("table", "elapsed", -3)),
        "table a list": lambda path: edited(path, set_item("table", [])),
    },
}

CASES = [(store, name, damage) for store in FILES for name, damage in COMMON_DAMAGE.items()]
CASES += [(store, name, damage) for store, cases in SPECIFIC_DAMAGE.items()
          for name, damage in cases.items()]

SUBJECTS = {"settings": "Your settings file", "stats": "Your statistics file",
            "save": "Your saved Counting game"}
FALLBACKS = {"settings": "using the default settings", "stats": "starting fresh",
             "save": "starting a new game"}


@pytest.mark.parametrize("store, damage", [(store, damage) for store, _, damage in CASES],
                         ids=[f"{store}-{name}" for store, name, _ in CASES])
def test_damaged_file_is_set_aside_and_the_others_are_untouched(full_folder, store, damage):
    healthy = load_all(full_folder)
    path = full_folder / FILES[store]
    broken = damage(path)
    assert broken != path.read_bytes()
    path.write_bytes(broken)

    loaded = load_all(full_folder)

    value, messages = loaded[store]
    assert len(messages) == 1
    message = messages[0]
    assert message.startswith(SUBJECTS[store])
    assert f"has been set aside as {FILES[store]}.bad; {FALLBACKS[store]}." in message
    assert (full_folder / f"{FILES[store]}.bad").read_bytes() == broken
    assert not path.exists()
    fresh = {"settings": Settings(), "stats": Statistics(full_folder).to_dict(), "save": None}
    assert value == fresh[store]
    for other in FILES.keys() - {store}:
        assert loaded[other] == healthy[other]


@pytest.mark.parametrize("store, phrase", [
    ("settings", "was written by a newer version of Leaps"),
    ("stats", "was written by a newer version of Leaps"),
    ("save", "was written by a newer version of Leaps"),
])
def test_newer_format_says_so(full_folder, store, phrase):
    path = full_folder / FILES[store]
    path.write_bytes(edited(path, set_item("format", 99)))
    _, messages = load_all(full_folder)[store]
    assert messages == [f"{SUBJECTS[store]} {phrase} and has been set aside as "
                        f"{FILES[store]}.bad; {FALLBACKS[store]}."]


def test_another_games_save_says_so(full_folder):
    path = full_folder / "save-counting.json"
    path.write_bytes(edited(path, set_item("game", "other")))
    _, messages = SaveSlots(full_folder, GAMES).load("counting")
    assert messages == ["Your saved Counting game does not hold a Counting game and has been "
                        "set aside as save-counting.json.bad; starting a new game."]


def test_damaged_statistics_message_reads_plainly(full_folder):
    (full_folder / "stats.json").write_text("{")
    assert Statistics.load(full_folder)[1] == [
        "Your statistics file was damaged and has been set aside as stats.json.bad; "
        "starting fresh."]


def test_fresh_files_are_written_after_setting_aside(full_folder):
    (full_folder / "stats.json").write_text("garbage")
    stats, _ = Statistics.load(full_folder)
    assert stats.record_game("klondike", 10, True) == []
    again, messages = Statistics.load(full_folder)
    assert messages == []
    assert again.get("klondike").played == 1
    assert (full_folder / "stats.json.bad").read_text() == "garbage"


def test_repeated_damage_keeps_every_bad_copy(full_folder):
    for attempt in range(3):
        (full_folder / "settings.json").write_text(f"broken {attempt}")
        _, messages = Settings.load(full_folder)
        assert len(messages) == 1
    names = sorted(path.name for path in full_folder.glob("settings.json*.bad"))
    assert names == ["settings.json.2.bad", "settings.json.3.bad", "settings.json.bad"]
    assert "settings.json.3.bad" in messages[0]


def test_unreadable_file_is_reported_and_set_aside(full_folder, monkeypatch):
    original = (full_folder / "stats.json").read_bytes()

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("builtins.open", refuse)
    stats, messages = Statistics.load(full_folder)
    monkeypatch.undo()
    assert messages == ["Your statistics file could not be read (Permission denied) and has "
                        "been set aside as stats.json.bad; starting fresh."]
    assert (full_folder / "stats.json.bad").read_bytes() == original
    assert stats.record_game("klondike", 1, True) == []
    assert (full_folder / "stats.json.bad").read_bytes() == original


def test_file_that_cannot_be_set_aside_is_still_reported(full_folder, monkeypatch):
    (full_folder / "stats.json").write_text("garbage")

    def refuse(*args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("game.store.atomic.os.rename", refuse)
    _, messages = Statistics.load(full_folder)
    assert messages == ["Your statistics file was damaged and could not be set aside "
                        "(Permission denied); starting fresh. Leaps will not write over it."]


def test_a_damaged_file_that_could_not_be_set_aside_is_never_written_over(full_folder,
                                                                          monkeypatch):
    """The folder refuses to rename, then lets it: the damaged file goes aside before any
    write, and no write while it cannot."""
    (full_folder / "stats.json").write_text("garbage")
    real_rename = os.rename
    monkeypatch.setattr("game.store.atomic.os.rename", _refusing_rename)
    stats, _ = Statistics.load(full_folder)
    stats.record_game("klondike", 1, True)
    assert (full_folder / "stats.json").read_text() == "garbage"
    monkeypatch.setattr("game.store.atomic.os.rename", real_rename)
    assert "set aside as stats.json.bad" in stats.record_game("klondike", 2, True)[0]
    assert (full_folder / "stats.json.bad").read_text() == "garbage"
    assert Statistics.load(full_folder)[0].get("klondike").played == 2


def _refusing_rename(*args):
    raise PermissionError(13, "Permission denied")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)
STAT_KEYS = ["played", "won", "best_score", "current_streak", "best_streak", "total_time",
             "total_winnings", "best_winnings", "vegas_balance", "history"]


def nearly_valid_stats():
    entry = st.dictionaries(st.sampled_from(STAT_KEYS), json_values | st.integers(0, 5))
    return st.fixed_dictionaries({"kind": st.just("leaps-statistics"), "format": st.just(1),
                                  "games": st.dictionaries(st.sampled_from(["klondike", "x"]),
                                                           entry, max_size=2)})


def nearly_valid_settings():
    section = st.dictionaries(st.sampled_from(["draw", "redeals", "seats", "size", "volume",
                                               "last_game", "back", "muted"]), json_values)
    return st.fixed_dictionaries({"kind": st.just("leaps-settings"), "format": st.just(1)},
                                 optional={name: section for name in
                                           ("klondike", "leap_frog", "sound", "window",
                                            "general", "appearance")})


def nearly_valid_saves():
    return st.fixed_dictionaries(
        {"format": st.just(1), "game": st.just("counting"), "seed": st.integers(-1, 9),
         "options": st.dictionaries(st.sampled_from(["step", "speed"]),
                                    json_values | st.integers(0, 6)),
         "moves": st.lists(st.fixed_dictionaries({"add": st.integers(0, 3)}) | json_values,
                           max_size=4),
         "state": json_values},
        optional={"redo": json_values, "table": json_values})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(store=st.sampled_from(sorted(FILES)), data=st.data())
def test_any_json_contents_load_without_crashing(tmp_path_factory, store, data):
    folder = tmp_path_factory.mktemp("fuzz")
    strategy = {"settings": nearly_valid_settings(), "stats": nearly_valid_stats(),
                "save": nearly_valid_saves()}[store] | json_values
    (folder / FILES[store]).write_text(json.dumps(data.draw(strategy)))
    value, messages = load_all(folder)[store]
    assert len(messages) <= 1
    assert (folder / (FILES[store] + ".bad")).exists() == bool(messages)
    repaired = store == "settings" and bool(value.repaired)
    assert (folder / FILES[store]).exists() == (not messages or repaired)
    if store == "settings":
        assert Settings.from_dict(value.to_dict()) == value


def test_settings_with_a_bad_value_are_not_written_over_while_they_cannot_be_set_aside(
        folder, monkeypatch):
    Settings(folder=folder).save()
    path = folder / "settings.json"
    original = path.read_text().replace('"volume": 0.7', '"volume": "loud"')
    path.write_text(original)
    real_rename = os.rename
    monkeypatch.setattr("game.store.atomic.os.rename", _refusing_rename)
    settings, messages = Settings.load(folder)
    assert "not written over" in messages[0]
    settings.save()
    assert path.read_text() == original
    monkeypatch.setattr("game.store.atomic.os.rename", real_rename)
    assert settings.save() == []
    assert (folder / "settings.json.bad").read_text() == original
    assert Settings.load(folder) == (settings, [])
