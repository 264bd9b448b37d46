"""An edit that adds a key to a mapping, in the mapping's own style.

Used by fixes that add what the framework requires (`expected_data: {}` on a turn). The
key goes after the mapping's last entry: on a line of its own at the mapping's indent in
a block mapping, after the last value in a flow mapping or a JSON object. Nothing else of
the file changes.
"""

from __future__ import annotations

from ait_datasets.diagnostics import Edit
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, block_content_end


def add_key_edit(doc: Document, mapping: Mapping, key: str, value: str) -> Edit | None:
    """Add ``key: value`` (``value`` written as YAML flow/JSON text) to ``mapping``.

    None when there is no entry to place it after (an empty mapping) or the mapping's
    text is not where its node says (an alias).
    """
    if not mapping.children:
        return None
    text = doc.text
    last = mapping.children[next(reversed(mapping.children))]
    if mapping.flow or doc.format != "yaml":
        name = f'"{key}"' if doc.format != "yaml" else key
        return Edit(last.end_offset, last.end_offset, f", {name}: {value}")
    start = mapping.start_offset
    indent = start - (text.rfind("\n", 0, start) + 1)
    if text[start - indent : start].strip(" -"):
        return None  # not a block mapping's first key at the start of its line
    entry = f"{' ' * indent}{key}: {value}"
    end = block_content_end(mapping)
    if end is not None:
        return Edit(end, end, f"{doc.newline}{entry}")
    # Multi-line scalars: insert at the start of the line after the last value.
    pos = last.end_offset
    line_start = text.rfind("\n", 0, pos) + 1
    if text[line_start:pos].strip() == "":
        return Edit(line_start, line_start, f"{entry}{doc.newline}")
    eol = text.find("\n", pos)
    if eol < 0:
        return Edit(len(text), len(text), f"{doc.newline}{entry}")
    return Edit(eol + 1, eol + 1, f"{entry}{doc.newline}")
