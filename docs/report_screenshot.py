"""Regenerate the report page's screenshot (docs/report-screenshot.png) from the shipped
example export, in headless Chromium (Debian's `chromium`, as the browser test uses).

    python docs/report_screenshot.py [docs/report-screenshot.png]
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# Relative to the repository, so the page names them as a reader's checkout would.
EXPORT = "examples/results/sales-agent-export.json"
BASELINE = "examples/results/sales-agent-baseline.json"


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else REPO / "docs" / "report-screenshot.png")
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        print("no chromium on PATH (apt-get install chromium)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "report.html"
        subprocess.run(
            [sys.executable, "-m", "ait_datasets", "report", EXPORT, "--baseline", BASELINE,
             "-o", str(page)],
            cwd=REPO, check=False,
        )  # fmt: skip
        if not page.is_file():
            print("the report was not written", file=sys.stderr)
            return 1
        # The flags keep a root, offline, headless Chromium from reaching out or stalling.
        subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", f"--user-data-dir={tmp}/profile", "--hide-scrollbars",
             "--window-size=1280,900", f"--screenshot={out}", page.as_uri()],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
