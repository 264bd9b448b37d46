"""The text, Markdown, JSON and HTML renderings of one report."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from ait_datasets.report import RENDERERS, render
from ait_datasets.report.build import Report, build_report
from ait_datasets.report.model import CaseKey, Run, result_set
from ait_datasets.report.quarantine import parse_quarantine


def _report(with_baseline: bool = True) -> Report:
    """Dataset 'Orders': a PPP, b PFP (flaky), c FFF (never passed), d ..P (short)."""
    rows = []
    plan = {"a": "PPP", "b": "PFP", "c": "FFF", "d": "..P"}
    for name, marks in plan.items():
        for run, mark in enumerate(marks, start=1):
            if mark != ".":
                message = "" if mark == "P" else "Expected:<2> | Actual:<1> <script>x</script>"
                rows.append(
                    (CaseKey("SUITE", "Orders", name, "Proc"), Run(run, mark == "P", message))
                )
    results = result_set(rows)
    results.tags[1] = {"gpt-x"}
    baseline = result_set(
        (CaseKey("SUITE", "Orders", name, "Proc"), Run(run, True))
        for name in "abc"
        for run in (1, 2, 3)
    )
    quarantine = parse_quarantine("q.txt", "SUITE/Orders/c/Proc  # bug 7\nSUITE/None/*\n")
    return build_report(
        results, baseline=baseline if with_baseline else None, quarantine=quarantine
    )


def test_text() -> None:
    text = render(_report(), "text")
    assert "k = 3 (the most runs any case has): each case is judged on its first 3 runs" in text
    assert "1 case with fewer than 3 runs is listed separately and left out of pass^3." in text
    assert "  pass@1             6/10 (60.0%) of runs passed" in text
    assert "1/3 cases passed all 3 runs (33.3%, 95% CI 6.1%–79.2%)" in text
    assert "pass@3             66.7% (unbiased estimate)" in text
    assert re.search(r"SUITE/Orders/b/Proc +2/3  \+ x \+", text)
    assert re.search(r"SUITE/Orders/c/Proc +0/3  x x x  \(quarantined\)", text)
    assert re.search(r"SUITE/Orders/d/Proc +1/1  - - \+", text)
    assert "1 fixed" not in text and "1 broken, 1 newly flaky" in text
    assert "SUITE/Orders/d/Proc  passed 1/1" in text  # added
    assert "q.txt:2: SUITE/None/*" in text  # stale entry


def test_markdown_escapes_table_breaking_text() -> None:
    md = render(_report(), "markdown")
    assert md.startswith("### Test reliability: pass^3 1/3 (33.3%)\n")
    assert (
        "| `SUITE/Orders/b/Proc` | 2/3 | ✅ ❌ ✅ | Expected:&lt;2&gt; \\| Actual:&lt;1&gt; " in md
    )
    assert "<script>" not in md
    assert "| `SUITE/Orders/c/Proc` (quarantined) | 0/3 |" in md
    assert "- `SUITE/Orders/c/Proc`: passed 3/3 → never passed 0/3" in md
    # Every table row has the same number of cells as its header.
    for block in re.findall(r"(?:^\|.*\|\n)+", md, flags=re.M):
        widths = {len(re.findall(r"(?<!\\)\|", row)) for row in block.splitlines()}
        assert len(widths) == 1, block


def test_json_holds_the_numbers_and_every_case() -> None:
    data = json.loads(render(_report(), "json"))
    assert data["schema"] == "ait-datasets/report/1"
    assert data["k"] == 3 and data["k_from_data"] is True
    assert data["runs"][0] == {"id": 1, "label": "v1", "tags": ["gpt-x"]}
    summary = data["summary"]
    assert summary["pass_at_1"] == {"passed": 6, "total": 10, "value": 0.6}
    assert summary["pass_hat_k"]["passed"] == 1 and summary["pass_hat_k"]["total"] == 3
    low, high = summary["pass_hat_k"]["interval_95"]
    assert (round(low, 3), round(high, 3)) == (0.061, 0.792)
    assert summary["pass_at_k"] == pytest.approx(2 / 3)
    assert data["flaky"] == ["SUITE/Orders/b/Proc"]
    assert data["never_passed"] == ["SUITE/Orders/c/Proc"]
    assert data["fewer_than_k_runs"] == ["SUITE/Orders/d/Proc"]
    cases = {c["test"]: c for c in data["cases"]}
    assert cases["b"]["state"] == "flaky" and cases["b"]["passes"] == 2
    assert [r["passed"] for r in cases["b"]["runs"]] == [True, False, True]
    assert cases["c"]["quarantined"] is True
    assert data["comparison"]["counts"]["broken"] == 1
    assert data["comparison"]["counts"]["added"] == 1
    assert data["quarantine"]["stale"] == [{"entry": "SUITE/None/*", "line": 2}]


class _Grid(HTMLParser):
    """Collects the classes of the grid's cells and rows, and any external reference."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: list[str] = []
        self.rows: list[str] = []
        self.external: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag == "td" and "cell" in classes:
            self.cells.append(" ".join(classes[1:]))
        if tag == "tr" and "case-row" in classes:
            self.rows.append(attributes.get("data-case") or "")
        if tag == "script":
            self.scripts += 1
        for name in ("src", "href"):
            if attributes.get(name):
                self.external.append(str(attributes[name]))


def test_html_is_self_contained_with_a_grid_of_runs() -> None:
    page = render(_report(), "html")
    grid = _Grid()
    grid.feed(page)
    assert grid.rows == [f"SUITE/Orders/{n}/Proc" for n in "abcd"]
    # 4 cases x 3 runs: a ✓✓✓, b ✓✗✓, c ✗✗✗, d · · ✓
    assert grid.cells == [
        "pass", "pass", "pass",
        "pass", "fail", "pass",
        "fail", "fail", "fail",
        "none", "none", "pass",
    ]  # fmt: skip
    assert grid.external == [] and grid.scripts == 0
    assert "<script>x</script>" not in page and "&lt;script&gt;" in page
    assert "newly flaky vs baseline" in page
    assert "quarantined" in page and "bug 7" in page


def test_html_fades_runs_beyond_k() -> None:
    results = result_set([(CaseKey("S", "D", "a"), Run(r, r != 3)) for r in (1, 2, 3)])
    grid = _Grid()
    grid.feed(render(build_report(results, 2), "html"))
    assert grid.cells == ["pass", "pass", "fail extra"]


@pytest.mark.parametrize("fmt", sorted(RENDERERS))
def test_every_format_renders_an_empty_set(fmt: str) -> None:
    out = render(build_report(result_set([])), fmt)
    assert out.endswith("\n")
    if fmt == "json":
        assert json.loads(out)["summary"]["pass_hat_k"]["value"] is None
    else:
        assert "n/a" in out
