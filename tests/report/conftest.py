"""Fixtures shared by the report's tests."""

from __future__ import annotations

import html
import importlib

import pytest

from ait_datasets.report import wording

# The module (the package exports its function of the same name).
render_html = importlib.import_module("ait_datasets.report.render_html")


@pytest.fixture(params=["c-render", "python-render"])
def render_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """A test that asks for this runs twice: with the renderers' C module (where it was
    built; CI builds it) and with their Python code alone, which renders without it."""
    if request.param == "c-render":
        pytest.importorskip(
            "ait_datasets.report._render_speedups", reason="built without a C compiler"
        )
    else:
        for module in (render_html, wording):
            monkeypatch.setattr(module, "_render_speedups", None)
        monkeypatch.setattr(render_html, "escape", html.escape)
    return str(request.param)
