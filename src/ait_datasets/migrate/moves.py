"""Flat tests move under a new ``turns:``: the second pass of a migration plan.

The content edits already planned at original offsets (``question`` -> ``query``, ...)
that fall inside the moved text are applied to it first; then the lines are re-indented
(block style) or the entries regrouped (flow style). Edits outside stay as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from ait_datasets.diagnostics import Edit
from ait_datasets.migrate.blocks import (
    entry_end,
    entry_start,
    is_alias_at,
    leading_comment_start,
    on_shared_line,
    value_extent,
)
from ait_datasets.migrate.layout import Layout
from ait_datasets.migrate.model import Unsupported
from ait_datasets.migrate.text import column_of, key_text, line_start, shift
from ait_datasets.source.tree import Mapping, Scalar


def move_block(
    text: str, newline: str, layout: Layout, test: Mapping, moved: list[str], edits: list[Edit]
) -> list[Edit]:
    """Replace the moved entries of a block-style test by a ``turns:`` list holding them.

    Adjacent moved entries (only blank lines between) move as one run of lines, blank
    lines included; the first run's leading comments go above the new ``- ``.
    """
    runs = _runs(text, test, moved)
    first = runs[0]
    key = first.key
    col = column_of(text, key.start_offset)
    dash = layout.dash
    by = dash + layout.gap
    shared = on_shared_line(text, first.start)
    k = key.style if key.style in ('"', "'") else ""
    out = ("" if shared else " " * col) + f"{key_text('turns', k)}:{newline}"
    remaining = edits
    replacements: list[Edit] = []
    for n, run in enumerate(runs):
        start, end = run.start, run.end
        if n and start != line_start(text, start):
            raise Unsupported(
                f"line {run.key.span.line}: `{run.key.data}` shares its line with "
                "other text; put it on a line of its own and run again"
            )
        region, remaining = _apply_inside(text, start, end, remaining)
        if region and not region.endswith("\n"):
            region += newline
        if n:
            out += shift(region, by)
            replacements.append(Edit(start, end, ""))
            continue
        if shared:
            region = " " * col + region
        # The lines above the key (its comments) go above the new `- `; the key's line
        # and the rest go into the item, the `-` in the key's line's new indentation.
        split = 0
        for _ in range(text.count("\n", start, key.start_offset)):
            split = region.index("\n", split) + 1
        item = shift(region[split:], by)
        at = col + dash
        if item[at : at + 1] != " ":
            raise Unsupported(f"line {key.span.line}: unexpected indentation")
        out += shift(region[:split], dash) + item[:at] + "-" + item[at + 1 :]
    replacements.append(Edit(first.start, first.end, out))
    return remaining + replacements


@dataclass(slots=True)
class _Run:
    """Adjacent moved entries: their lines [start, end) and the first one's key."""

    key: Scalar
    start: int
    end: int


def _runs(text: str, test: Mapping, moved: list[str]) -> list[_Run]:
    """The runs of moved entries of a block mapping, in file order (see ``blocks``)."""
    keys = test.kept_key_nodes()
    values = list(test.children.values())
    runs: list[_Run] = []
    open_run = False  # the previous entry moved: its run may go on
    for i, name in enumerate(test.children):
        key = keys[i]
        if name not in moved:
            if open_run:
                upper = line_start(text, key.start_offset)
                runs[-1].end = entry_end(text, keys[i - 1], values[i - 1], upper)
            open_run = False
            continue
        if not open_run:
            previous = (keys[i - 1], values[i - 1]) if i else None
            runs.append(_Run(key, entry_start(text, key, previous), 0))
            open_run = True
            continue
        gap = text[keys[i - 1].end_offset : key.start_offset]
        line = gap.rfind("\n")
        if line >= 0 and "#" not in gap and not gap[line + 1 :].strip():
            # No comment between the two keys, the key starts its line: only blank lines
            # lie between the two entries, and the run goes on.
            continue
        end = entry_end(text, keys[i - 1], values[i - 1], line_start(text, key.start_offset))
        start = leading_comment_start(text, key, end)
        if text[end:start].strip():
            runs[-1].end = end
            runs.append(_Run(key, start, 0))
    if open_run:
        runs[-1].end = entry_end(text, keys[-1], values[-1], len(text))
    return runs


