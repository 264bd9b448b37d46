"""Canonical YAML for datasets built with the DSL.

Canonical means: keys in the order of the framework's documentation (the declaration
order of the model's fields: ``name``, ``description``, ``turns``; a turn's ``query``,
``expected_data``, ``turn_setup``; a query's ``from``, ``title``, ``message``,
``attachments``, ``timeout``), app-defined keys after them in the order they were given,
placeholders always double-quoted, nested lists indented under their key, no line
folding, and text that YAML 1.2 would read as something else (``1e3``, ``0o17``,
``true``) quoted so it reads back as text.
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml
from pydantic import BaseModel

from ait_datasets.placeholders import DATE_PREFIX, DATETIME_PREFIX
from ait_datasets.source.scalars import plain_reads_as_text


def to_data(obj: Any) -> Any:
    """Plain data (dicts, lists, scalars) in canonical key order; ``None`` fields left out."""
    if isinstance(obj, BaseModel):
        out: dict[str, Any] = {}
        for field_name, info in type(obj).model_fields.items():
            value = getattr(obj, field_name)
            if value is not None:
                out[info.alias or field_name] = to_data(value)
        for key, value in (obj.model_extra or {}).items():
            out[key] = to_data(value)
        return out
    if isinstance(obj, dict):
        return {key: to_data(value) for key, value in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_data(item) for item in obj]
    return obj


def to_yaml(obj: Any) -> str:
    """The canonical YAML text of a model object (or of plain data)."""
    text: str = yaml.dump(
        to_data(obj),
        Dumper=_CanonicalDumper,
        sort_keys=False,
        default_flow_style=False,
        allow_unicode=True,
        width=1_000_000,
        indent=2,
    )
    return text


def to_jsonl(tests: Any) -> str:
    """One JSON object per line (a ``.jsonl`` dataset), keys in canonical order."""
    return "".join(json.dumps(to_data(t), ensure_ascii=False) + "\n" for t in tests)


# Characters a plain, single-quoted or block scalar cannot carry safely (controls, NEL and
# the Unicode line separators some YAML readers treat as line breaks, a BOM): written
# double-quoted, where YAML escapes them.
_NEEDS_ESCAPES = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]")


def _has_placeholder(text: str) -> bool:
    return DATE_PREFIX in text or DATETIME_PREFIX in text


class _CanonicalDumper(yaml.SafeDumper):
    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        # Lists under a key are indented (`turns:\n  - query:`), as in the docs' samples.
        super().increase_indent(flow, False)


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if _has_placeholder(value) or _NEEDS_ESCAPES.search(value):
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style='"')
    if "\n" in value and value == value.strip(" ") and "\t" not in value:
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    if value and not plain_reads_as_text(value):
        # What YAML 1.1 or 1.2 reads as non-text (PyYAML would quote only the former).
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="'")
    return dumper.represent_str(value)


_CanonicalDumper.add_representer(str, _represent_str)
_CanonicalDumper.add_multi_representer(str, _represent_str)
