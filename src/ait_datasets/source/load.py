"""Read a dataset file from disk (or from text) into a :class:`Document`.

Every fault becomes a diagnostic: undecodable bytes, an empty file, syntax errors. The
only exception that escapes is ``OSError`` for a file that cannot be read at all, which
the commands report as exit code 2.
"""

from __future__ import annotations

import codecs
import os
import re

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.regular_file import regular_file_size
from ait_datasets.source import codes
from ait_datasets.source.block_yaml import read_block_yaml
from ait_datasets.source.document import Document
from ait_datasets.source.json_loader import load_json, load_jsonl
from ait_datasets.source.lines import newline_of, offset_to_position, split_lines
from ait_datasets.source.tree import Node

YAML_SUFFIXES = (".yaml", ".yml")
DATASET_SUFFIXES = (".yaml", ".yml", ".json", ".jsonl")
MAX_FILE_BYTES = 100 * 1024 * 1024
# One line this long is no dataset a person wrote; it also keeps regular expressions
# over single values cheap.
MAX_LINE_LENGTH = 1_000_000


def format_of(path: str) -> str | None:
    """``yaml``/``json``/``jsonl`` from the suffix (any case), or None."""
    lower = path.lower()
    if lower.endswith(YAML_SUFFIXES):
        return "yaml"
    if lower.endswith(".jsonl"):
        return "jsonl"
    if lower.endswith(".json"):
        return "json"
    return None


def load(
    path: str | os.PathLike[str],
    *,
    fmt: str | None = None,
    max_bytes: int = MAX_FILE_BYTES,
    max_line_length: int = MAX_LINE_LENGTH,
) -> Document:
    """Load the file at ``path``. Raises OSError only when it cannot be read."""
    p = os.fspath(path)
    size = regular_file_size(p)
    if size > max_bytes:
        return _over_size(p, size, max_bytes, fmt)
    clean = _clean_text(p)
    if clean is None:  # not UTF-8, or a NUL: read the bytes whole to say where
        with open(p, "rb") as fh:
            raw = fh.read()
        doc = _decoded(p, raw, fmt, max_line_length)
        del raw  # the bytes are not needed while parsing: free them before the tree grows
    else:
        doc = _document(p, *clean, None, fmt, max_line_length)
    return doc if doc.diagnostics else parse_text(doc)


# How much of a file is read and decoded at a time (see _clean_text).
_BLOCK = 1 << 16


def _clean_text(path: str) -> tuple[str, bool] | None:
    """The text of the file at ``path`` (without a UTF-8 BOM) and whether it had one,
    when it is UTF-8 without a NUL character; else None (:func:`decode` says why).

    The file is decoded a block at a time, not read whole first: freeing a block of
    bytes as large as the file makes glibc's allocator raise the size from which it
    maps blocks of their own to that size, so the line reader's large lists then come
    from its heap, which keeps them in the process once they are freed (6 MB more at
    the peak of linting a 12 MB file).
    """
    decoder = codecs.getincrementaldecoder("utf-8")()
    parts: list[str] = []
    try:
        with open(path, "rb") as fh:
            while block := fh.read(_BLOCK):
                parts.append(decoder.decode(block))
        parts.append(decoder.decode(b"", final=True))
    except UnicodeDecodeError:
        return None
    bom = parts[0].startswith("\ufeff")
    if bom:
        parts[0] = parts[0][1:]
    text = "".join(parts)
    return None if "\x00" in text else (text, bom)


