"""Finding and reading configuration files.

Like ruff, the configuration of a file is the nearest one found by searching upward from
the file's folder: ``.ait-datasets.toml`` (top-level keys) or a ``pyproject.toml`` with a
``[tool.ait-datasets]`` table. A repository's settings so apply wherever the command is
run from. ``--config PATH`` replaces the search for every file; command-line options
override what the file says.

Keys (kebab-case): ``include``, ``exclude`` (globs relative to the config file's folder),
``select``, ``ignore`` (codes or prefixes), ``severity`` (a table of code -> level),
``work-date``, ``intervention-types``, ``fail-level``, and ``[[overrides]]`` entries with
``files`` (globs) plus any of ``select``, ``ignore``, ``severity``, ``work-date``,
``intervention-types`` for the files they match.

An ``[audit]`` table (``[tool.ait-datasets.audit]``) configures ``datasets audit``:
``must-never`` (a table of ID = "what the agent must never do"), ``quarantine`` (the
quarantine file of flaky cases, relative to the config file), ``policy`` (the file
holding the ``[report]`` gates, when not this one) and ``fail-under`` (the bar CI gives
``datasets report --fail-under``). The linter only checks that it is a table.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ait_datasets.diagnostics import Severity
from ait_datasets.lint.config import LintConfig
from ait_datasets.records import Record, field

CONFIG_NAMES = (".ait-datasets.toml", "pyproject.toml")
_KEYS = frozenset(
    {
        "include",
        "exclude",
        "select",
        "ignore",
        "severity",
        "work-date",
        "intervention-types",
        "fail-level",
        "overrides",
        "max-file-size",
        "max-line-length",
        # [tool.ait-datasets.report]: the gates of `datasets report` (report/policy.py).
        "report",
        # [tool.ait-datasets.audit]: what `datasets audit` is told (AuditSettings).
        "audit",
    }
)
_OVERRIDE_KEYS = frozenset(
    {"files", "select", "ignore", "severity", "work-date", "intervention-types"}
)


class ConfigError(Exception):
    """An invalid configuration; the message names the file and the key."""


class Override(Record):
    """An ``[[overrides]]`` entry: settings for the files its globs match."""

    files: tuple[str, ...]
    settings: dict[str, Any]


class ConfigFile(Record):
    """One configuration file: its settings, and the overrides for some of its files."""

    path: str
    base: LintConfig
    overrides: list[Override] = field(default_factory=list)
    # The `[audit]` table as written (``datasets audit`` reads it: :func:`audit_settings`).
    audit: dict[str, Any] = field(default_factory=dict)

    def for_file(self, path: str) -> LintConfig:
        config = self.base
        rel = _relative(path, config.root)
        for override in self.overrides:
            if any(_matches(rel, pattern) for pattern in override.files):
                config = _apply(config.copy(), override.settings, self.path)
        return config


def _relative(path: str, root: str) -> str:
    try:
        return os.path.relpath(os.path.abspath(path), root).replace(os.sep, "/")
    except ValueError:  # another drive on Windows
        return os.path.abspath(path).replace(os.sep, "/")


def _matches(rel: str, pattern: str) -> bool:
    """Glob match where ``**/`` may match no folder and a bare name matches anywhere."""
    pattern = pattern.replace(os.sep, "/")
    if fnmatch.fnmatchcase(rel, pattern):
        return True
    if pattern.startswith("**/") and fnmatch.fnmatchcase(rel, pattern[3:]):
        return True
    if "/" not in pattern:
        return fnmatch.fnmatchcase(rel.rsplit("/", 1)[-1], pattern)
    return pattern.endswith("/**") and rel.startswith(pattern[:-3] + "/")


def is_included(path: str, config: LintConfig) -> bool:
    """Whether a discovered file passes the config's ``include``/``exclude`` globs."""
    if not config.root:
        return True
    rel = _relative(path, config.root)
    if config.include and not any(_matches(rel, p) for p in config.include):
        return False
    return not any(_matches(rel, p) for p in config.exclude)


