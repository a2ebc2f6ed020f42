"""The whole app starting on a damaged file: it is set aside, the player is told in a notice,
and every other file is left exactly as it was.

The store's own tests check each loader case by case; here every kind of damage meets every
kind of file through the real start (`load_context`, the first scenes, the notices, frames).
A settings file that is whole but holds bad values keeps its other values: the bad ones fall
back to their defaults, the player is told, and the file as it was is kept aside.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.rules import GAMES
from game.rules.history import History
from game.scenes.leap_frog.scene import LeapFrogBoardScene
from game.scenes.menu import MenuScene
from game.scenes.notice import NoticeScene
from game.scenes.table.scene import CardTableScene
from game.store import SaveSlots, Settings, Statistics

from .helpers import start_app

SAVES = {f"save:{game_id}": game_id for game_id in GAMES}
FILES = {"settings": "settings.json", "stats": "stats.json",
         **{kind: f"save-{game_id}.json" for kind, game_id in SAVES.items()}}
OTHER_SAVE = "save-leap_year.json"
# What the player's sentence calls each file.
SUBJECTS = {"settings": "settings", "stats": "statistics",
            **{kind: f"saved {GAMES[game_id].title} game" for kind, game_id in SAVES.items()}}
# Damage: (kind of file, its good contents parsed, its good bytes, another game's save) ->
# the damaged bytes.
Damage = Callable[[str, dict, bytes, bytes], bytes]


def _json(data: object) -> bytes:
    return json.dumps(data).encode()


def _wrong_types(kind: str, data: dict, raw: bytes, other: bytes) -> bytes:
    field = {"settings": "sound", "stats": "games"}.get(kind, "moves")
    return _json({**data, field: "all of them"})


def _state_with_a_piece_gone(kind: str, data: dict, raw: bytes, other: bytes) -> bytes:
    """The saved state with one card (or marble, or a square of the board) missing."""
    state = json.loads(json.dumps(data["state"]))
    for value in state.values():
        if isinstance(value, list):
            inner = next((item for item in value if isinstance(item, list) and item), None)
            if inner is not None:
                inner.pop()
                break
    return _json({**data, "state": state})


def _state_of_wrong_types(kind: str, data: dict, raw: bytes, other: bytes) -> bytes:
    state = {key: (value if key in ("game", "seed", "options") else {"x": [True]})
             for key, value in data["state"].items()}
    return _json({**data, "state": state})


def _absurd_numbers(kind: str, data: dict, raw: bytes, other: bytes) -> bytes:
    if kind == "settings":
        return _json({**data, "window": {**data["window"], "size": [10**12, -3]}})
    if kind == "stats":
        games = {game: {**entry, "played": 10**40} for game, entry in data["games"].items()}
        return _json({**data, "games": games})
    return _json({**data, "seed": 10**300, "table": {"elapsed": 1e308, "move_count": 10**30}})


DAMAGES: dict[str, Damage] = {
    "empty": lambda kind, data, raw, other: b"",
    "truncated": lambda kind, data, raw, other: raw[: len(raw) // 2],
    "not json": lambda kind, data, raw, other: b"\x00\xff{ this is not JSON",
    "wrong types": _wrong_types,
    "absurd numbers": _absurd_numbers,
    # A saved Leap Year game where this file should be (for the settings and statistics too:
    # a file of another kind altogether).
    "another game's save": lambda kind, data, raw, other: other,
    "newer format": lambda kind, data, raw, other: _json({**data, "format": 99}),
    # Saved games only:
    "a piece missing": _state_with_a_piece_gone,
    "state of wrong types": _state_of_wrong_types,
    "moves cut short": lambda kind, data, raw, other: _json({**data, "moves": data["moves"][:-1]}),
}
SAVE_ONLY = {"a piece missing", "state of wrong types", "moves cut short"}
# Settings files whose bad values fall back one by one (the file itself is kept aside).
VALUE_BY_VALUE = {("settings", "wrong types"), ("settings", "absurd numbers")}


def write_good_files(folder: Path) -> None:
    """Settings, statistics, a Klondike game in progress and a Leap Year one, all sound."""
    settings = Settings.load(folder)[0]
    settings.appearance.felt = "blue"
    assert settings.save() == []
    stats = Statistics.load(folder)[0]
    assert stats.record_game("klondike", 120, False, seconds=61.0) == []
    slots = SaveSlots(folder)
    for game_id, seed in zip(GAMES, (3, 4, 5, 6, 7), strict=True):
        rules = GAMES[game_id]
        history = History.start(rules.new_game(seed))
        for _ in range(3):
            move = rules.legal_moves(history.state)[0]
            history = history.push(move, rules.apply(history.state, move))
        assert slots.save(game_id, history, elapsed=12.5, move_count=3) == []


def damage_file(folder: Path, kind: str, damage: str) -> tuple[Path, bytes, dict]:
    """Damage the file of `kind` among good ones: (its path, its damaged bytes, the other
    files' bytes by name)."""
    write_good_files(folder)
    path = folder / FILES[kind]
    raw = path.read_bytes()
    other = OTHER_SAVE if FILES[kind] != OTHER_SAVE else "save-klondike.json"
    damaged = DAMAGES[damage](kind, json.loads(raw), raw, (folder / other).read_bytes())
    path.write_bytes(damaged)
    return path, damaged, {file.name: file.read_bytes() for file in folder.iterdir()
                           if file != path}


def start_and_run(kind: str):
    app, context = start_app(["--game", SAVES[kind]] if kind in SAVES else [], autosave=True)
    for _ in range(5):
        app.run_frame(1 / 60)
    return app, context


@pytest.mark.parametrize(("kind", "damage"), [
    (kind, damage) for kind in FILES for damage in DAMAGES
    if (kind, damage) not in VALUE_BY_VALUE and (kind in SAVES or damage not in SAVE_ONLY)])
def test_a_damaged_file_is_set_aside_with_a_notice_and_nothing_else_is_lost(
        kind, damage, private_data_folder):
    folder = private_data_folder
    path, damaged, others = damage_file(folder, kind, damage)
    app, context = start_and_run(kind)
    try:
        bad = path.with_name(path.name + ".bad")
        assert bad.read_bytes() == damaged and not path.exists()
        notice = app.stack.top
        assert isinstance(notice, NoticeScene), type(notice)
        assert len(context.notices) == 1
        assert SUBJECTS[kind] in notice.message and f"set aside as {bad.name}" in notice.message
        app.run_frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])
        app.run_frame(1 / 60)
        underneath = MenuScene if kind not in SAVES else (
            LeapFrogBoardScene if SAVES[kind] == "leap_frog" else CardTableScene)
        assert isinstance(app.stack.top, underneath) and context.notices == []
        assert {file.name: file.read_bytes() for file in folder.iterdir()
                if file not in (path, bad)} == others
    finally:
        app.close()


@pytest.mark.parametrize(("kind", "damage"), sorted(VALUE_BY_VALUE))
def test_bad_setting_values_fall_back_one_by_one_and_the_file_is_kept_aside(
        kind, damage, private_data_folder):
    folder = private_data_folder
    path, damaged, others = damage_file(folder, kind, damage)
    app, context = start_and_run(kind)
    try:
        notice = app.stack.top
        assert isinstance(notice, NoticeScene), type(notice)
        assert "settings could not be used" in notice.message
        assert "settings.json.bad" in notice.message
        assert context.settings.appearance.felt == "blue"  # a good value, kept
        assert context.settings.sound == Settings().sound
        assert context.settings.window.size == Settings().window.size
        assert (folder / "settings.json.bad").read_bytes() == damaged
        assert Settings.load(folder)[0].appearance.felt == "blue"  # saved again, repaired
        assert {file.name: file.read_bytes() for file in folder.iterdir()
                if file.name not in ("settings.json", "settings.json.bad")} == others
    finally:
        app.close()
