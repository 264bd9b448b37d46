"""The line reader (``source/block_*.py``) is private to ``source/``: every other package
reads YAML through ``source.load``, so a lint, the editor and ``migrate``'s check of its
own result read the same bytes the same way."""

from __future__ import annotations

import ast
from pathlib import Path

import ait_datasets

PACKAGE = Path(ait_datasets.__file__).resolve().parent
PRIVATE = "ait_datasets.source.block_"


def _imported(tree: ast.AST) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            names.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_no_module_outside_source_imports_the_line_reader() -> None:
    outside = [
        f"{path.relative_to(PACKAGE).as_posix()} imports {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] != "source"
        for name in _imported(ast.parse(path.read_text(encoding="utf-8")))
        if name.startswith(PRIVATE)
    ]
    assert outside == []