def decode(path: str, raw: bytes) -> tuple[str | None, bool, Diagnostic | None]:
    """Bytes -> text (BOM removed), whether there was a UTF-8 BOM, or a finding."""

    def fail(line: int, col: int, message: str) -> tuple[None, bool, Diagnostic]:
        return (
            None,
            False,
            Diagnostic(path, line, col, line, col + 1, codes.ENCODING, Severity.ERROR, message),
        )

    if raw.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return fail(
            1,
            1,
            "The file is UTF-32 (it starts with a UTF-32 byte order mark); "
            "dataset files must be UTF-8. Save it as UTF-8.",
        )
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return fail(
            1,
            1,
            "The file is UTF-16 (it starts with a UTF-16 byte order mark); "
            "dataset files must be UTF-8. Save it as UTF-8.",
        )
    bom = raw.startswith(b"\xef\xbb\xbf")
    body = raw[3:] if bom else raw
    nul = body.find(b"\x00")
    if nul >= 0:
        line = body.count(b"\n", 0, nul) + 1
        col = nul - (body.rfind(b"\n", 0, nul) + 1) + 1
        if len(body) >= 2 and (body[0] == 0 or body[1] == 0):
            return fail(
                1,
                1,
                "The file looks like UTF-16 without a byte order mark; "
                "dataset files must be UTF-8. Save it as UTF-8.",
            )
        return fail(line, col, "The file contains a NUL byte: it is binary, not a dataset.")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = body.count(b"\n", 0, exc.start) + 1
        line_start = body.rfind(b"\n", 0, exc.start) + 1
        col = len(body[line_start : exc.start].decode("utf-8", "replace")) + 1
        return fail(
            line,
            col,
            f"Invalid UTF-8 (byte 0x{body[exc.start]:02x}); dataset files "
            "must be UTF-8. Re-save the file as UTF-8.",
        )
    return text, bom, None


def read_text(path: str | os.PathLike[str], *, max_bytes: int = MAX_FILE_BYTES) -> str | None:
    """The decoded text (no BOM) of the file at ``path``, without parsing it; None when it
    is over ``max_bytes`` or not UTF-8 (what :func:`load` reports). OSError as ``load``.

    For a file only shown (a finding's excerpt): parsing it again would cost as much as
    its lint and hold a second tree.
    """
    p = os.fspath(path)
    if regular_file_size(p) > max_bytes:
        return None
    with open(p, "rb") as fh:
        raw = fh.read()
    text, _, problem = decode(p, raw)
    return None if problem is not None else text


def load_bytes(
    path: str,
    raw: bytes,
    *,
    fmt: str | None = None,
    max_bytes: int = MAX_FILE_BYTES,
    max_line_length: int = MAX_LINE_LENGTH,
) -> Document:
    """Load content given as bytes (standard input, an editor's buffer) under the same
    limits as :func:`load` applies to a file of those bytes."""
    if len(raw) > max_bytes:
        return _over_size(path, len(raw), max_bytes, fmt)
    doc = _decoded(path, raw, fmt, max_line_length)
    return doc if doc.diagnostics else parse_text(doc)


def _over_size(path: str, size: int, max_bytes: int, fmt: str | None) -> Document:
    """An empty document whose one finding says the content is over ``max-file-size``."""
    doc = Document(path, "", fmt or format_of(path) or "yaml")
    doc.add_finding(
        None,
        codes.LIMIT,
        Severity.ERROR,
        f"The file is {size} bytes, over the limit of {max_bytes} (the "
        "`max-file-size` setting); not read.",
    )
    return doc


def _decoded(path: str, raw: bytes, fmt: str | None, max_line_length: int) -> Document:
    """A document with the decoded text, not parsed yet; any finding is in its diagnostics."""
    return _document(path, *decode(path, raw), fmt, max_line_length)


def _document(
    path: str,
    text: str | None,
    bom: bool,
    problem: Diagnostic | None,
    fmt: str | None,
    max_line_length: int,
) -> Document:
    """A document of the decoded ``text`` (None: not decoded, said by ``problem``), not
    parsed yet; any finding is in its diagnostics."""
    doc = Document(path, text or "", fmt or format_of(path) or "yaml", bom=bom)
    if problem is None:
        problem = _long_line(path, doc.text, max_line_length)
    if problem is not None:
        doc.diagnostics.append(problem)
    return doc


