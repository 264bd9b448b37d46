"""Settings a client sends that change nothing re-lint nothing.

A client sends its settings right after it starts (VS Code: the same values as the
initialization options); re-linting every open document then would stop the first lint
under way and delay the first diagnostics.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from ait_datasets.lsp.server import _settings_changed
from ait_datasets.lsp.settings import Configs, settings_from


class _Server:
    """What ``_settings_changed`` uses of the server, recording what it does."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.initial = settings_from(options)
        self.configs = Configs(self.initial)
        self.relinted = 0
        self.logged: list[str] = []

    def relint_open(self) -> None:
        self.relinted += 1

    def log(self, message: str, kind: Any = None) -> None:
        self.logged.append(message)

    def window_show_message(self, params: Any) -> None:
        self.logged.append(params.message)


def test_the_same_settings_as_the_initialization_options_relint_nothing() -> None:
    server = _Server({"workDate": "2026-03-17"})
    generation = server.configs.generation
    _settings_changed(server, {"workDate": "2026-03-17"})  # type: ignore[arg-type]
    assert server.relinted == 0
    assert server.configs.generation == generation  # the configuration was not re-read
    assert any("settings applied: work date 2026-03-17" in m for m in server.logged)


def test_changed_settings_relint_the_open_documents() -> None:
    server = _Server({"workDate": "2026-03-17"})
    _settings_changed(server, {"workDate": "2026-01-10"})  # type: ignore[arg-type]
    assert server.relinted == 1
    assert server.configs.settings.work_date == dt.date(2026, 1, 10)
    assert any("settings applied: work date 2026-01-10" in m for m in server.logged)
