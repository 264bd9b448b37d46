"""`datasets lint --add-suppressions`: a suppression comment for every current finding.

Like ruff's ``--add-noqa``, for adopting the linter in a repository with many findings:
each finding gets ``# datasets: disable=CODE`` at the end of its line (merged into a
suppression already there), so new findings stand out while the old ones are fixed one by
one. Nothing else changes: the comments are inserted into the original text, and the file
is written only when it still reads as the same data (parsed again and compared).

Where a comment would change a value (inside a block scalar or a multi-line string) it
goes on the nearest line above that starts the enclosing node, which a suppression covers
too. Suite XML gets ``<!-- datasets: disable=CODE -->`` on a line of its own before the
element. A finding about the whole file gets ``disable-file=`` at the end of the file.
JSON has no comments: those findings are counted and left to a baseline.
"""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.plural import plural
from ait_datasets.source.lines import line_body, lines_with_breaks, newline_of
from ait_datasets.source.tree import Scalar, walk

if TYPE_CHECKING:
    from ait_datasets.lint.engine import LintRun

# Findings about suppressions themselves are fixed, not suppressed (SUP002 cannot be).
_NOT_SUPPRESSIBLE = ("SUP",)
_BLANK = " \t"
_EXISTING = re.compile(
    r"(?P<lead>#\s*datasets:\s*disable\s*=\s*)"
    r"(?P<codes>[A-Za-z0-9_]+(?:[ \t]*,[ \t]*[A-Za-z0-9_]+)*)"
)


def add_suppressions(run_: LintRun, *, stdin_text: str | None = None, problems: int = 0) -> int:
    """Write the comments into every file with findings; the exit code (0, or 2).

    With ``stdin_text`` (`datasets lint --add-suppressions -`) nothing is written: the
    text is printed, with its suppressions when they could be added, else as it was.
    """
    from ait_datasets.atomic import cannot_write
    from ait_datasets.dataset.paths import display_path

    by_file: dict[str, list[Diagnostic]] = {}
    for diag in run_.diagnostics:
        if not diag.code.startswith(_NOT_SUPPRESSIBLE):
            by_file.setdefault(diag.path, []).append(diag)
    added = files = skipped_json = 0
    code = 2 if problems else 0
    for path, diags in by_file.items():
        text = run_.sources.get(path)
        if text is None:
            continue
        if _format(path) == "json":
            skipped_json += len(diags)
            continue
        result = with_suppressions(path, text, diags)
        if isinstance(result, str):
            print(f"{display_path(path)}: {result}", file=sys.stderr)
            code = 2
            continue
        new, count = result
        if stdin_text is not None:
            stdin_text = new
        elif count:
            try:
                _write_like(path, text, new)
            except OSError as exc:
                shown = display_path(path)
                print(f"datasets lint: {cannot_write(shown, exc)}", file=sys.stderr)
                code = 2
                continue
        added += count
        files += 1 if count else 0
    if stdin_text is not None:
        from ait_datasets.console import write_data

        write_data(stdin_text)
    print(
        f"Added {plural(added, 'suppression')} to {plural(files, 'file')}.",
        file=sys.stderr,
    )
    if skipped_json:
        print(
            f"{plural(skipped_json, 'finding')} in JSON files left as they are: JSON has no "
            "comments (use "
            "--write-baseline, or the configuration's ignore).",
            file=sys.stderr,
        )
    return code


def with_suppressions(path: str, text: str, diags: list[Diagnostic]) -> tuple[str, int] | str:
    """The text with a suppression for each finding and how many codes were added, or why not."""
    fmt = _format(path)
    if fmt == "json":
        return "JSON has no comments: findings cannot be suppressed inline"
    split = [line_body(line) for line in lines_with_breaks(text, xml=fmt == "xml")]
    lines = [body for body, _ in split]
    breaks = [end for _, end in split]
    if fmt == "xml" and _xml_shape(path, text) is None:
        return "does not parse: fix it first (no suppression added)"
    unsafe = _unsafe_lines(path, text) if fmt == "yaml" else set()
    if unsafe is None:
        return "does not parse: fix its syntax first (no suppression added)"
    per_line: dict[int, list[str]] = {}
    whole_file: list[str] = []
    for diag in diags:
        target = _target(lines, diag.line - 1, unsafe, xml=fmt == "xml")
        whole = (diag.line, diag.column, diag.end_line, diag.end_column) == (1, 1, 1, 1)
        if whole or (target is not None and lines[target].lstrip().startswith("<?xml")):
            # About the whole file, or the XML declaration (nothing may come before it).
            _add(whole_file, diag.code)
            continue
        if target is None:
            return f"{diag.line}:{diag.column}: no line to put a suppression of {diag.code} on"
        _add(per_line.setdefault(target, []), diag.code)
    new_lines = [line + end for line, end in zip(lines, breaks, strict=True)]
    count = len(whole_file)
    # From the bottom up, so that inserting a line (XML) does not move the ones to come.
    for index in sorted(per_line, reverse=True):
        codes = per_line[index]
        count += len(codes)
        if fmt == "xml":
            indent = re.match(r"[ \t]*", lines[index])
            lead = indent.group() if indent else ""
            joined = ",".join(codes)
            comment = f"{lead}<!-- datasets: disable={joined} -->"
            new_lines.insert(index, comment + (breaks[index] or newline_of(text)))
        else:
            new_lines[index] = _with_comment(lines[index], codes) + breaks[index]
    new = "".join(new_lines)
    if whole_file:
        new = _with_file_comment(new, whole_file, xml=fmt == "xml")
    if not same_data(path, text, new):
        return "a suppression comment would change what the file means: add them by hand"
    return new, count