def move_flow(
    text: str, json_keys: bool, test: Mapping, moved: list[str], edits: list[Edit]
) -> list[Edit]:
    """The same for a flow-style test (``{...}``, a JSONL row): ``turns: [{...}]``."""
    items = list(test.entries.items())
    ends: list[int] = []
    for _, (key, value) in items:
        ends.append(value_extent(text, value, key.end_offset).end)
    colon, comma = separators(text, test)
    remaining = list(edits)
    parts: list[str] = []
    replacements: list[Edit] = []
    first_index: int | None = None
    previous = -1
    k = '"' if json_keys else ""
    for i, (name, (key, _)) in enumerate(items):
        if name not in moved:
            continue
        part, remaining = _apply_inside(text, key.start_offset, ends[i], remaining)
        if first_index is None:
            first_index = i
            k = key.style if key.style in ('"', "'") else k
        else:
            gap_start = ends[i - 1]
            gap = text[gap_start : key.start_offset]
            if "#" in gap:
                raise Unsupported(
                    f"line {key.span.line}: a comment sits between the entries of a flow "
                    "mapping that must be restructured; migrate this test by hand"
                )
            # Neighbours on one line keep the text between them as it was (its spacing);
            # entries brought together from apart or from other lines (their indentation
            # would not fit inside `turns: [{...}]`) get the mapping's usual separator.
            parts.append(gap if previous == i - 1 and "\n" not in gap else comma)
            replacements.append(Edit(gap_start, ends[i], ""))
        parts.append(part)
        previous = i
    assert first_index is not None
    first_key = items[first_index][1][0]
    new = f"{key_text('turns', k)}{colon}[{{{''.join(parts)}}}]"
    replacements.append(Edit(first_key.start_offset, ends[first_index], new))
    return remaining + replacements


def separators(text: str, mapping: Mapping) -> tuple[str, str]:
    """The ``:`` and ``,`` spacing a flow mapping already uses."""
    colon, comma = ": ", ", "
    items = list(mapping.entries.values())
    if items:
        key, value = items[0]
        gap = text[key.end_offset : value.start_offset]
        if gap.strip() == ":" and "\n" not in gap and not is_alias_at(value, key.end_offset):
            colon = gap
    if len(items) > 1:
        end = value_extent(text, items[0][1], items[0][0].end_offset).end
        gap = text[end : items[1][0].start_offset]
        if gap.strip() == "," and "\n" not in gap:
            comma = gap
    return colon, comma


def _apply_inside(text: str, start: int, end: int, edits: list[Edit]) -> tuple[str, list[Edit]]:
    """``text[start:end]`` with the edits inside it applied; the other edits are returned.

    ``edits`` are in the order of the text (as the planner sorts them).
    """
    parts: list[str] = []
    outside: list[Edit] = []
    overlap = -1
    pos = start
    for edit in edits:
        if start <= edit.start and edit.end <= end and not (edit.start == edit.end == end):
            if edit.start < pos and overlap < 0:
                overlap = edit.start - start
            parts += (text[pos : edit.start], edit.replacement)
            pos = edit.end
        elif edit.end <= start or edit.start >= end:
            outside.append(edit)
        else:
            raise Unsupported(
                f"line {_line_no(text, edit.start)}: a change would straddle a moved key; "
                "migrate this test by hand"
            )
    if overlap >= 0:
        raise ValueError(f"overlapping edits at offset {overlap}")
    parts.append(text[pos:end])
    return "".join(parts), outside


def _line_no(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1
