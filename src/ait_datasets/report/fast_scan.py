"""A JSON export read by the report's C pass (``_speedups.scan``), where it was built.

The same blocks as :func:`~ait_datasets.report.fast_json.blocks`, but nothing is decoded
into Python objects first: the C pass reads each entry's bytes (checking the JSON grammar
of all of them, UTF-8 and escapes too), and adds a plain run of a case (see
:mod:`ait_datasets.report.fast_rows`) straight to the result set, as
:func:`~ait_datasets.report.fast_rows.add_block` would. Every other entry is handed back,
decoded on its own and read by :func:`~ait_datasets.report.rows.read_log_entry`, where it
lies in the file, so rows are added in file order. Anything the pass does not take makes
it step aside (:class:`~ait_datasets.report.fast_json.StepAside`): the caller then reads
the file the msgspec way, or the exact way.

Decoding every entry into structs and adding each from Python took about 5 µs a row of
the API page's export (26 fields, 640 bytes); the C pass takes about 2, the objects of
each run included.
"""

from __future__ import annotations

import os
from functools import partial

import msgspec

from ait_datasets.report._speedups import key_index, scan
from ait_datasets.report.fast_json import StepAside, decode_entry, regions
from ait_datasets.report.fast_rows import NOT_PLAIN_TABLE, Interned, record
from ait_datasets.report.model import ResultSet, Run
from ait_datasets.report.rows import UNTAGGED, read_log_entry
from ait_datasets.report.turns import Turn, failing_turn

_ENTRY = msgspec.json.Decoder()


def _decoded(raw: bytes | None) -> object:
    """A data field's JSON (None: absent), as the msgspec reader decodes it."""
    if raw is None:
        return None
    try:
        return _ENTRY.decode(raw)
    except (msgspec.DecodeError, RecursionError, ValueError):
        raise StepAside from None


def _turn_of(input_data: bytes | None, output_data: bytes | None) -> Turn | None:
    return failing_turn(_decoded(input_data), _decoded(output_data))


def read_scanned(path: str, results: ResultSet, interned: Interned, runs_by: str) -> None:
    """Add every entry of the JSON export at ``path`` to ``results``; raises StepAside
    (and RowError, for a row the exact reader would report)."""

    context: tuple[object, ...] = (
        path,
        runs_by == "version",
        key_index(int.from_bytes(os.urandom(8), "little")),  # raw key bytes -> case runs
        # Each new raw key's case, not kept by raw key (the C pass's index keeps it).
        partial(interned.table_of, results=results),
        NOT_PLAIN_TABLE,
        interned.tags,
        interned.tag,
        results.tags,
        Run,
        _turn_of,
        UNTAGGED,
        "merged",
        "strip",
        "",
    )
    line = 1  # where the previous block ended
    for region in regions(path):
        buffer, pos, end = region.buffer, region.first, region.end
        line += region.newlines
        after_entry = False
        while True:
            state, pos, line, stop, line_after = scan(buffer, pos, end, line, after_entry, context)
            if state == 0:
                break
            if state < 0:
                raise StepAside
            entry = decode_entry(buffer[pos:stop])
            record(results, read_log_entry(entry, runs_by), path, line)
            pos, line, after_entry = stop, line_after, True