def _add(codes: list[str], code: str) -> None:
    if code not in codes:
        codes.append(code)


def _format(path: str) -> str:
    from ait_datasets.lint.discover import is_xml

    if is_xml(path):
        return "xml"
    lower = path.lower()
    return "json" if lower.endswith((".json", ".jsonl")) else "yaml"


def _unsafe_lines(path: str, text: str) -> set[int] | None:
    """0-based lines whose end lies inside a scalar (a comment there would be part of it)."""
    from ait_datasets.source.load import load_text

    doc = load_text(path, text)
    if doc.root is None or any(d.code.startswith("SYN") for d in doc.diagnostics):
        return None
    unsafe: set[int] = set()
    for _path, node in walk(doc.root):
        if not isinstance(node, Scalar):
            continue
        span = node.span
        if span.end_line == span.line and node.style not in ("|", ">"):
            continue
        if node.style in ("|", ">"):
            # The header line (`key: |`) may carry a comment; every content line may not.
            unsafe.update(range(span.line, span.end_line))
        else:
            unsafe.update(range(span.line - 1, span.end_line - 1))
    return unsafe


def _target(lines: list[str], index: int, unsafe: set[int], *, xml: bool) -> int | None:
    """The line (0-based) to suppress a finding on ``index`` from: it or an enclosing one."""
    if xml:
        # The line where the element's start tag begins (attributes may continue below).
        while index > 0 and not lines[index].lstrip().startswith("<"):
            index -= 1
        return index
    while index in unsafe or not lines[index].strip():
        indent = _indent(lines[index]) if lines[index].strip() else 10**9
        above = index - 1
        while above >= 0 and (not lines[above].strip() or _indent(lines[above]) >= indent):
            above -= 1
        if above < 0:
            return None
        index = above
    return index


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _with_comment(body: str, codes: list[str]) -> str:
    """The line ``body`` (without its break) with the codes added to its suppression, or
    a new one at its end."""
    existing = _EXISTING.search(body)
    if existing is not None:
        have = [c.strip().upper() for c in existing.group("codes").split(",")]
        more = [c for c in codes if c not in have]
        if not more:
            return body
        end = existing.end("codes")
        return body[:end] + "," + ",".join(more) + body[end:]
    joined = ",".join(codes)
    return f"{body.rstrip(_BLANK)}  # datasets: disable={joined}"


def _with_file_comment(text: str, codes: list[str], *, xml: bool) -> str:
    comment = f"datasets: disable-file={','.join(codes)}"
    line = f"<!-- {comment} -->" if xml else f"# {comment}"
    newline = newline_of(text)
    if text and not text.endswith(("\n", "\r")):
        text += newline
    return text + line + newline


def same_data(path: str, old: str, new: str) -> bool:
    """Whether ``new`` reads as the same data as ``old`` (only comments were added): suite
    XML with the same elements and attributes, a dataset with the same plain data and no
    error ``old`` did not have (a ``#`` inside a block scalar or a multi-line string is
    text, not a comment). The language server's "Suppress" action checks its edit here too."""
    if _format(path) == "xml":
        before_xml = _xml_shape(path, old)
        return before_xml is not None and before_xml == _xml_shape(path, new)
    from ait_datasets.source.load import load_text

    before, after = load_text(path, old), load_text(path, new)
    if after.has_errors and not before.has_errors:
        return False
    return bool(before.data == after.data)


# Byte order marks and the encodings they announce (suite XML is often UTF-16LE).
_BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))


def _write_like(path: str, old: str, new: str) -> None:
    """Write ``new`` in the encoding (and byte order mark) the file has now.

    Refused (OSError) unless the file's bytes are exactly ``old`` in that encoding, so a
    file that changed meanwhile, or whose encoding cannot be kept, is left alone.
    """
    from ait_datasets.atomic import Snapshot, write_bytes_atomically

    with open(path, "rb") as fh:
        raw = fh.read()
    bom, encoding = next(((b, e) for b, e in _BOMS if raw.startswith(b)), (b"", "utf-8"))
    if raw != bom + old.encode(encoding, "surrogatepass"):
        raise OSError(f"the file is not {encoding} text as it was read (left unchanged)")
    # Checked again just before the file is replaced: a change meanwhile is never lost.
    new_bytes = bom + new.encode(encoding, "surrogatepass")
    write_bytes_atomically(path, new_bytes, expected=Snapshot.of(raw))


def _xml_shape(path: str, text: str) -> object:
    """The elements and attributes of suite XML text, or None when it does not parse.

    The text is parsed as UTF-8 whatever its declaration says: only the markup matters
    here (the file is written back in its own encoding).
    """
    from ait_datasets.source.xml_loader import XmlElement, load_xml_text

    def shape(element: XmlElement) -> object:
        attributes = {name: a.value for name, a in element.attributes.items()}
        return (element.name, attributes, [shape(c) for c in element.children])

    as_utf8 = re.sub(r'(<\?xml[^>]*encoding=)["\'][^"\']*["\']', r'\1"UTF-8"', text, count=1)
    root = load_xml_text(path, as_utf8).xml
    return None if root is None else shape(root)