def read_config_file(path: str) -> ConfigFile | None:
    """The configuration in ``path``; None for a pyproject.toml without our table."""
    if os.path.exists(path) and not os.path.isfile(path):
        # A directory or a named pipe (opening a pipe would wait forever).
        raise ConfigError(f"{path}: not a regular file")
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return config_from_bytes(path, raw)


def config_from_bytes(path: str, content: bytes) -> ConfigFile | None:
    """The configuration file ``path`` would be if it held ``content`` (the editor's
    recovery view checks a configuration being fixed with it); raises :class:`ConfigError`."""
    is_pyproject = os.path.basename(path) == "pyproject.toml"
    if is_pyproject and not _may_hold_our_table(content):
        return None
    found = our_table(path, parse_toml(path, content))
    if found is None:
        return None
    table, where = found
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: must be a table")
    unknown = sorted(set(table) - _KEYS)
    if unknown:
        raise ConfigError(
            f"{where}: unknown key '{unknown[0]}' (known: {', '.join(sorted(_KEYS))})"
        )
    if "audit" in table and not isinstance(table["audit"], dict):
        raise ConfigError(f"{where}: 'audit' must be a table ([audit])")
    root = os.path.dirname(os.path.abspath(path))
    base = _apply(LintConfig(root=root, source=path), table, where)
    base.include = _globs(table, "include", where)
    base.exclude = _globs(table, "exclude", where)
    if "fail-level" in table:
        base.fail_level = _severity(table["fail-level"], f"{where}: fail-level")
    for key, attr in (("max-file-size", "max_file_size"), ("max-line-length", "max_line_length")):
        if key in table:
            value = table[key]
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ConfigError(f"{where}: '{key}' must be a positive whole number")
            setattr(base, attr, value)
    overrides = []
    raw = table.get("overrides", [])
    if not isinstance(raw, list):
        raise ConfigError(f"{where}: 'overrides' must be a list of tables ([[overrides]])")
    for i, item in enumerate(raw):
        label = f"{where}: overrides[{i}]"
        if not isinstance(item, dict):
            raise ConfigError(f"{label}: must be a table")
        bad = sorted(set(item) - _OVERRIDE_KEYS)
        if bad:
            raise ConfigError(f"{label}: unknown key '{bad[0]}'")
        files = _globs(item, "files", label)
        if not files:
            raise ConfigError(f"{label}: 'files' (a list of globs) is required")
        _apply(LintConfig(), item, label)  # validate now, apply per file later
        overrides.append(Override(files, {k: v for k, v in item.items() if k != "files"}))
    return ConfigFile(path, base, overrides, table.get("audit", {}))


def our_table(path: str, data: dict[str, Any]) -> tuple[object, str] | None:
    """The settings in the parsed configuration file ``path`` and how messages name
    them: a ``.ait-datasets.toml`` whole, a pyproject.toml's ``[tool.ait-datasets]``
    table (None when it has none). The table is as written: it may not be a table."""
    if os.path.basename(path) != "pyproject.toml":
        return data, path
    tool = data.get("tool", {})
    if not isinstance(tool, dict) or "ait-datasets" not in tool:
        return None
    return tool["ait-datasets"], f"{path} [tool.ait-datasets]"


def section(path: str, name: str) -> str:
    """How messages name the ``[name]`` table (``report``, ``audit``) of the
    configuration file ``path``."""
    if os.path.basename(path) == "pyproject.toml":
        return f"{path} [tool.ait-datasets.{name}]"
    return f"{path} [{name}]"


def config_candidates(folder: str) -> Iterator[str]:
    """The configuration files in ``folder`` and above it, nearest first (the upward
    search every command makes; it ends at the file system's root)."""
    folder = os.path.abspath(folder)
    while True:
        for name in CONFIG_NAMES:
            candidate = os.path.join(folder, name)
            if os.path.isfile(candidate):
                yield candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            return
        folder = parent


