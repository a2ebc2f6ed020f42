"""Reading a module's imports from its text, for the tests of how the code is layered."""

from __future__ import annotations

import ast


def imported_names(source: str, package: str) -> list[str]:
    """Every name `source` imports, wherever it does (module level, inside functions, under
    TYPE_CHECKING), as a dotted path: `from a import b` gives "a.b". `package` is the package
    the module lies in, for relative imports."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            names += [f"{base}.{alias.name}" for alias in node.names]
    return names
