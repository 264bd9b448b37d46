"""The session's memory of an app's other files: shared with the editor, so it lives in
:mod:`ait_datasets.lint.app_facts` (kept here for the server's imports)."""

from __future__ import annotations

from ait_datasets.lint.app_facts import AppFacts

__all__ = ["AppFacts"]