def _may_hold_our_table(raw: bytes) -> bool:
    """Whether a pyproject.toml can hold ``[tool.ait-datasets]`` at all.

    Most pyproject.toml files are another tool's business; reading the text is much faster
    than parsing it (and loading the TOML parser). The key, bare or quoted, is followed by
    ``]``, ``.`` or ``=``; a mention elsewhere (a package name, a URL) only costs the parse.
    """
    start = 0
    while (found := raw.find(b"ait-datasets", start)) >= 0:
        start = found + len(b"ait-datasets")
        if raw[start : start + 80].lstrip(b"\"' \t")[:1] in (b"]", b".", b"="):
            return True
    return False


def parse_toml(path: str, raw: bytes) -> dict[str, Any]:
    """The TOML document ``raw`` read from ``path``: the one TOML reader (lint's
    configuration and the report's policy); ConfigError, one line naming the file, when
    it is not TOML."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib  # type: ignore[import-not-found, no-redef, unused-ignore]

    try:
        data: dict[str, Any] = tomllib.loads(raw.decode("utf-8"))
        return data
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: not UTF-8 ({exc.reason})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    except RecursionError:
        # tomllib reads nested arrays and inline tables recursively.
        raise ConfigError(
            f"{path}: invalid TOML: arrays or tables nest too deeply to be a configuration"
        ) from None


def _globs(table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: '{key}' must be a list of strings")
    return tuple(value)


def _codes(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where} must be a list of rule codes or prefixes")
    codes = tuple(v.strip().upper() for v in value if v.strip())
    for code in codes:
        _known(code, where, all_allowed=True)
    return codes


def _known(code: str, where: str, *, all_allowed: bool = False) -> None:
    """Refuse a code or prefix that names no rule (it would silently do nothing)."""
    # Imported here: only a configuration that names codes needs the rule registry.
    from ait_datasets.lint.known_codes import unknown_code

    problem = unknown_code(code, all_allowed=all_allowed)
    if problem is not None:
        raise ConfigError(f"{where}: {problem}")


def _severity(value: Any, where: str) -> Severity:
    try:
        return Severity(str(value).lower())
    except ValueError:
        raise ConfigError(f"{where}: '{value}' is not error, warning or info") from None


def _apply(config: LintConfig, table: dict[str, Any], where: str) -> LintConfig:
    if "select" in table:
        config.select = _codes(table["select"], f"{where}: 'select'")
    if "ignore" in table:
        config.ignore = _codes(table["ignore"], f"{where}: 'ignore'")
    if "severity" in table:
        sev = table["severity"]
        if not isinstance(sev, dict):
            raise ConfigError(f"{where}: 'severity' must be a table of CODE = \"level\"")
        for code, level in sev.items():
            _known(code.strip().upper(), f"{where}: 'severity'")
            config.severity[code.strip().upper()] = _severity(level, f"{where}: severity.{code}")
    if "work-date" in table:
        value = table["work-date"]
        if isinstance(value, dt.datetime):
            value = value.date()
        if isinstance(value, str):
            try:
                value = dt.date.fromisoformat(value)
            except ValueError:
                raise ConfigError(f"{where}: 'work-date' must be a date (YYYY-MM-DD)") from None
        if not isinstance(value, dt.date):
            raise ConfigError(f"{where}: 'work-date' must be a date (YYYY-MM-DD)")
        config.work_date = value
    if "intervention-types" in table:
        types = table["intervention-types"]
        if not isinstance(types, list) or not types or not all(isinstance(t, str) for t in types):
            raise ConfigError(f"{where}: 'intervention-types' must be a non-empty list of names")
        config.intervention_types = tuple(types)
    return config


class ConfigResolver:
    """The configuration of each file: found upward from its folder, cached per folder."""

    def __init__(self, explicit: str | None = None, cli: dict[str, Any] | None = None) -> None:
        self.cli = cli or {}
        self._by_dir: dict[str, ConfigFile | None] = {}
        self._explicit: ConfigFile | None = None
        if explicit is not None:
            found = read_config_file(explicit)
            if found is None:
                raise ConfigError(f"{explicit}: no [tool.ait-datasets] table")
            self._explicit = found

    def broken_file_for(self, path: str) -> str | None:
        """The configuration file that makes :meth:`for_file` raise for ``path`` (the
        first one the upward search reads and cannot use), or None."""
        for candidate in config_candidates(os.path.dirname(os.path.abspath(path))):
            try:
                if read_config_file(candidate) is not None:
                    return None
            except ConfigError:
                return candidate
        return None

    def config_file_for(self, path: str) -> ConfigFile | None:
        if self._explicit is not None:
            return self._explicit
        folder = os.path.dirname(os.path.abspath(path))
        return self._search(folder)

    def _search(self, folder: str) -> ConfigFile | None:
        if folder in self._by_dir:
            return self._by_dir[folder]
        found: ConfigFile | None = None
        for name in CONFIG_NAMES:
            candidate = os.path.join(folder, name)
            if os.path.isfile(candidate):
                found = read_config_file(candidate)
                if found is not None:
                    break
        if found is None:
            parent = os.path.dirname(folder)
            if parent != folder:
                found = self._search(parent)
        self._by_dir[folder] = found
        return found

    def for_file(self, path: str) -> LintConfig:
        file = self.config_file_for(path)
        config = file.for_file(path) if file is not None else LintConfig()
        return self._with_cli(config)

    def _with_cli(self, config: LintConfig) -> LintConfig:
        if not self.cli:
            return config
        config = config.copy()
        for key, value in self.cli.items():
            if key == "extend_select":
                # Adds to a selection; an empty selection already means every rule.
                if config.select:
                    config.select = config.select + tuple(value)
                continue
            setattr(config, key, value)
        return config


_AUDIT_KEYS = frozenset({"must-never", "quarantine", "policy", "fail-under"})


@dataclass(frozen=True, slots=True)
class AuditSettings:
    """The ``[audit]`` table: the declared must-nevers, and where the gate and the
    quarantine list are. Paths are absolute (given relative to the config file)."""

    source: str = ""  # the configuration file ("" when there is none)
    must_never: tuple[tuple[str, str], ...] = ()  # (ID, what must never happen), as declared
    quarantine: str | None = None
    policy: str | None = None
    fail_under: str | None = None  # as written: "90%" or "0.9"


def audit_settings(explicit: str | None, start: str) -> AuditSettings:
    """The ``[audit]`` settings of ``explicit``, else of the configuration found upward
    from the folder ``start`` (the app); empty settings when there is none."""
    found = ConfigResolver(explicit).config_file_for(os.path.join(start, "_"))
    if found is None:
        return AuditSettings()
    return _audit_table(found.audit, section(found.path, "audit"), found.path)


def _audit_table(table: dict[str, Any], where: str, path: str) -> AuditSettings:
    unknown = sorted(set(table) - _AUDIT_KEYS)
    if unknown:
        known = ", ".join(sorted(_AUDIT_KEYS))
        raise ConfigError(f"{where}: unknown key '{unknown[0]}' (known: {known})")
    raw = table.get("must-never", {})
    if not isinstance(raw, dict) or not all(
        isinstance(k, str) and k.strip() and isinstance(v, str) for k, v in raw.items()
    ):
        raise ConfigError(
            f"{where}: 'must-never' must be a table of ID = \"what must never happen\", "
            'e.g. { MN-01 = "never post an invoice without approval" }'
        )
    folder = os.path.dirname(os.path.abspath(path))
    files: dict[str, str | None] = {}
    for key in ("quarantine", "policy"):
        value = table.get(key)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise ConfigError(f"{where}: '{key}' must be a file path")
        files[key] = os.path.join(folder, value) if isinstance(value, str) else None
    bar = table.get("fail-under")
    if bar is not None and (isinstance(bar, bool) or not isinstance(bar, (str, int, float))):
        raise ConfigError(f"{where}: 'fail-under' is a share such as 0.9 or \"90%\"")
    return AuditSettings(
        path,
        tuple((k.strip(), v) for k, v in raw.items()),
        files["quarantine"],
        files["policy"],
        None if bar is None else str(bar),
    )
