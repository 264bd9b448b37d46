"""The file `datasets edit` creates when asked to edit a file that does not exist."""

from __future__ import annotations

import os

from ait_datasets.tui.scalars import format_scalar


def template_for(path: str) -> str:
    """A small valid agent dataset named after the file."""
    stem = os.path.splitext(os.path.basename(path))[0] or "dataset"
    return (
        f"# Agent test dataset created by `datasets edit`.\n"
        f"name: {format_scalar(stem)}\n"
        f"tests:\n"
        f"  - name: {format_scalar(stem.upper() + '-001')}\n"
        f"    description: Describe what the agent should do\n"
        f"    turns:\n"
        f"      - query:\n"
        f"          from: customer@contoso.com\n"
        f"          title: Title of the task\n"
        f"          message: The message the agent receives\n"
        f"        expected_data: {{}}\n"
    )
