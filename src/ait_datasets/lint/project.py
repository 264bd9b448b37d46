"""Knowledge across the files of a lint run, for the cross-file rules.

The engine adds the facts of every linted file; rule families that define
``check_project(project, config)`` run once at the end over all of them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from ait_datasets.lint.facts import FileFacts


def app_root(path: str) -> str | None:
    """The nearest ancestor folder named ``.resources`` (the app's resources), or None."""
    parts = os.path.abspath(path).split(os.sep)
    for i in range(len(parts) - 1, 0, -1):
        if parts[i] == ".resources":
            return os.sep.join(parts[: i + 1])
    return None


@dataclass(slots=True)
class Project:
    files: dict[str, FileFacts] = field(default_factory=dict)

    def add(self, facts: FileFacts) -> None:
        self.files[facts.path] = facts
