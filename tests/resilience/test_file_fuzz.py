"""The project's own fuzzing of the player's files: random damage put into any field of any
data file (numbers too large or too small for a float, NaN and Infinity, wrong types, deep
nesting, odd unicode) must never stop the program. The real loaders read it, then the real
start runs its first frames on it: whatever is damaged is set aside or falls back, with a
notice, and every game still opens."""

from __future__ import annotations

import functools
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import GAMES
from game.rules.history import History
from game.store import SaveSlots, Settings, Statistics, atomic

from .helpers import start_app

MARK = "\u0000fuzz\u0000"  # stands where the damage goes, then is replaced by it as JSON text
HOSTILE = st.sampled_from([
    "9" * 320, "-" + "9" * 400, "1e400", "-1e400", "5e-324", "1.7976931348623157e308",
    str(2**63), str(2**64 + 1), "-0.0", "NaN", "Infinity", "-Infinity", "true", "false", "null",
    '""', '"\\u202e\\u0000\\ud83c\\udccf"', '"\\ud800"', '"x\\ty"', "[]", "{}", "[[[[]]]]",
    '{"": {"": []}}', "[" * 3000 + "]" * 3000, '[1, "a", null, 1e999]', "0", "-1",
]) | st.integers().map(str) | st.floats(allow_nan=False, allow_infinity=False).map(repr) \
    | st.text(max_size=6).map(json.dumps)


def good_files(folder: Path) -> dict[str, str]:
    """Each data file as the program writes it after some play, by name."""
    Settings(folder=folder).save()
    stats = Statistics(folder)
    stats.record_game("klondike", 640, True, seconds=90.5, vegas=-52, rules="standard/3",
                      key="0123456789abcdef")
    stats.record_game("leap_frog", 34, False, rules="murray/15", finished=False)
    stats.record_game("leapfrog", 130, False, winnings=30)
    slots = SaveSlots(folder)
    for game_id, rules in GAMES.items():
        history = History.start(rules.new_game(7))
        for _ in range(3):
            moves = rules.legal_moves(history.state)
            if not moves:
                break
            history = history.push(moves[0], rules.apply(history.state, moves[0]))
        slots.save(game_id, history, elapsed=12.5, move_count=3,
                   extras={"key": "fedcba9876543210", "assisted": False})
    return {path.name: path.read_text() for path in sorted(folder.glob("*.json"))}


def places(value: object, path: tuple = ()) -> list[tuple]:
    """Every field of a JSON value, as the keys and indices that lead there; of a list, the
    first and last items only (a list's items are alike: a long one would drown the rest)."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for index in sorted({0, len(value) - 1} if value else set()):
            found += places(value[index], (*path, index))
    return found


def damaged(text: str, place: tuple, damage: str) -> str:
    data = json.loads(text)
    if not place:
        return damage
    target = data
    for step in place[:-1]:
        target = target[step]
    target[place[-1]] = MARK
    return json.dumps(data, indent=1).replace(json.dumps(MARK), damage)


@functools.cache
def good_texts() -> dict[str, str]:
    with tempfile.TemporaryDirectory() as folder:
        return good_files(Path(folder))


def load(folder: Path, name: str) -> None:
    """Read the file called `name` with its own loader."""
    if name == "settings.json":
        Settings.load(folder)
    elif name == "stats.json":
        Statistics.load(folder)
    else:
        SaveSlots(folder).load(name.removeprefix("save-").removesuffix(".json"))


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_damage_anywhere_in_any_file_never_stops_the_program(data, private_data_folder,
                                                             monkeypatch):
    """One kind of damage put in each field of one file in turn, through the loaders; then in
    one of them, through the program's start and first frames. (Writes are not flushed to
    the disk here: what is tested is what is read.)"""
    monkeypatch.setattr(atomic, "sync_folder", lambda folder: None)
    monkeypatch.setattr(atomic.os, "fsync", lambda handle: None)
    folder = private_data_folder
    files = good_texts()
    for old in folder.iterdir():
        old.unlink()
    for other, text in files.items():
        (folder / other).write_text(text)
    name = data.draw(st.sampled_from(sorted(files)), label="file")
    damage = data.draw(HOSTILE, label="damage")
    fields = places(json.loads(files[name]))
    for place in fields:
        (folder / name).write_text(damaged(files[name], place, damage))
        load(folder, name)
        for aside in folder.glob("*.bad"):
            aside.unlink()
    place = data.draw(st.sampled_from(fields), label="place")
    (folder / name).write_text(damaged(files[name], place, damage))
    game_id = name.removeprefix("save-").removesuffix(".json") if name.startswith("save-") \
        else data.draw(st.sampled_from(sorted(GAMES)), label="game")
    app, context = start_app(["--game", game_id], autosave=True)
    try:
        for _ in range(3):
            app.run_frame(1 / 60)
        context.stats.record_game(game_id, 1, False)
        context.save_settings()
    finally:
        app.close()
