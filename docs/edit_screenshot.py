"""Regenerate docs/edit-screenshot.svg: `python docs/edit_screenshot.py` from the repo root.

Opens the example agent dataset (nothing is saved), selects a turn whose reply holds a
date placeholder, and saves Textual's SVG screenshot.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path

from ait_datasets.tui.app import DatasetEditor
from ait_datasets.tui.model import DatasetModel

ROOT = Path(__file__).resolve().parents[1]
DATASET = ROOT / "examples" / "agent-app" / ".resources" / "datasets" / "ORDERS-REVIEW.yaml"


async def main() -> None:
    text = DATASET.read_text(encoding="utf-8")
    # The real path: the cross-file rules read its neighbours, as `datasets lint` does.
    model = DatasetModel.from_text(str(DATASET), text)
    app = DatasetEditor(model, work_date=dt.date(2026, 3, 17), lint_delay=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        app.dataset_tree.select(1, 1)
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        app.save_screenshot("edit-screenshot.svg", path=str(ROOT / "docs"))


if __name__ == "__main__":
    asyncio.run(main())
