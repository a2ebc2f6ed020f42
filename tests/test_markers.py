"""Every test that starts a process is marked `subprocess` (or its module `build`), so that
the parallel run hands it out first rather than leaving it to run alone at the end."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
STARTS_A_PROCESS = ("subprocess.run(", "subprocess.Popen(", "subprocess.check_")


def _starts_a_process(node: ast.AST) -> bool:
    source = ast.unparse(node)
    return any(call in source for call in STARTS_A_PROCESS)


def _module_marked(tree: ast.Module) -> bool:
    return any(isinstance(node, ast.Assign)
               and any(getattr(target, "id", None) == "pytestmark" for target in node.targets)
               and ("mark.subprocess" in ast.unparse(node) or "mark.build" in ast.unparse(node))
               for node in tree.body)


def unmarked_process_tests(path: Path) -> list[str]:
    """The tests of `path` that start a process, themselves or through a function of the
    same module, without the mark."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if _module_marked(tree):
        return []
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    starters = {node.name for node in functions
                if not node.name.startswith("test_") and _starts_a_process(node)}
    return [node.name for node in functions if node.name.startswith("test_")
            and (_starts_a_process(node)
                 or any(f"{name}(" in ast.unparse(node) for name in starters))
            and not any("mark.subprocess" in ast.unparse(mark) for mark in node.decorator_list)]


def test_every_test_that_starts_a_process_is_marked():
    modules = [path for path in sorted(TESTS.rglob("test_*.py")) if path != Path(__file__)]
    unmarked = {str(path.relative_to(TESTS)): names for path in modules
                if (names := unmarked_process_tests(path))}
    assert unmarked == {}


def test_the_check_finds_an_unmarked_test(tmp_path):
    module = tmp_path / "test_example.py"
    module.write_text("import subprocess\nimport pytest\n\n"
                      "def run():\n    return subprocess.run(['true'])\n\n"
                      "def test_unmarked():\n    run()\n\n"
                      "@pytest.mark.subprocess\ndef test_marked():\n    run()\n\n"
                      "def test_without_a_process():\n    pass\n")
    assert unmarked_process_tests(module) == ["test_unmarked"]
