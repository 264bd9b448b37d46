"""Object IDs of an app: the ranges its ``app.json`` allows, the IDs its AL declares.

``app.json`` gives the IDs an app may use as ``idRanges`` (a list of ``{"from", "to"}``)
or, in older apps, one ``idRange``; the AL compiler rejects an object outside them and two
objects of one type with one ID (Compiler Error AL0264, "An application object of type
'{0}' with ID '{1}' is already declared"). Object types count apart: a table and a
codeunit may share an ID.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from ait_datasets.al.declarations import ALFile, ALObject

MAX_ID = 2_147_483_647
DEFAULT_FIRST_ID = 50100  # the start of the per-tenant extension range
_MAX_APP_JSON_BYTES = 1024 * 1024


def id_ranges(app_json: Path) -> tuple[list[tuple[int, int]], str | None]:
    """The (from, to) ranges of ``app_json``, and why none could be read (or None)."""
    try:
        with app_json.open("rb") as handle:
            raw = handle.read(_MAX_APP_JSON_BYTES + 1)
    except OSError as exc:
        return [], exc.strerror or str(exc)
    if len(raw) > _MAX_APP_JSON_BYTES:
        return [], f"over {_MAX_APP_JSON_BYTES} bytes"
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        return [], f"not JSON ({type(exc).__name__})"
    if not isinstance(data, dict):
        return [], "not a JSON object"
    keys = {str(key).lower(): value for key, value in data.items()}
    entries = keys.get("idranges")
    if not isinstance(entries, list):
        entries = [keys.get("idrange")]
    ranges = [r for r in map(_range, entries) if r is not None]
    return sorted(ranges), None


def _range(entry: object) -> tuple[int, int] | None:
    if not isinstance(entry, dict):
        return None
    bounds = {str(key).lower(): value for key, value in entry.items()}
    low, high = bounds.get("from"), bounds.get("to")
    if type(low) is not int or type(high) is not int or not 0 < low <= high:
        return None
    return low, min(high, MAX_ID)


def free_id(ranges: list[tuple[int, int]], taken: Iterable[int]) -> int | None:
    """The lowest ID of ``ranges`` not ``taken`` (without ranges: from 50100 up)."""
    used = set(taken)
    for low, high in ranges or [(DEFAULT_FIRST_ID, MAX_ID)]:
        candidate = low
        while candidate in used:  # ends: ``used`` is finite
            candidate += 1
        if candidate <= high:
            return candidate
    return None


def declared(files: Iterable[ALFile]) -> dict[tuple[str, int], list[tuple[ALFile, ALObject]]]:
    """(object type, ID) -> the objects that declare it, in file order."""
    out: dict[tuple[str, int], list[tuple[ALFile, ALObject]]] = {}
    for file in files:
        for obj in file.objects:
            if obj.id is not None:
                out.setdefault((obj.kind, obj.id), []).append((file, obj))
    return out


def duplicates(files: Iterable[ALFile]) -> Iterator[list[tuple[ALFile, ALObject]]]:
    """Each group of two or more objects of one type and ID."""
    for group in declared(files).values():
        if len(group) > 1:
            yield group


class AppIds:
    """What an app folder says about codeunit IDs: its ranges and the codeunits declared
    (ID -> `path:line "Name"` of the first declaration)."""

    def __init__(self, ranges: list[tuple[int, int]], codeunits: dict[int, str]) -> None:
        self.ranges = ranges
        self.codeunits = codeunits

    def shown_ranges(self) -> str:
        return ", ".join(f"{low}-{high}" for low, high in self.ranges)

    def why_free(self) -> str:
        where = (
            f"the first ID of the app's idRanges ({self.shown_ranges()}, app.json)"
            if self.ranges
            else f"the first ID from {DEFAULT_FIRST_ID}"
        )
        return f"{where} that none of its {len(self.codeunits)} codeunits declares"


def read_app_ids(folder: Path) -> AppIds:
    """The ranges of ``folder``'s app.json and the codeunits of its .al files (none when
    the folder does not exist yet)."""
    from ait_datasets.al.app import read_sources

    if not folder.is_dir():
        return AppIds([], {})
    ranges, _ = id_ranges(folder / "app.json")
    codeunits: dict[int, str] = {}
    for (kind, number), group in declared(read_sources(str(folder)).code.files).items():
        if kind == "codeunit":
            file, obj = group[0]
            codeunits[number] = f'{file.path}:{obj.id_line} ("{obj.name}")'
    return AppIds(ranges, codeunits)
