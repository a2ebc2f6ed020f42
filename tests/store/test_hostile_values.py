"""Values no program would write, put into the player's files by hand or by damage: numbers too
large for a float, wrong types, counts at the top of their range. Each is damage set aside with
a word, or kept within range; none stops the program."""

from __future__ import annotations

import json

from game.store.savegame import MOST_MOVES, MOST_SECONDS, SaveSlots
from game.store.settings import Settings
from game.store.stats import Statistics
from tests.store.toy_rules import GAMES, played_history

HUGE = int("9" * 320)  # more digits than a float can hold


def _edit(path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def _saved_game(folder, **table) -> SaveSlots:
    slots = SaveSlots(folder, GAMES)
    assert slots.save("counting", played_history(2), **table) == []
    return slots


def test_a_volume_too_large_for_a_float_is_damage(folder):
    Settings(folder=folder).save()
    _edit(folder / "settings.json", lambda data: data["sound"].update(volume=HUGE))
    settings, messages = Settings.load(folder)
    assert settings.sound.volume == Settings().sound.volume
    assert "settings.json.bad" in messages[0]


def test_statistics_with_a_time_or_timestamp_too_large_for_a_float_are_damage(folder):
    Statistics(folder).record_game("klondike", 10, True, seconds=5.0)
    for change in (lambda data: data["games"]["klondike"].update(total_time=HUGE),
                   lambda data: data["games"]["klondike"]["history"][0].__setitem__(0, HUGE)):
        Statistics(folder).record_game("klondike", 10, True, seconds=5.0)
        _edit(folder / "stats.json", change)
        stats, messages = Statistics.load(folder)
        assert stats.get("klondike").played == 0 and "set aside" in messages[0]


def test_a_save_with_an_elapsed_time_too_large_for_a_float_is_damage(folder):
    slots = _saved_game(folder)
    _edit(slots.path("counting"), lambda data: data["table"].update(elapsed=HUGE))
    saved, messages = slots.load("counting")
    assert saved is None and "set aside" in messages[0]


def test_a_redo_line_that_is_not_a_list_is_dropped_and_the_game_kept(folder):
    for redo in (7, True, "moves", {"a": 1}):
        slots = _saved_game(folder)
        _edit(slots.path("counting"), lambda data, redo=redo: data.update(redo=redo))
        saved, messages = slots.load("counting")
        assert saved is not None and saved.history.state.count > 0
        assert "redo" in messages[0]


def test_a_wrong_type_anywhere_in_a_save_is_damage_not_a_crash(folder):
    slots = _saved_game(folder)
    original = json.loads(slots.path("counting").read_text())
    for key in original:
        for wrong in (None, 7, True, "x", [], {}, [[[]]], 1e300):
            slots.path("counting").write_text(json.dumps({**original, key: wrong}))
            slots.load("counting")  # no exception; a usable result or one set aside
    for path in folder.glob("*.bad"):
        path.unlink()


def test_a_save_at_the_top_of_its_ranges_saves_again(folder):
    slots = _saved_game(folder, elapsed=MOST_SECONDS, move_count=MOST_MOVES)
    saved, _ = slots.load("counting")
    assert slots.save("counting", saved.history, elapsed=saved.elapsed + 1.5,
                      move_count=saved.move_count + 1) == []
    again, _ = slots.load("counting")
    assert (again.elapsed, again.move_count) == (MOST_SECONDS, MOST_MOVES)
