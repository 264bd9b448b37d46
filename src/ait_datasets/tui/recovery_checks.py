"""What the recovery view says is wrong with a dataset or a configuration being fixed
(see :mod:`.recovery`): the syntax findings `datasets lint` reports, with line:col."""

from __future__ import annotations

from ait_datasets.tui.recovery import Check, RecoveryApp

# Syntax findings shown at once (the first one is usually the cause of the rest).
SHOWN = 5


def dataset_check(path: str) -> Check:
    """The check of the dataset at ``path``: its syntax findings, else why the editor's
    forms still cannot edit it, else nothing (it opens in the normal view)."""

    def check(text: str) -> list[str]:
        from ait_datasets.source.load import load_text
        from ait_datasets.tui.layout import UnsupportedLayout
        from ait_datasets.tui.model import DatasetModel

        doc = load_text(path, text)
        syntax = [d for d in doc.diagnostics if d.code.startswith("SYN")]
        if syntax:
            return [f"{d.line}:{d.column}: {d.code} {d.message}" for d in syntax[:SHOWN]]
        try:
            DatasetModel(path, text)
        except UnsupportedLayout as exc:
            return [f"the editor cannot edit this file: {exc}"]
        return []

    return check


def config_check(path: str) -> Check:
    """The check of the configuration file at ``path`` (its TOML and its keys)."""

    def check(text: str) -> list[str]:
        from ait_datasets.lint.config_files import ConfigError, config_from_bytes

        try:
            config_from_bytes(path, text.encode("utf-8"))
        except ConfigError as exc:
            return [f"{exc} (it configures the dataset you are opening)"]
        return []

    return check


def recover(path: str, check: Check) -> str | None:
    """Run the recovery view on the file at ``path``; what it exits with (see
    :data:`.recovery.RELOAD`), or None when the file cannot be read as text."""
    from ait_datasets.source.load import decode

    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError:
        return None
    text, bom, problem = decode(path, raw)
    if text is None or problem is not None:
        return None
    return RecoveryApp(path, text, check, bom=bom, disk=raw).run()
