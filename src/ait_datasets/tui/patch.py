"""Apply a re-dumped test to the original text as a minimal line patch.

ruamel.yaml re-dumps a test in one indentation style; a test written with irregular
indentation (a 3-space block here, a 1-space one there) would come back re-indented
everywhere. Instead we compare ruamel's dump of the test *before* the change with its
dump *after* it, and apply only the differing lines to the original text, re-indented
like their neighbours. The result is used only if it parses to exactly the data of the
full re-dump; otherwise the caller keeps the full re-dump.
"""

from __future__ import annotations

from difflib import SequenceMatcher

from ait_datasets.source.load import load_text


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _plain(text: str) -> object:
    doc = load_text("test.yaml", text)
    if doc.root is None or doc.has_errors:
        return _INVALID
    return doc.root.data


_INVALID = object()


def same_data(text: str, dumped: str) -> bool:
    """Whether ``text`` parses (without errors) to the data of ``dumped``."""
    expected = _plain(dumped)
    return expected is not _INVALID and _plain(text) == expected


def _origins(orig: list[str], old: list[str]) -> tuple[str, list[str], list[bool]]:
    """For each line of the dump, the original text it stands for.

    Lines are aligned by content (indentation ignored). Where the dump differs from the
    original (a long plain scalar the author wrapped over lines, say), the whole
    original region is given to the region's first dump line and the region is marked
    opaque: a change touching it cannot be applied line by line.
    """
    origin = [""] * len(old)
    opaque = [False] * len(old)
    lead = ""
    aligner = SequenceMatcher(
        None, [line.strip() for line in old], [line.strip() for line in orig], autojunk=False
    )
    for tag, i1, i2, k1, k2 in aligner.get_opcodes():
        if tag == "equal":
            for d in range(i2 - i1):
                origin[i1 + d] = orig[k1 + d]
            continue
        text = "".join(orig[k1:k2])
        if i2 > i1:
            origin[i1] = text
            for i in range(i1, i2):
                opaque[i] = True
        elif i1 == 0:
            lead += text
        else:
            origin[i1 - 1] += text
            opaque[i1 - 1] = True
    return lead, origin, opaque


def minimal_patch(original: str, before: str, after: str) -> str | None:
    """``original`` changed as ``before`` -> ``after`` changed, or None when unsure.

    ``before`` is ruamel's dump of ``original``'s data, ``after`` the dump of the changed
    data. Lines the change does not touch are copied from ``original``.
    """
    orig = original.splitlines(keepends=True)
    old = before.splitlines(keepends=True)
    new = after.splitlines(keepends=True)
    lead, origin, opaque = _origins(orig, old)
    out: list[str] = [lead]
    # Dump indentation -> the original's indentation, learnt from unchanged lines.
    indents: dict[int, int] = {}
    shift = 0
    matcher = SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for i in range(i1, i2):
                if not opaque[i] and old[i].strip():
                    indents[_indent(old[i])] = _indent(origin[i])
                    shift = _indent(origin[i]) - _indent(old[i])
                out.append(origin[i])
            continue
        if any(opaque[i1:i2]):
            return None
        # The block keeps ruamel's inner structure, moved as a whole to where its first
        # line's siblings sit in the original.
        block = new[j1:j2]
        first = next((line for line in block if line.strip()), None)
        if first is None:
            out.extend(block)
            continue
        width = _indent(first)
        delta = indents.get(width, width + shift) - width
        for line in block:
            if not line.strip():
                out.append(line)
            else:
                out.append(" " * max(0, _indent(line) + delta) + line.lstrip(" "))
    patched = "".join(out)
    expected = _plain(after)
    if expected is _INVALID or _plain(patched) != expected:
        return None
    return patched
