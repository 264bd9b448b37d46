"""Which files the server handles: the ones ``datasets lint`` would lint in a folder.

A client sends every YAML or JSON file it opens; a repository has many that are not
datasets (workflows, Compose files, app.json). Like ``datasets lint FOLDER``, the server
takes dataset-like files inside a test app's ``.resources`` folder (YAML, JSONL, JSON and
suite XML), skipping editor and environment folders, and honours the configuration's
``include``/``exclude`` globs. Outside ``.resources`` it takes only files that an
``include`` glob of a configuration file names explicitly.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ait_datasets.dataset.app import app_root
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.config_files import is_included
from ait_datasets.lint.discover import _SKIP_DIRS, is_candidate

if TYPE_CHECKING:
    from ait_datasets.lsp.settings import Configs


def is_handled(path: str, config: LintConfig) -> bool:
    """Whether ``path`` (absolute) is a file the linter would lint, under ``config``."""
    parts = os.path.normpath(path).split(os.sep)
    if any(part in _SKIP_DIRS for part in parts[:-1]):
        return False
    in_resources = app_root(path) is not None
    if not is_candidate(path, in_resources):
        return False
    if in_resources:
        return is_included(path, config)
    return bool(config.root and config.include) and is_included(path, config)


def path_of(uri: str) -> str | None:
    """The absolute path a ``file:`` URI names (None for other schemes)."""
    if not uri.startswith("file:"):
        return None
    from pygls.uris import to_fs_path  # plain functions: no lsprotocol behind them

    path = to_fs_path(uri)
    return os.path.abspath(path) if path else None


def handled_path(uri: str, configs: Configs) -> str | None:
    """The path of the document at ``uri`` when the linter would lint it, else None."""
    path = path_of(uri)
    if path is None or not is_handled(path, configs.for_file(path)):
        return None
    return path
