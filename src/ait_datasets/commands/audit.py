"""Is this agent's test suite any good? Six questions, answered from the files.

1. must-never: the must-nevers declared in [audit] must-never, the tests that cover
   them (`# datasets: covers=MN-01` on or above `- name:`), and whether each tries the
   forbidden act and expects a refusal or a hand-over;
2. state-vs-message: what each expected_data key is compared with in the AL test code
   (state, message, intervention, judge, unknown);
3. hand-over: tests that expect the agent to pause (intervention_request), per type;
4. injection: tests whose agent-facing input carries instructions aimed at the agent
   (confirmed with `# datasets: covers=injection`);
5. runs-and-gate (--results): runs per case and whether the gate is pass^k;
6. flaky-and-evidence (--results): flaky cases quarantined with an owner; traces and
   versions in the evidence manifest beside each export.

Each is pass, fail or unknown, with its figures and the tests behind it at file:line.

Exit codes: 0 the audit was written; 1 a question failed that --fail-on names;
2 a usage error or an input that cannot be read.
"""

from __future__ import annotations

import argparse
import os
import sys

HELP = "is this agent's test suite any good? six questions, answered from the files"

FORMATS = ("text", "markdown", "json", "sarif")
QUESTION_IDS = (
    "must-never",
    "state-vs-message",
    "hand-over",
    "injection",
    "runs-and-gate",
    "flaky-and-evidence",
)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("app", metavar="APP", help="the test app's folder (or its .resources)")
    parser.add_argument(
        "--results",
        nargs="+",
        default=[],
        metavar="EXPORT",
        help="log-entry exports or JSONL results of the suite's runs (questions 5 and 6)",
    )
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="the configuration holding [audit] (default: the nearest .ait-datasets.toml "
        "or pyproject.toml above APP)",
    )
    parser.add_argument("--format", choices=FORMATS, default="text", help="output format")
    parser.add_argument(
        "--fail-on",
        nargs="+",
        default=[],
        metavar="Q",
        choices=(*QUESTION_IDS, "all"),
        help="exit 1 when one of these questions fails (default: none; an audit informs). "
        f"Questions: {', '.join(QUESTION_IDS)}, or all",
    )


def _fail(message: str) -> int:
    print(f"datasets audit: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from ait_datasets.audit import audit, render
    from ait_datasets.audit.evidence import ManifestError
    from ait_datasets.audit.results import Results, load
    from ait_datasets.audit.runs_and_gate import GateError
    from ait_datasets.commands._problems import print_problems
    from ait_datasets.lint.config_files import ConfigError, audit_settings
    from ait_datasets.report import ReportInputError, read_quarantine

    if not os.path.isdir(args.app):
        return _fail(f"{args.app}: no such folder (give the test app's folder)")
    if args.config is not None and not os.path.isfile(args.config):
        return _fail(f"--config {args.config}: no such file")
    try:
        settings = audit_settings(args.config, args.app)
    except ConfigError as exc:
        return _fail(str(exc))
    results: Results | None = None
    quarantine = None
    try:
        if args.results:
            results = load(args.results)
        if settings.quarantine is not None and results is not None:
            quarantine = read_quarantine(settings.quarantine)
    except ReportInputError as exc:
        return print_problems(exc)
    try:
        card = audit(args.app, settings, results, quarantine)
    except (GateError, ManifestError) as exc:
        return _fail(str(exc))
    from ait_datasets.console import write_data

    # Text for a person in the console's encoding; Markdown, JSON, SARIF as UTF-8.
    (sys.stdout.write if args.format == "text" else write_data)(render(card, args.format))
    wanted = set(QUESTION_IDS) if "all" in args.fail_on else set(args.fail_on)
    failed = [a.id for a in card.answers if a.status == "fail" and a.id in wanted]
    if failed:
        print(f"datasets audit: failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0