def load_text(path: str, text: str, *, fmt: str | None = None) -> Document:
    """Load already-decoded text (used by tests, the TUI and the DSL)."""
    bom = text.startswith("\ufeff")
    doc = Document(path, text[1:] if bom else text, fmt or format_of(path) or "yaml", bom=bom)
    problem = None if doc.text.isascii() else _lone_surrogate(path, doc.text)
    if problem is not None:
        # Decoded UTF-8 never holds one; text from the API can, and libyaml (which
        # encodes its input) would raise UnicodeEncodeError on it.
        doc.diagnostics.append(problem)
        return doc
    return parse_text(doc)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _lone_surrogate(path: str, text: str) -> Diagnostic | None:
    """A finding at the first surrogate code point in ``text``, or None."""
    match = _SURROGATE.search(text)
    if match is None:
        return None
    line, col = offset_to_position(text, match.start())
    return Diagnostic(
        path,
        line,
        col,
        line,
        col + 1,
        codes.ENCODING,
        Severity.ERROR,
        f"The text holds a lone surrogate (U+{ord(match.group()):04X}), which is not a "
        "character and cannot be saved as UTF-8; remove it.",
    )


def parse_text(doc: Document) -> Document:
    text = doc.text
    doc.newline = newline_of(text)
    if not text.strip():
        doc.add_finding(
            None,
            codes.EMPTY_FILE,
            Severity.ERROR,
            "The file is empty: it defines no tests. Add tests or delete the file.",
        )
        return doc
    if doc.format == "yaml":
        root, found = _load_yaml(doc.path, text)
        doc.root = root
        doc.diagnostics.extend(_tabs_explained(found, text))
        if root is None and not found:
            doc.add_finding(
                None,
                codes.EMPTY_FILE,
                Severity.ERROR,
                "The file holds only comments: it defines no tests.",
            )
    elif doc.format == "json":
        doc.root, found = load_json(doc.path, text)
        doc.diagnostics.extend(found)
    else:
        doc.rows, found = load_jsonl(doc.path, text)
        doc.diagnostics.extend(found)
    return doc


def _tabs_explained(found: list[Diagnostic], text: str) -> list[Diagnostic]:
    """The parsers' messages for a tab in indentation are cryptic; say what it means."""
    if "\t" not in text:
        return found
    lines = split_lines(text)
    out = []
    for d in found:
        if d.code == codes.YAML_SYNTAX and 1 <= d.line <= len(lines):
            line = lines[d.line - 1]
            indent = line[: len(line) - len(line.lstrip(" \t"))]
            if "\t" in indent:
                col = indent.index("\t") + 1
                d = Diagnostic(
                    d.path,
                    d.line,
                    col,
                    d.line,
                    col + 1,
                    codes.TAB_INDENT,
                    Severity.ERROR,
                    "A tab character is used for indentation; YAML allows only spaces there. "
                    "Replace the tab with spaces.",
                )
        out.append(d)
    return out


def _long_line(path: str, text: str, limit: int) -> Diagnostic | None:
    """A finding for the first line longer than ``limit`` characters, if any."""
    if len(text) <= limit:
        return None
    # A line longer than the limit holds one of the offsets limit, 2*limit, ...: look at
    # those lines only (the first long one found is the file's first long line).
    for probe in range(limit, len(text), limit):
        start = text.rfind("\n", 0, probe) + 1
        end = text.find("\n", probe)
        end = len(text) if end < 0 else end
        length = end - start
        if length > limit:
            number = text.count("\n", 0, start) + 1
            return Diagnostic(
                path,
                number,
                limit + 1,
                number,
                length + 1,
                codes.LIMIT,
                Severity.ERROR,
                f"Line {number} is {length} characters long, over the limit of {limit} "
                "(the `max-line-length` setting); the file is not read.",
            )
    return None


def _load_yaml(path: str, text: str) -> tuple[Node | None, list[Diagnostic]]:
    """The line reader's tree, else libyaml's (imported only then: PyYAML takes about
    10 ms to import, a good part of a small lint run)."""
    root = read_block_yaml(text)
    if root is not None:
        return root, []
    from ait_datasets.source.yaml_loader import load_yaml

    return load_yaml(path, text)
