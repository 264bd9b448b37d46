"""The HTML report in a real headless browser (Debian's chromium), from a file:// URL.

Skipped only when no chromium is installed. The page must render on its own, with no
server and no network: the DOM the browser builds has the grid with one row per case and
one cell per run, and a screenshot of it is a real picture.
"""

from __future__ import annotations

import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ait_datasets.report import build_report, read_quarantine, read_results, render

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "results"
CHROMIUM = shutil.which("chromium")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium browser installed"),
]


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    return subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={tmp_path / 'profile'}",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def page(tmp_path: Path) -> Path:
    report = build_report(
        read_results([EXAMPLES / "sales-agent-export.json"]),
        baseline=read_results([EXAMPLES / "sales-agent-baseline.json"]),
        quarantine=read_quarantine(EXAMPLES / "quarantine.txt"),
    )
    path = tmp_path / "report.html"
    path.write_text(render(report, "html"), encoding="utf-8")
    return path


class _Dom(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.grids = 0
        self.rows: list[str] = []
        self.cells: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag == "table" and attributes.get("id") == "case-grid":
            self.grids += 1
        if tag == "tr" and "case-row" in classes:
            self.rows.append(attributes.get("data-case") or "")
        if tag == "td" and "cell" in classes:
            self.cells.append(classes[1])


def test_the_browser_renders_the_grid(page: Path, tmp_path: Path) -> None:
    done = _chromium(tmp_path, "--dump-dom", page.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    dom = _Dom()
    dom.feed(done.stdout)
    assert dom.grids == 1
    assert len(dom.rows) == 11
    assert "SALES-AGENT/SOA-ORDERS/ORDER-003/CreateSalesOrderFromEmail" in dom.rows
    # 11 cases x 3 runs; the example has 23 passed runs, 8 failed, 2 missing (QUOTE-005).
    assert len(dom.cells) == 33
    assert (dom.cells.count("pass"), dom.cells.count("fail"), dom.cells.count("none")) == (
        23,
        8,
        2,
    )
    assert "60.0%" in done.stdout  # the pass^3 headline


def test_the_browser_takes_a_screenshot(page: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    done = _chromium(
        tmp_path, "--hide-scrollbars", "--window-size=1000,800", f"--screenshot={shot}",
        page.as_uri(),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    # The IHDR chunk holds the size: the window we asked for.
    width = int.from_bytes(data[16:20], "big")
    height = int.from_bytes(data[20:24], "big")
    assert (width, height) == (1000, 800)
    assert len(data) > 10_000  # a rendered page, not a blank image
