"""The client's settings for the server, and the configuration of each file under them.

Settings come from ``initializationOptions`` and, when the client supports it, from
``workspace/configuration`` (section ``datasets``), re-read on
``workspace/didChangeConfiguration``. They play the part of the command line's options:
``workDate`` is ``--work-date``, ``configFile`` is ``--config``; everything else is read
from the configuration files found upward from each file, exactly as ``datasets lint``
does. ``audit.messageOnly`` (default on) is the editor's own: whether tests resting on
the agent's word alone are marked (:mod:`ait_datasets.lsp.audit`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.config_files import ConfigError, ConfigResolver
from ait_datasets.records import Record, field


class Settings(Record):
    """What the client asked for (or the defaults); ``problems`` lists bad values."""

    work_date: dt.date | None = None
    config_file: str | None = None
    audit_message_only: bool = True
    problems: list[str] = field(default_factory=list)


def settings_from(raw: Any, base: Settings | None = None) -> Settings:
    """Settings from the client's JSON object (unknown keys are ignored, bad values named);
    keys it does not have keep their value in ``base`` (the initialization options)."""
    settings = Settings()
    if base is not None:
        settings.work_date, settings.config_file = base.work_date, base.config_file
        settings.audit_message_only = base.audit_message_only
    if not isinstance(raw, dict):
        return settings
    if isinstance(raw.get("datasets"), dict):  # a whole settings tree rather than our section
        raw = raw["datasets"]
    work_date = raw.get("workDate")
    if work_date == "":
        settings.work_date = None  # cleared: today
    elif isinstance(work_date, str):
        try:
            settings.work_date = dt.date.fromisoformat(work_date.strip())
        except ValueError:
            settings.problems.append(f"datasets.workDate: '{work_date}' is not a date (YYYY-MM-DD)")
    config_file = raw.get("configFile")
    if isinstance(config_file, str):
        settings.config_file = config_file.strip() or None
    _audit_from(raw, settings)
    return settings


def _audit_from(raw: dict[str, Any], settings: Settings) -> None:
    """``audit.messageOnly``: nested (VS Code's section) or as one dotted key."""
    audit = raw.get("audit")
    if isinstance(audit, dict) and "messageOnly" in audit:
        value = audit["messageOnly"]
    elif "audit.messageOnly" in raw:
        value = raw["audit.messageOnly"]
    else:
        return
    if isinstance(value, bool):
        settings.audit_message_only = value
    elif value is not None:
        settings.problems.append(f"datasets.audit.messageOnly: '{value}' is not true or false")


class Configs:
    """Each file's lint configuration under the current settings.

    Configuration files are read once and kept until :meth:`reload` (the server calls
    it when a watched configuration file changes or the settings change).
    """

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self.error: str | None = None
        self._resolver: ConfigResolver | None = None
        # Bumped on every reload: what was computed under an older configuration is stale.
        self.generation = 0
        self.reload()

    def reload(self, settings: Settings | None = None) -> None:
        if settings is not None:
            self.settings = settings
        self.generation += 1
        cli: dict[str, object] = {}
        if self.settings.work_date is not None:
            cli["work_date"] = self.settings.work_date
        self.error = None
        try:
            self._resolver = ConfigResolver(self.settings.config_file, cli)
        except ConfigError as exc:
            self.error = f"invalid configuration: {exc}"
            self._resolver = None

    def for_file(self, path: str) -> LintConfig:
        """The file's configuration (the defaults where it is invalid: see :meth:`resolve`)."""
        return self.resolve(path)[0]

    def resolve(self, path: str) -> tuple[LintConfig, str | None]:
        """The file's configuration, and what is wrong with it (None when nothing is)."""
        default = LintConfig(work_date=self.settings.work_date)
        if self._resolver is None:
            return default, self.error
        try:
            return self._resolver.for_file(path), None
        except ConfigError as exc:
            return default, f"invalid configuration: {exc}"
