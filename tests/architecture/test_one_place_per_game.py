"""A game is described in one place: its entry in `game.registry` and its own modules.

No shared module may name a game id on its own (a string equal to the id): a list of games,
or an `if` on one game, belongs in the registry entry, so adding a game cannot miss a list.
"""

from __future__ import annotations

import ast
from pathlib import Path

from game.registry import GAMES, IDS, load, modules_named
from game.rules import GAMES as RULES

ROOT = Path(__file__).resolve().parents[2]
GAME_DIR = ROOT / "game"

# Shared modules that still name games, each for a reason of its own (keep this list short).
STILL_NAMING = {
    # The settings file's sections, one dataclass per game (the file format names them).
    "game/store/settings.py",
}


def _own_modules(path: Path) -> bool:
    """A game's own module: its file or folder is named after it (klondike_piles.py, leap_frog/)."""
    parts = path.relative_to(GAME_DIR).with_suffix("").parts
    return any(part == game_id or part.startswith(f"{game_id}_") for part in parts
               for game_id in IDS)


def named_ids(source: str) -> list[tuple[int, str]]:
    """(line, id) of each string constant in `source` that is exactly a game id."""
    ids = set(IDS)
    return [(node.lineno, node.value) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and node.value in ids]


def test_the_scan_finds_a_game_named_in_code() -> None:
    assert named_ids('if game_id == "klondike":\n    pass') == [(1, "klondike")]
    assert named_ids('"""Klondike and klondike_piles."""\nx = "klondike.draw"') == []


def test_the_registry_lists_every_game_with_rules_once() -> None:
    assert list(IDS) == list(RULES)
    assert len(set(IDS)) == len(GAMES)


def test_no_shared_module_names_a_game() -> None:
    found = {}
    for path in sorted(GAME_DIR.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative == "game/registry.py" or _own_modules(path) or relative in STILL_NAMING:
            continue
        named = named_ids(path.read_text(encoding="utf-8"))
        if named:
            found[relative] = named
    assert not found, f"game ids named outside the registry: {found}"


def test_the_exceptions_still_need_their_place() -> None:
    for relative in STILL_NAMING:
        assert named_ids((ROOT / relative).read_text(encoding="utf-8")), (
            f"{relative} names no game any more: take it off STILL_NAMING")


def test_no_two_classes_differ_by_a_capital_only() -> None:
    """Leapfrog the solitaire and Leap Frog the board game: their classes must not be told
    apart by one capital letter (the board game's say Board)."""
    classes: dict[str, set[str]] = {}
    for path in GAME_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                classes.setdefault(node.name.lower(), set()).add(node.name)
    clashes = [names for names in classes.values() if len(names) > 1]
    assert not clashes, clashes


def test_scores_are_kept_by_declared_options() -> None:
    for entry in GAMES:
        declared = {option.name for option in entry.rules.rule_options}
        assert set(entry.scores_by or ()) <= declared, entry.id


def test_every_entry_names_parts_that_exist() -> None:
    """The parts an entry names by "module:name" load, and are what the entry says."""
    for entry in GAMES:
        assert callable(load(entry.table)) and callable(load(entry.preview)), entry.id
        assert entry.help_text().strip(), entry.id
        advisor = entry.load_advisor()
        assert advisor is None or callable(advisor.solve), entry.id
        assert entry.title == entry.rules.title and entry.blurb.endswith("."), entry.id
    named = modules_named()
    assert "game.scenes.table.klondike" in named and "game.scenes.previews" in named
