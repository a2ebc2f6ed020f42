"""No import circle anywhere in game/: every import counts, at module level, inside functions
and under TYPE_CHECKING alike, since each ties one module's meaning to another's."""

from __future__ import annotations

from pathlib import Path

from tests.imports import imported_names

ROOT = Path(__file__).resolve().parents[2]
GAME_DIR = ROOT / "game"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(source: str, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules of `known` that `source` (the text of `module`) imports, wherever it does."""
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for name in imported_names(source, package):
        # The module itself: `from a import b` imports the module a.b if there is one, else
        # takes b from a. (A package's __init__, which runs first, is the package's face: it
        # may gather its modules without tying them in a circle.)
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name:
            found.add(name)
    found.discard(module)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = {module_name(path): path for path in GAME_DIR.rglob("*.py")}
    known = set(paths)
    return {module: imported(path.read_text(encoding="utf-8"), module,
                             path.name == "__init__.py", known)
            for module, path in paths.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for child in sorted(graph.get(node, ())):
            if child not in index:
                visit(child)
                low[node] = min(low[node], low[child])
            elif child in on_stack:
                low[node] = min(low[node], index[child])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_scan_sees_every_kind_of_import() -> None:
    known = {"game", "game.a", "game.b", "game.c", "game.d"}
    source = ("from game import a\nimport game.b\nfrom typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from game.c import Thing\n"
              "def later():\n    from . import d\n")
    assert imported(source, "game.e", False, known) == known - {"game"}
    assert imported("from game.a.thing import x", "game.e", False, known) == {"game.a"}


def test_circles_are_found() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_game_has_no_import_circle() -> None:
    graph = import_graph()
    assert len(graph) > 150
    assert not circles(graph), "\n".join(" <-> ".join(group) for group in circles(graph))


def test_the_two_tables_share_only_the_tabletop() -> None:
    """The card table and the Leap Frog board borrow nothing from each other: what they
    share lives in game.scenes.tabletop, which both build on."""
    graph = import_graph()
    apart = (("game.scenes.leap_frog.", "game.scenes.table."),
             ("game.scenes.table.", "game.scenes.leap_frog."),
             ("game.scenes.tabletop.", "game.scenes.table."),
             ("game.scenes.tabletop.", "game.scenes.leap_frog."))
    borrowed = [(module, used) for module, uses in graph.items() for used in uses
                for user, lender in apart if module.startswith(user) and used.startswith(lender)]
    assert not borrowed, borrowed
