"""The import layering of DESIGN.md, read from the source: no arrow points up, no cycles."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "ait_datasets"


def _module_name(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports() -> dict[str, set[str]]:
    """module -> the ait_datasets modules it imports (at any place in the file)."""
    graph: dict[str, set[str]] = {}
    modules = {_module_name(p) for p in SRC.rglob("*.py")}
    for path in SRC.rglob("*.py"):
        name = _module_name(path)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        found: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # Imports under `if TYPE_CHECKING:` count too: a cycle a type checker sees is
        # still a cycle in the design.
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    target = f"{base}.{node.module}" if node.module else base
                else:
                    target = node.module or ""
                submodules = [f"{target}.{a.name}" for a in node.names]
                submodules = [m for m in submodules if m in modules]
                # `from pkg import sub` imports the submodule; a module inside `pkg`
                # importing a name from its own package's __init__ is not an edge up.
                inside = name.startswith(target + ".")
                candidates = submodules if (submodules or inside) else [target]
            elif isinstance(node, ast.Import):
                candidates = [a.name for a in node.names]
            else:
                continue
            for candidate in candidates:
                if candidate in modules and candidate != name:
                    found.add(candidate)
        graph[name] = found
    return graph


def _area(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_lint_imports_no_surface_above_it() -> None:
    graph = _imports()
    for module, targets in graph.items():
        if _area(module) not in ("lint", "dataset", "source", "schema", "placeholders"):
            continue
        for target in targets:
            assert _area(target) not in ("migrate", "tui", "report", "commands", "lsp", "dsl"), (
                module,
                target,
            )


def test_the_domain_layer_imports_only_below_it() -> None:
    graph = _imports()
    for module, targets in graph.items():
        if _area(module) in ("dataset", "source", "schema"):
            for target in targets:
                assert _area(target) not in ("lint", "migrate", "tui", "report", "commands"), (
                    module,
                    target,
                )


def test_no_widget_imports_the_app() -> None:
    graph = _imports()
    for module, targets in graph.items():
        if module.startswith("ait_datasets.tui.widgets"):
            assert "ait_datasets.tui.app" not in targets, module


def test_no_import_cycles() -> None:
    graph = _imports()
    # Package __init__ modules that only re-export lazily are left out of the edges
    # they would otherwise close (they import nothing at run time).
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                cycle = [*stack[stack.index(target) :], target]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target)
        stack.pop()
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)


def test_no_module_imports_the_package_face() -> None:
    # The package's __init__ is the public face for scripts; a module inside takes each
    # name from where it lives (the version from ait_datasets.version), so no layer
    # imports upward through the face.
    graph = _imports()
    for module, targets in graph.items():
        assert "ait_datasets" not in targets, module


def test_audit_sits_beside_report_above_lint() -> None:
    # DESIGN.md: commands -> ... audit, report ... -> lint -> al -> dataset -> source. The
    # language server is an adapter over the library's answers, the audit's among them
    # (its scorecard command and the message-only marks): it may use audit, never the
    # other way round.
    graph = _imports()
    for module, targets in graph.items():
        area = _area(module)
        if area == "audit":
            for target in targets:
                assert _area(target) not in ("commands", "lsp", "tui", "migrate", "dsl"), (
                    module,
                    target,
                )
        elif area not in ("commands", "audit", "lsp"):
            assert not any(_area(t) == "audit" for t in targets), module
    assert any(_area(t) == "al" for t in graph["ait_datasets.audit.suite"])


def test_the_package_is_pure_python() -> None:
    """One wheel for every platform: no C source (or other compiled code) in the package."""
    compiled = sorted(
        str(p.relative_to(SRC))
        for p in SRC.rglob("*")
        if p.suffix in {".c", ".h", ".pyx", ".cpp"} and p.is_file()
    )
    assert compiled == []


COLLECTOR_POLICY = {"disable", "enable", "freeze", "set_threshold"}


def test_only_the_command_line_decides_the_collector_policy() -> None:
    """Process policy (the cyclic collector, the process's end) lives in `cli.py` and
    `commands/`; the library below never pauses or tunes the collector."""
    allowed = {"ait_datasets.cli"}
    offenders = []
    for path in SRC.rglob("*.py"):
        name = _module_name(path)
        if name in allowed or name.startswith("ait_datasets.commands"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "gc"
                and node.attr in COLLECTOR_POLICY
            ):
                offenders.append(f"{name}: gc.{node.attr}")
            if isinstance(node, ast.Name) and node.id == "paused_gc":
                offenders.append(f"{name}: paused_gc")
            if isinstance(node, ast.Attribute) and node.attr == "_run_exitfuncs":
                offenders.append(f"{name}: atexit._run_exitfuncs")
    assert offenders == []
