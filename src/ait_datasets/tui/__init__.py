"""The Textual app behind `datasets edit` (the only package that imports Textual).

The document model (:mod:`.model`, :mod:`.layout`, :mod:`.roundtrip`, :mod:`.shape`) is
plain Python; the widgets in :mod:`.widgets` and the app in :mod:`.app` only show it and
forward what the author does.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DatasetEditor", "DatasetModel"]


def __getattr__(name: str) -> Any:
    # Lazy, so the lint worker process can import the model without Textual.
    if name == "DatasetEditor":
        from ait_datasets.tui.app import DatasetEditor

        return DatasetEditor
    if name == "DatasetModel":
        from ait_datasets.tui.model import DatasetModel

        return DatasetModel
    raise AttributeError(name)
