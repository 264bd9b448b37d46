"""The work behind `datasets resolve` (imported only when the command runs)."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from dataclasses import dataclass, field

from ait_datasets.commands._workdate import WorkDateError, check_language, work_date_of
from ait_datasets.console import write_data
from ait_datasets.diagnostics import Severity
from ait_datasets.placeholders import (
    CalcDateError,
    DateFormat,
    FormulaError,
    TimeTextError,
    date_format,
    has_token,
    resolve_value,
)
from ait_datasets.placeholders.positions import LineIndex, span_in_scalar
from ait_datasets.placeholders.tokens import scan
from ait_datasets.source import Document, Mapping, Node, Scalar, Sequence, load
from ait_datasets.source.expansion import expansion_limit_crossed


@dataclass(slots=True)
class _Resolver:
    doc: Document
    work_date: dt.date | None
    fmt: DateFormat
    language: str | None = None
    problems: list[str] = field(default_factory=list)
    lines: LineIndex | None = None
    # Datasets repeat the same placeholders in many tests: each text is resolved once.
    resolved: dict[str, object] = field(default_factory=dict)

    def value(self, node: Node) -> object:
        if isinstance(node, Mapping):
            return {key: self.value(value) for key, value in node.children.items()}
        if isinstance(node, Sequence):
            return [self.value(item) for item in node.items]
        data = node.data
        if isinstance(data, str) and has_token(data):
            return self.scalar(node, data)
        return data

    def scalar(self, node: Scalar, text: str) -> object:
        if text in self.resolved:
            return self.resolved[text]
        try:
            value = resolve_value(text, self.work_date, self.fmt, self.language)
        except (FormulaError, CalcDateError, TimeTextError) as exc:
            self.report(node, text, exc)  # every occurrence is reported, so not cached
            return text
        self.resolved[text] = value
        return value

    def report(self, node: Scalar, text: str, exc: Exception) -> None:
        if self.lines is None:
            self.lines = LineIndex(self.doc.text)
        span = node.span
        tokens, _ = scan(text)
        failing = next((t for t in tokens if _fails(t.text, self.work_date, self.language)), None)
        if failing is not None:
            span = span_in_scalar(
                self.doc.text, self.lines, node.span, text, failing.start, len(failing.text)
            )
        what = failing.text if failing is not None else text
        detail = getattr(exc, "message", str(exc))
        if isinstance(exc, FormulaError):
            detail = f"invalid date formula at position {exc.position + 1}: {exc.message}"
        self.problems.append(
            f"{self.doc.path}:{span.line}:{span.column}: error: {what} cannot be resolved: {detail}"
        )


def _fails(token_text: str, work_date: dt.date | None, language: str | None) -> bool:
    try:
        resolve_value(token_text, work_date, language=language)
    except (FormulaError, CalcDateError, TimeTextError):
        return True
    return False


def resolve_file(args: argparse.Namespace) -> int:
    if not check_language(args, "resolve"):
        return 2
    try:
        fmt = date_format(args.date_format)
    except ValueError as exc:
        print(f"datasets resolve: error: --date-format: {exc}", file=sys.stderr)
        return 2
    try:
        doc = load(args.file)
    except OSError as exc:
        print(f"datasets resolve: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    errors = [d for d in doc.diagnostics if d.severity is Severity.ERROR]
    unparsed = doc.root is None and doc.format != "jsonl"
    if errors or unparsed:
        for d in errors or doc.diagnostics:
            print(f"{d.path}:{d.line}:{d.column}: {d.severity.value}: {d.message}", file=sys.stderr)
        return 2
    limit = expansion_limit_crossed(doc)
    if limit is not None:
        print(
            f"{doc.path}: error: its aliases expand to more than {limit} values; resolving "
            "would write them all out (a file like this can exhaust memory).",
            file=sys.stderr,
        )
        return 2
    try:
        work_date = work_date_of(args, args.file)
    except WorkDateError as exc:
        print(f"datasets resolve: {exc}", file=sys.stderr)
        return 2
    resolver = _Resolver(doc, work_date, fmt, args.formula_language)
    if doc.format == "jsonl":
        rows = [resolver.value(row) for row in doc.rows]
        out = _dump_rows(rows, args.format)
    else:
        assert doc.root is not None
        out = _dump(resolver.value(doc.root), args.format)
    write_data(out)
    for problem in resolver.problems:
        print(problem, file=sys.stderr)
    return 1 if resolver.problems else 0


def _json_default(value: object) -> str:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def _dump(data: object, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False, default=_json_default) + "\n"
    from ait_datasets.yaml_out import dump

    return dump(data)


def _dump_rows(rows: list[object], fmt: str) -> str:
    if fmt == "json":
        return "".join(
            json.dumps(row, ensure_ascii=False, default=_json_default) + "\n" for row in rows
        )
    return _dump(rows, fmt)
