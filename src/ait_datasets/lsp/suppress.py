""" "Suppress CODE on this line": the comment to add, checked before it is offered.

The comment goes at the end of the finding's line (``  # datasets: disable=CODE``), or
joins a ``datasets: disable=`` comment already there. A ``#`` inside a block scalar or a
multi-line string is text, not a comment, so the edit is kept only when the file's data
is unchanged by it; otherwise the comment goes on a line of its own above (which silences
the next line), under the same check. JSON has no comments: nothing is offered.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ait_datasets.diagnostics import Diagnostic, Edit, apply_edits
from ait_datasets.lsp.positions import Lines

if TYPE_CHECKING:
    from ait_datasets.source.xml_loader import XmlElement

_EXISTING = re.compile(r"(?:#|<!--)\s*datasets:\s*disable\s*=\s*([A-Za-z0-9_,\s]*[A-Za-z0-9_])")


def suppression_edit(text: str, path: str, diag: Diagnostic, fmt: str) -> Edit | None:
    """The edit that silences ``diag`` on its line, or None when no safe one exists."""
    if fmt not in ("yaml", "xml"):
        return None
    lines = Lines(text)
    index = diag.line - 1
    line = lines.line(index)
    start = lines.offset(index, 0)
    candidates: list[Edit] = []
    found = _EXISTING.search(line)
    if found is not None:
        codes = [c.strip() for c in found.group(1).split(",")]
        if diag.code in codes:
            return None
        at = start + found.end(1)
        candidates.append(Edit(at, at, f",{diag.code}"))
    else:
        comment = _comment(fmt, diag.code)
        end = start + len(line)
        candidates.append(Edit(end, end, ("  " if line.strip() else "") + comment))
        indent = line[: len(line) - len(line.lstrip())]
        newline = "\r\n" if "\r\n" in text else "\n"
        candidates.append(Edit(start, start, f"{indent}{comment}{newline}"))
    for edit in candidates:
        if _same_data(text, apply_edits(text, [edit]), path, fmt):
            return edit
    return None


def _comment(fmt: str, code: str) -> str:
    return f"<!-- datasets: disable={code} -->" if fmt == "xml" else f"# datasets: disable={code}"


def _same_data(old: str, new: str, path: str, fmt: str) -> bool:
    if fmt == "xml":
        from ait_datasets.source.xml_loader import load_xml_text

        before_xml, after_xml = load_xml_text(path, old), load_xml_text(path, new)
        return after_xml.has_errors == before_xml.has_errors and _xml_shape(
            before_xml.xml
        ) == _xml_shape(after_xml.xml)
    from ait_datasets.source.load import load_text

    before, after = load_text(path, old), load_text(path, new)
    if after.has_errors and not before.has_errors:
        return False
    return before.data == after.data


def _xml_shape(element: XmlElement | None) -> object:
    """Element names, attributes and children: what the XmlPort reads."""
    if element is None:
        return None
    attrs = tuple((name, attr.value) for name, attr in element.attributes.items())
    return (element.name, attrs, tuple(_xml_shape(child) for child in element.children))
