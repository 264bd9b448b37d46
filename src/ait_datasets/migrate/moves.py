"""Flat tests move under a new ``turns:``: the second pass of a migration plan.

The content edits already planned at original offsets (``question`` -> ``query``, ...)
that fall inside the moved text are applied to it first; then the lines are re-indented
(block style) or the entries regrouped (flow style). Edits outside stay as they are.
"""

from __future__ import annotations

from ait_datasets.diagnostics import Edit, apply_edits
from ait_datasets.migrate.blocks import (
    EntryBlock,
    entry_blocks,
    is_alias_at,
    on_shared_line,
    value_extent,
)
from ait_datasets.migrate.layout import Layout
from ait_datasets.migrate.model import Unsupported
from ait_datasets.migrate.text import column_of, key_text, line_start, shift, split_lines
from ait_datasets.source.tree import Mapping


def move_block(
    text: str, newline: str, layout: Layout, test: Mapping, moved: list[str], edits: list[Edit]
) -> list[Edit]:
    """Replace the moved entries of a block-style test by a ``turns:`` list holding them.

    Adjacent moved entries (only blank lines between) move as one run of lines, blank
    lines included; the first run's leading comments go above the new ``- ``.
    """
    blocks = entry_blocks(text, test)
    runs: list[list[EntryBlock]] = []
    previous: EntryBlock | None = None
    for block in blocks:
        if block.key in moved:
            joined = (
                previous is not None
                and previous.key in moved
                and not text[previous.end : block.start].strip()
                and runs
            )
            if joined:
                runs[-1].append(block)
            else:
                runs.append([block])
        previous = block
    first = runs[0][0]
    col = column_of(text, first.key_node.start_offset)
    dash = layout.dash
    by = dash + layout.gap
    shared = on_shared_line(text, first.start)
    k = first.key_node.style if first.key_node.style in ('"', "'") else ""
    out = ("" if shared else " " * col) + f"{key_text('turns', k)}:{newline}"
    remaining = list(edits)
    replacements: list[Edit] = []
    for n, run in enumerate(runs):
        start, end = run[0].start, run[-1].end
        if n and start != line_start(text, start):
            raise Unsupported(
                f"line {run[0].key_node.span.line}: `{run[0].key}` shares its line with "
                "other text; put it on a line of its own and run again"
            )
        region, remaining = _apply_inside(text, start, end, remaining)
        if shared and n == 0:
            region = " " * col + region
        lines = split_lines(region)
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += newline
        if n == 0:
            # Lines between the run's start and its key (comments above it); counted
            # locally, not from the top of the file, to stay linear in the file size.
            lead = text.count("\n", start, run[0].key_node.start_offset)
            lines = shift(lines[:lead], dash) + shift(lines[lead:], by)
            key_line = lines[lead]
            at = col + dash
            if key_line[at : at + 1] != " ":
                raise Unsupported(f"line {first.key_node.span.line}: unexpected indentation")
            lines[lead] = key_line[:at] + "-" + key_line[at + 1 :]
            out += "".join(lines)
        else:
            out += "".join(shift(lines, by))
            replacements.append(Edit(start, end, ""))
    replacements.append(Edit(first.start, runs[0][-1].end, out))
    return remaining + replacements


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
    """``text[start:end]`` with the edits inside it applied; the other edits are returned."""
    inside: list[Edit] = []
    outside: list[Edit] = []
    for edit in edits:
        if start <= edit.start and edit.end <= end and not (edit.start == edit.end == end):
            inside.append(Edit(edit.start - start, edit.end - start, edit.replacement))
        elif edit.end <= start or edit.start >= end:
            outside.append(edit)
        else:
            raise Unsupported(
                f"line {_line_no(text, edit.start)}: a change would straddle a moved key; "
                "migrate this test by hand"
            )
    return apply_edits(text[start:end], inside), outside


def _line_no(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1
