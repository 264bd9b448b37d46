"""The editor's shape: widgets post messages up and never import the app; no import cycles
inside the editor package; one place writes the file, one place lints it.

Read from each module's source (AST), so an import inside a function or under
``TYPE_CHECKING`` counts as much as one at the top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import ait_datasets.tui

TUI = Path(ait_datasets.tui.__file__).parent
PACKAGE = "ait_datasets.tui"


def _module_name(path: Path) -> str:
    rel = path.relative_to(TUI).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join([PACKAGE, *parts])


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(TUI.rglob("*.py"))}


def _imports(path: Path, known: set[str]) -> set[str]:
    """The editor modules ``path`` imports (``from pkg import sub`` names ``pkg.sub``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            base = node.module
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known:
                    out.add(sub)
                elif base in known:
                    out.add(base)
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(path, known) - {name} for name, path in modules.items()}


def test_the_graph_sees_the_editor_modules() -> None:
    graph = _graph()
    assert "ait_datasets.tui.app" in graph
    assert "ait_datasets.tui.widgets.dataset_tree" in graph
    # The app imports its widgets: the test would notice an edge that is really there.
    assert "ait_datasets.tui.widgets.dataset_tree" in graph["ait_datasets.tui.app"]


def test_no_widget_imports_the_app() -> None:
    graph = _graph()
    offenders = sorted(
        name
        for name, deps in graph.items()
        if name.startswith(f"{PACKAGE}.widgets") and f"{PACKAGE}.app" in deps
    )
    assert offenders == []


def test_nothing_in_the_editor_package_imports_the_app() -> None:
    graph = _graph()
    assert sorted(n for n, deps in graph.items() if f"{PACKAGE}.app" in deps) == []


def test_no_import_cycle_inside_the_editor() -> None:
    graph = _graph()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                cycles.append([*stack[stack.index(dep) :], dep])
            elif dep not in state:
                visit(dep, stack)
        stack.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [])
    assert cycles == []


def _calls(name: str) -> list[str]:
    """Modules under tui/ whose source calls ``name``."""
    out = []
    for module, path in _modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called == name:
                    out.append(module)
    return sorted(out)


def test_one_call_site_writes_the_file_and_one_lints_it() -> None:
    # The atomic writer is called from one function, the lint engine from one adapter.
    assert _calls("write_bytes_atomically") == [f"{PACKAGE}.save"]
    assert _calls("write_text_atomically") == []
    assert _calls("lint_document") == [f"{PACKAGE}.lint_adapter"]
    assert _calls("lint_buffer") == [f"{PACKAGE}.findings"]
    # Nothing in the editor opens a file for writing by itself.
    for module, path in _modules().items():
        source = path.read_text(encoding="utf-8")
        assert "os.replace(" not in source, module
        assert '"wb"' not in source and "'wb'" not in source, module
