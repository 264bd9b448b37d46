"""The server's answer to ``initialize``, saved, so it can be given before pygls loads.

pygls computes the server's capabilities from the features the server registers; for
our features the result depends on the client only through the position encoding it
prefers and whether it states ``willSave``/``willSaveWaitUntil`` (pygls then says
``false`` for them, else nothing). ``initialize_capabilities.json`` holds what pygls
computed for each of those cases (without the encoding), with the pygls and lsprotocol
versions that computed it, and is used only when exactly those versions are installed.
A test holds it to pygls's own answer for VS Code's, Neovim's and other clients'
capabilities, and at every start the server compares pygls's answer with the one it
gave (:mod:`.handover`). After a change to the
server's features or an upgrade of pygls, write it again with
``python -m ait_datasets.lsp.save_answer``.
"""

from __future__ import annotations

import importlib.util
import json
import os
from typing import Any

from ait_datasets.version import __version__

SAVED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "initialize_capabilities.json")
SERVER_NAME = "datasets"
# The encodings pygls supports, as it names them (pygls.capabilities).
_ENCODINGS = ("utf-8", "utf-16", "utf-32")
_DEFAULT_ENCODING = "utf-16"
# The distributions whose versions decide the answer.
DISTRIBUTIONS = ("pygls", "lsprotocol")
# What pygls's builder reads of the client's capabilities for our features, besides the
# encoding: the answer differs as each is stated or not.
READS = (
    ("textDocument", "synchronization", "willSave"),
    ("textDocument", "synchronization", "willSaveWaitUntil"),
)


def case_of(client_capabilities: Any) -> str:
    """Which of the saved answers fits the client: one digit per :data:`READS` entry,
    1 where the client states it."""
    digits = []
    for path in READS:
        value = client_capabilities
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        digits.append("0" if value is None else "1")
    return "".join(digits)


def client_of_case(case: str) -> dict[str, Any]:
    client: dict[str, Any] = {}
    for digit, path in zip(case, READS, strict=True):
        if digit == "1":
            node = client
            for key in path[:-1]:
                node = node.setdefault(key, {})
            node[path[-1]] = True
    return client


def cases() -> list[str]:
    return [format(n, f"0{len(READS)}b") for n in range(2 ** len(READS))]


def position_encoding(client_capabilities: Any) -> str:
    """The encoding pygls picks: the client's first preference it supports, else UTF-16."""
    general = client_capabilities.get("general") if isinstance(client_capabilities, dict) else None
    encodings = general.get("positionEncodings") if isinstance(general, dict) else None
    if not isinstance(encodings, list):
        return _DEFAULT_ENCODING
    for encoding in encodings:
        if encoding in _ENCODINGS:
            return str(encoding)
    return _DEFAULT_ENCODING


def _installed(distribution: str, version: str) -> bool:
    """Whether ``distribution`` is installed at exactly ``version``: its metadata folder
    beside the package (no importlib.metadata, which costs 45 ms at start)."""
    spec = importlib.util.find_spec(distribution)
    if spec is None or not spec.submodule_search_locations:
        return False
    folder = os.path.dirname(os.path.abspath(next(iter(spec.submodule_search_locations))))
    return os.path.isdir(os.path.join(folder, f"{distribution}-{version}.dist-info"))


def load(path: str | None = None) -> dict[str, dict[str, Any]] | None:
    """The saved capabilities of each case (:func:`case_of`), when they are pygls's for
    what is installed; else None. ``path``: the saved file (default :data:`SAVED`)."""
    try:
        with open(SAVED if path is None else path, encoding="utf-8") as fh:
            saved = json.load(fh)
        versions, answers = saved["versions"], saved["capabilities"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(answers, dict) or not isinstance(versions, dict):
        return None
    if sorted(answers) != cases() or not all(isinstance(a, dict) for a in answers.values()):
        return None
    if not all(_installed(d, str(versions.get(d))) for d in DISTRIBUTIONS):
        return None
    return answers


def initialize_result(
    answers: dict[str, dict[str, Any]], client_capabilities: Any
) -> dict[str, Any]:
    """The ``InitializeResult`` JSON pygls would send this client."""
    capabilities = answers[case_of(client_capabilities)]
    return {
        "capabilities": {
            **capabilities,
            "positionEncoding": position_encoding(client_capabilities),
        },
        "serverInfo": {"name": SERVER_NAME, "version": __version__},
    }
