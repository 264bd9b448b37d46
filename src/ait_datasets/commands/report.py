"""Reliability report of repeated test runs: pass@1, pass^k, flaky cases, release comparison.

Input files: the AI Test Toolkit's log entries as exported from its API page
(aitTestLogEntries; OData {"value": [...]} or a plain JSON array), or a generic JSONL
file with one run of one case per line: {"case": ..., "run": ..., "passed": true|false}
(optional "dataset", "suite", "message", "tokens", "credits", "durationMs"), or the
Excel eval summary (.xlsx, report 149030, with the xlsx extra). Several files are read as
one result set.

A case is (suite, dataset, test code, procedure); only rows with procedureName are cases.
Each Version is one run (--runs-by tag: each Tag). Status Skipped is no run (listed and
counted apart); Error rows without a version or a procedureName are infrastructure
errors. Each case is judged on its first k runs in run order (k defaults to the run
count most cases have; the others are named): passed (all k), flaky (some) or never
passed (none). Cases with fewer than k runs are listed on their own and left out of
pass^k; every run counts for pass@1. inputData/outputData are shown only with --show-data:
each failed run's evidence turn by turn (verdict, error reason, query, the agent's
messages, pauses, scores).

--history STORE reads the runs from a history (`datasets history add`) instead of FILEs,
and --last N judges each case over its last N runs there (e.g. the last 30 nightlies).

--rerun-plan DIR (with --datasets) writes the flaky, borderline (at most 3 agreeing runs)
and under-sampled (fewer than k runs) cases' tests, copied byte for byte, into subset
datasets in DIR with a suite XML that runs them, and prints the runs each case needs.

Exit codes: 0 report written; 1 a gate not met (--fail-under, or the policy in
[tool.ait-datasets.report]); 2 a file that cannot be read, a malformed row (reported as
file:line:column), an -o that names a file the command reads (an export, a baseline,
the quarantine or policy file, a dataset under --datasets) or is read-only, a refused
--rerun-plan folder, or (with --strict) an incomplete export.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction

    from ait_datasets.report.build import Report
    from ait_datasets.report.model import ResultSet
    from ait_datasets.report.sources import SourceIndex

HELP = "pass@1, pass^k and flaky cases of repeated runs; compare with a baseline"

FORMATS = ("text", "json", "markdown", "html", "github", "azure", "sarif")
_SUFFIX_FORMATS = {
    ".html": "html",
    ".htm": "html",
    ".md": "markdown",
    ".sarif": "sarif",
    ".json": "json",
}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="log-entry exports (.json), JSONL results or Excel eval summaries (.xlsx)",
    )
    parser.add_argument(
        "--history",
        metavar="STORE",
        help="read the runs from this history (datasets history add) instead of FILEs",
    )
    parser.add_argument(
        "--last",
        type=_positive_int,
        metavar="N",
        help="with --history: each case's last N runs only",
    )
    parser.add_argument(
        "--k",
        type=_positive_int,
        metavar="K",
        help="runs each case is judged on (default: the run count most cases have)",
    )
    parser.add_argument(
        "--baseline",
        action="append",
        default=[],
        metavar="FILE",
        help="results to compare with, case by case (may be given more than once)",
    )
    parser.add_argument(
        "--quarantine",
        metavar="FILE",
        help="text file of case ids or wildcard patterns reported in their own section",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        help="output format (default: from the --output suffix, else text)",
    )
    parser.add_argument(
        "-o", "--output", metavar="FILE", help="write the report to FILE instead of stdout"
    )
    parser.add_argument(
        "--datasets",
        action="append",
        default=[],
        metavar="PATH",
        help="dataset files or folders: link each case to its test's file:line "
        "(and find hand-over cases for the gates)",
    )
    parser.add_argument(
        "--runs-by",
        choices=("version", "tag"),
        default="version",
        help="what one run is: a Version (default) or a Tag",
    )
    parser.add_argument(
        "--show-data",
        action="store_true",
        help="show each failed run's evidence turn by turn from inputData/outputData "
        "(verdict, error reason, the agent's messages, scores; may be sensitive, never "
        "shown otherwise)",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="an incomplete export (@odata.nextLink) is an error (exit 2), not a warning",
    )
    parser.add_argument(
        "--fail-under",
        type=_share,
        metavar="X",
        help="exit 1 when pass^k of the ordinary cases is below X (a share such as 0.9, "
        "or 90%%); the bar of [tool.ait-datasets.report] for them",
    )
    parser.add_argument(
        "--rerun-plan",
        metavar="DIR",
        help="write a subset dataset of the flaky, borderline and under-sampled cases "
        "(their tests copied unchanged) and a suite XML that runs it into DIR (a new folder "
        "outside the app; needs --datasets), and print the runs each case needs; the "
        "report itself then goes to -o only",
    )
    parser.add_argument(
        "--target-width",
        type=_width,
        metavar="W",
        help="with --rerun-plan: the widest 95%% Wilson interval of a case's pass rate "
        "worth stopping at (default 0.3: tells a 50%% case from an 85%% one)",
    )
    parser.add_argument(
        "--policy",
        metavar="FILE",
        help="the configuration holding the gates (default: the nearest .ait-datasets.toml "
        "or pyproject.toml with [tool.ait-datasets.report])",
    )


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _width(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number such as 0.3") from None
    if not 0.001 <= value <= 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not between 0.001 and 1")
    return value


def _share(text: str) -> Fraction:
    """``0.9`` or ``90%`` -> an exact fraction in [0, 1] (exact, so 16/20 is not < 0.8)."""
    from fractions import Fraction  # here: `datasets --help` need not load it

    raw = text.strip()
    try:
        value = Fraction(raw[:-1]) / 100 if raw.endswith("%") else Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"'{text}' is not a number such as 0.9 or 90%") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not between 0 and 1 (or 0% and 100%)")
    return value


def output_format(fmt: str | None, output: str | None) -> str:
    """The chosen format: --format, else the --output suffix, else text."""
    if fmt:
        return fmt
    if output:
        lower = output.lower()
        for suffix, name in _SUFFIX_FORMATS.items():
            if lower.endswith(suffix):
                return name
    return "text"


def run(args: argparse.Namespace) -> int:
    from ait_datasets.commands._problems import print_problems
    from ait_datasets.report import (
        ReportInputError,
        build_report,
        read_quarantine,
        read_results,
        render_chunks,
    )
    from ait_datasets.report.input_problems import ReadOptions
    from ait_datasets.report.plain import neutralise
    from ait_datasets.report.policy import policy_files

    inputs = [*args.files, *args.baseline, *([args.quarantine] if args.quarantine else [])]
    refused = _usage_problem(args)
    if refused:
        return _fail(refused)
    # Every file this command reads, the policy's and the datasets' too: never its output.
    policy_read = policy_files(os.getcwd(), args.policy)
    clash = None
    if args.output:
        from ait_datasets.report.output import read_by_report

        clash = read_by_report(args.output, inputs, args.datasets, policy_read)
    if clash is not None:
        return _fail(
            f"-o {args.output} names {clash}; refusing to overwrite it (write the report to "
            "another file)"
        )
    options = ReadOptions(runs_by=args.runs_by, show_data=args.show_data)
    try:
        results = _from_history(args) if args.history else read_results(args.files, options)
        if results is None:
            return 2
        baseline = read_results(args.baseline, options) if args.baseline else None
        quarantine = read_quarantine(args.quarantine) if args.quarantine else None
    except ReportInputError as exc:
        return print_problems(exc)
    sources = None
    if args.datasets:
        from ait_datasets.report.sources import index_sources

        sources = index_sources(args.datasets)
    report = build_report(
        results,
        args.k,
        baseline=baseline,
        quarantine=quarantine,
        show_data=args.show_data,
        sources=sources,
    )
    # The report holds every run it shows; the result set's per-case tables of them are
    # not needed any more (with millions of runs, that is a tenth of a gigabyte).
    del results, baseline
    if args.strict and report.incomplete:
        for path, link in report.incomplete:
            print(
                f"{path}: incomplete export: the response holds '@odata.nextLink' ({link}); "
                "fetch every page (datasets pull) or drop --strict",
                file=sys.stderr,
            )
        return 2
    from dataclasses import replace

    from ait_datasets.report.policy import PolicyError, find_policy, judge

    try:
        policy = find_policy(os.getcwd(), args.policy)
    except PolicyError as exc:
        return _fail(str(exc))
    verdicts = judge(report, policy, args.fail_under)
    gated = policy.classes or policy.bar is not None or args.fail_under is not None
    if gated or any(v.name != "ordinary" for v in verdicts):
        report = replace(report, verdicts=verdicts)
    for warning in report.warnings():
        print(f"datasets report: warning: {neutralise(warning)}", file=sys.stderr)
    if args.rerun_plan:
        assert sources is not None
        failed = _rerun_plan(args, report, sources, [*inputs, *policy_read])
        if failed:
            return failed
    # With --rerun-plan, stdout holds the plan: the report goes to -o only.
    # In pieces: the HTML page of millions of runs is written as it is rendered.
    fmt = output_format(args.format, args.output)
    chunks = render_chunks(report, fmt)
    if args.output:
        from ait_datasets.report.output import write_chunks_atomic

        try:
            write_chunks_atomic(args.output, chunks)
        except OSError as exc:
            return _fail(f"cannot write {args.output}: {exc.strerror or exc}")
        print(f"wrote {args.output}")
    elif not args.rerun_plan:
        from ait_datasets.console import write_data

        # Text for a person in the console's encoding; Markdown, JSON, HTML as UTF-8.
        write = sys.stdout.write if fmt == "text" else write_data
        for chunk in chunks:
            write(chunk)
    code = 0
    for verdict in verdicts:
        if verdict.name == "ordinary" and args.fail_under is not None:
            if verdict.cases == 0:
                continue  # every case is in a class of its own
            code = max(code, _gate(verdict.passed, verdict.eligible, report.k, args.fail_under))
        elif not verdict.met:
            print(f"datasets report: gate not met: {neutralise(str(verdict))}", file=sys.stderr)
            code = 1
    return code


def _fail(message: str) -> int:
    print(f"datasets report: {message}", file=sys.stderr)
    return 2


def _usage_problem(args: argparse.Namespace) -> str | None:
    """Why the options cannot be used together (FILE / --history / --last, the rerun
    plan's), or a --datasets path that is not there; None when they can."""
    if args.history and args.files:
        return "give FILEs or --history STORE, not both"
    if not args.history and not args.files:
        return "give the result FILEs to read (or --history STORE)"
    if args.last is not None and not args.history:
        return "--last is for --history (each case's last N runs in the history)"
    if args.history and args.show_data:
        return "--show-data needs the exports: a history keeps no inputData/outputData"
    if args.rerun_plan and not args.datasets:
        return (
            "--rerun-plan needs --datasets (the dataset files or folders the tests are copied from)"
        )
    if args.target_width is not None and not args.rerun_plan:
        return "--target-width is for --rerun-plan"
    missing = [path for path in args.datasets or () if not os.path.exists(path)]
    if missing:
        # As `datasets lint` does: a path that is not there is a mistake, not "no cases".
        return f"--datasets {missing[0]}: no such file or folder"
    return None


def _from_history(args: argparse.Namespace) -> ResultSet | None:
    """The runs of the history (each case's last --last), or None when it cannot be read
    (said on stderr)."""
    from ait_datasets.report.history.store import HistoryError
    from ait_datasets.report.history.window import last_runs
    from ait_datasets.report.plain import neutralise

    try:
        return last_runs(args.history, args.last, args.runs_by)
    except HistoryError as exc:
        print(f"datasets report: --history {neutralise(str(exc))}", file=sys.stderr)
        return None


def _rerun_plan(
    args: argparse.Namespace, report: Report, sources: SourceIndex, inputs: list[str]
) -> int:
    """Write the rerun plan into --rerun-plan DIR and print it; 0, or 2 when refused."""
    from pathlib import Path

    from ait_datasets.atomic import TreeError, conflicts, create_tree
    from ait_datasets.report.output import refuse_plan_folder
    from ait_datasets.report.rerun_plan import TARGET_WIDTH, plan
    from ait_datasets.report.rerun_text import plan_text
    from ait_datasets.report.rerun_write import plan_files

    folder = args.rerun_plan
    source_files = sorted({t.file for t in sources.tests.values()})
    refused = refuse_plan_folder(folder, inputs, [*args.datasets, *source_files])
    if refused is not None:
        return _fail(f"--rerun-plan: {refused}; give a new folder")
    width = TARGET_WIDTH if args.target_width is None else args.target_width
    needs = plan(report.summary.outcomes, report.skipped, report.k, width)
    files = plan_files(needs, sources)
    target = Path(folder)
    taken = conflicts(target, [name for name, _ in files.files])
    if taken:
        names = ", ".join(str(p) for p in taken)
        return _fail(f"--rerun-plan: {names} exists; nothing written")
    if files.files:
        try:
            create_tree(target, files.files)
        except TreeError as exc:
            return _fail(f"--rerun-plan: {exc}")
    sys.stdout.write(plan_text(needs, files, width, report.k, folder))
    return 0


def _gate(passed: int, total: int, k: int, limit: Fraction) -> int:
    """Exit 1 when pass^k is below --fail-under (compared exactly, as fractions)."""
    wanted = f"{float(limit) * 100:.1f}%"
    if total == 0:
        print(
            f"datasets report: pass^{k} cannot be computed (no case has {k} runs), "
            f"so --fail-under {wanted} is not met",
            file=sys.stderr,
        )
        return 1
    from fractions import Fraction

    if Fraction(passed, total) < limit:
        print(
            f"datasets report: pass^{k} is {passed}/{total} ({passed / total * 100:.1f}%), "
            f"below --fail-under {wanted}",
            file=sys.stderr,
        )
        return 1
    return 0
