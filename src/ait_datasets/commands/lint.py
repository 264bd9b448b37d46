"""Check datasets, suite-setup files and suites the way the framework reads them.

Exit codes: 0 no errors (warnings allowed), 1 at least one error, 2 a usage error, a
path that does not exist, a run that found no dataset file, or a file that could not be
read or written (read-only, or changed on disk while the run fixed it).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from ait_datasets.commands._lint_options import STDIN, STDIN_DEFAULT_NAME, configure
from ait_datasets.plural import plural

if TYPE_CHECKING:
    from collections.abc import Callable

    from ait_datasets.commands._lint_outputs import Output
    from ait_datasets.diagnostics import Diagnostic
    from ait_datasets.lint.config_files import ConfigResolver
    from ait_datasets.lint.engine import LintRun

__all__ = ["HELP", "configure", "run"]

HELP = "check datasets for errors the framework would hit at run time"


def _codes(text: str) -> tuple[str, ...]:
    return tuple(c.strip().upper() for c in text.split(",") if c.strip())


def _cli_overrides(args: argparse.Namespace) -> dict[str, object] | str:
    """Settings given on the command line, or an error message."""
    import datetime as dt

    from ait_datasets.diagnostics import Severity
    from ait_datasets.lint.known_codes import unknown_code

    cli: dict[str, object] = {}
    for option in ("select", "extend_select", "ignore"):
        given = getattr(args, option)
        if given:
            codes = _codes(given)
            for code in codes:
                problem = unknown_code(code, all_allowed=True)
                if problem is not None:
                    return f"--{option.replace('_', '-')}: {problem}"
            cli[option] = codes
    if args.fail_level:
        cli["fail_level"] = Severity(args.fail_level)
    if args.work_date:
        try:
            cli["work_date"] = dt.date.fromisoformat(args.work_date)
        except ValueError:
            return f"--work-date: '{args.work_date}' is not a date (YYYY-MM-DD)"
    return cli


def _usage_problem(args: argparse.Namespace) -> str | None:
    """A combination of options that cannot work, or None."""
    rewriting = [
        name
        for name, on in (
            ("--fix", args.fix),
            ("--diff", args.diff),
            ("--add-suppressions", args.add_suppressions),
            ("--write-baseline", args.write_baseline is not None),
        )
        if on
    ]
    if len(rewriting) > 1:
        return f"{' and '.join(rewriting)} cannot be combined"
    if args.prune_baseline and args.baseline is None:
        return "--prune-baseline needs --baseline FILE"
    if STDIN in args.paths and len(args.paths) > 1:
        return "- (standard input) cannot be combined with other paths"
    if args.stdin_filename is not None and args.paths not in ([], [STDIN]):
        return "--stdin-filename is for - (standard input) only"
    return None


def run(args: argparse.Namespace) -> int:
    from ait_datasets.commands._lint_outputs import outputs
    from ait_datasets.lint.config_files import ConfigError, ConfigResolver

    if args.stdin_filename is not None and not args.paths:
        args.paths = [STDIN]
    problem = _usage_problem(args)
    cli = _cli_overrides(args) if problem is None else {}
    chosen = outputs(args.format, args.output_file)
    if problem is not None or isinstance(cli, str) or isinstance(chosen, str):
        said = next(text for text in (problem, cli, chosen) if isinstance(text, str))
        print(f"datasets lint: {said}", file=sys.stderr)
        return 2
    try:
        resolver = ConfigResolver(args.config, cli)
    except ConfigError as exc:
        print(f"datasets lint: invalid configuration: {exc}", file=sys.stderr)
        return 2
    cores = os.cpu_count() or 1
    if args.jobs is not None and args.jobs > cores:
        print(
            f"datasets lint: --jobs {args.jobs} is more than the {plural(cores, 'CPU')}; "
            f"using {cores}",
            file=sys.stderr,
        )
    return _Run(args, resolver, chosen).main()


class _Run:
    """One `datasets lint` run: lint, adopt (baseline, suppressions), fix, report."""

    def __init__(
        self, args: argparse.Namespace, resolver: ConfigResolver, chosen: list[Output]
    ) -> None:
        self.args = args
        self.resolver = resolver
        self.outputs = chosen
        self.stdin = args.paths == [STDIN]
        self.given_paths: list[str] = args.paths or ["."]
        self.raw: bytes | None = None
        self.stdin_path = args.stdin_filename or STDIN_DEFAULT_NAME
        # With `--fix -` the fixed text goes to standard output, so the report goes to stderr.
        self.report_to_stderr = False
        # Paths that were not linted (missing, unreadable): the run cannot pass.
        self.problems = 0
        # Files whose fixes could not be written (read-only, changed meanwhile): exit 2.
        self.unwritten = 0

    def main(self) -> int:
        from ait_datasets.lint.config_files import ConfigError
        from ait_datasets.lint.fix_check import mark_unapplicable

        paths = self._paths()
        try:
            run_ = self._lint(paths)
        except ConfigError as exc:
            print(f"datasets lint: invalid configuration: {exc}", file=sys.stderr)
            return 2
        from ait_datasets.lint.engine import INTERNAL_ERROR, unreadable_message

        for path, reason in run_.unreadable:
            if reason.startswith(INTERNAL_ERROR):
                # The same one line as every command's internal error, naming the file.
                where = f"datasets lint: internal error while processing {path}"
                print(f"{where}: {reason[len(INTERNAL_ERROR) :]}", file=sys.stderr)
            else:
                print(f"{_shown(path)}: {unreadable_message(reason)}", file=sys.stderr)
        self.problems += len(run_.unreadable)
        self._fill_sources(run_)
        if run_.files == 0 and not self.problems and not self.stdin:
            return self._nothing_linted(paths)
        if self.args.write_baseline is not None:
            return self._write_baseline(run_)
        if self.args.add_suppressions:
            return self._add_suppressions(run_)
        if self.args.diff:
            return self._diff(run_)
        fixed: int | None = None
        if self.args.fix:
            fixed = self._write_fixes(run_)
        diagnostics = mark_unapplicable(run_.diagnostics, run_.sources)
        if self.args.baseline is not None:
            matched = self._baseline(run_, diagnostics)
            if matched is None:
                return 2
            diagnostics = matched
        code = self._report(run_, diagnostics, fixed)
        if code or self.problems or self.unwritten:
            return 2
        if self.args.exit_zero:
            return 0
        # Each file's own fail level, its configuration resolved once per file.
        bar = {
            path: self.resolver.for_file(path).fail_level for path in {d.path for d in diagnostics}
        }
        return 1 if any(d.severity.rank >= bar[d.path].rank for d in diagnostics) else 0

    # -- input -----------------------------------------------------------------------------

    def _paths(self) -> list[str]:
        if self.stdin:
            self.raw = sys.stdin.buffer.read()
            return [self.stdin_path]
        missing = [p for p in self.given_paths if not os.path.lexists(p)]
        for path in missing:
            print(f"datasets lint: {path}: no such file or directory", file=sys.stderr)
        self.problems += len(missing)
        return [p for p in self.given_paths if p not in missing]

    def _lint(self, paths: list[str]) -> LintRun:
        from ait_datasets.lint.engine import lint_paths
        from ait_datasets.lint.progress import ProgressBar

        fixer = None
        if self.args.fix or self.args.diff:
            from ait_datasets.lint.fixing import Fixer

            fixer = Fixer(unsafe=self.args.unsafe_fixes)
        progress = ProgressBar()
        given = {paths[0]: self.raw} if self.raw is not None else None
        try:
            return lint_paths(
                paths,
                self.resolver.for_file,
                fixer=fixer,
                jobs=self.args.jobs,
                progress=progress,
                given_content=given,
                debug=getattr(self.args, "debug", False),
            )
        finally:
            progress.close()

    def _fill_sources(self, run_: LintRun) -> None:
        """Read the text of files that only have cross-file findings (the engine keeps the
        text of files with findings of their own): the excerpt, the baseline's node paths
        and the suppressions to add need it."""
        from ait_datasets.lint.discover import is_xml
        from ait_datasets.source.load import read_text

        for path in {d.path for d in run_.diagnostics} - set(run_.sources):
            if self.raw is not None and path == self.stdin_path:
                continue
            try:
                if is_xml(path):
                    from ait_datasets.source.xml_loader import load_xml

                    doc = load_xml(path)
                    text: str | None = doc.text
                else:
                    text = read_text(path)  # its text only: no second parse of a large file
            except OSError:
                continue
            if text:
                run_.sources[path] = text

    def _nothing_linted(self, paths: list[str]) -> int:
        if self.args.allow_empty:
            print("datasets lint: no dataset files to check.", file=sys.stderr)
            return 0
        where = ", ".join(_shown(p) for p in paths) or "."
        print(
            f"datasets lint: no dataset files found under {where} (.yaml, .yml and .jsonl "
            "files; .json and .xml inside a .resources folder); --allow-empty accepts that",
            file=sys.stderr,
        )
        return 2

    # -- rewriting -------------------------------------------------------------------------

    def _diff(self, run_: LintRun) -> int:
        from ait_datasets.console import write_data
        from ait_datasets.lint.reporters.unified_diff import unified_diff

        for path, (old, new) in run_.fixed.items():
            write_data(unified_diff(path, old, new))
        n = run_.fixes_applied
        print(
            f"Would fix {plural(n, 'finding')} in {plural(len(run_.fixed), 'file')}.",
            file=sys.stderr,
        )
        return 2 if self.problems else (1 if run_.fixed else 0)

    def _write_fixes(self, run_: LintRun) -> int:
        from ait_datasets.atomic import Snapshot, cannot_write, write_bytes_atomically
        from ait_datasets.lint.fixing import not_written, relint_on_disk

        if self.stdin:
            # Standard input is fixed to standard output; the report goes to stderr.
            fixed = run_.fixed.get(self.stdin_path)
            if fixed is not None:
                from ait_datasets.console import write_data

                write_data(fixed[1])  # UTF-8 and its own line ends, on Windows too
            else:
                sys.stdout.buffer.write(self.raw or b"")
            sys.stdout.flush()
            self.report_to_stderr = True
            return run_.fixes_applied
        refused: list[str] = []
        for path, (old, new) in list(run_.fixed.items()):
            # The file must still hold what was linted: another program (or a second
            # `datasets` run) may have changed it meanwhile, and its change must not vanish.
            try:
                saved = _saving(path)
                write_bytes_atomically(path, saved(new), expected=Snapshot.of(saved(old)))
            except OSError as exc:
                # The file is left as it was (the write is atomic, a read-only file is
                # refused): say so, and count none of its fixes.
                print(f"datasets lint: {cannot_write(_shown(path), exc)}", file=sys.stderr)
                not_written(run_, path)
                refused.append(path)
        self.unwritten += len(refused)
        if refused:
            # Its findings so far are of the fixed text, which is not on disk: report
            # those of what the file holds now.
            for path, reason in relint_on_disk(run_, refused, self.resolver.for_file):
                print(f"{_shown(path)}: cannot read: {reason}", file=sys.stderr)
        if run_.fixes_applied:
            n = run_.fixes_applied
            print(
                f"Fixed {plural(n, 'finding')} in {plural(len(run_.fixed), 'file')}.",
                file=sys.stderr,
            )
        return run_.fixes_applied

    def _write_baseline(self, run_: LintRun) -> int:
        from ait_datasets.atomic import cannot_write, write_text_atomically
        from ait_datasets.lint.baseline import Baseline

        path = self.args.write_baseline
        baseline = Baseline.of(run_.diagnostics, run_.sources, path)
        try:
            write_text_atomically(path, baseline.text())
        except OSError as exc:
            print(f"datasets lint: {cannot_write(path, exc)}", file=sys.stderr)
            return 2
        n = len(run_.diagnostics)
        print(
            f"Recorded {plural(n, 'finding')} of {plural(run_.files, 'file')} in {path}; "
            f"check with --baseline {path}.",
            file=sys.stderr,
        )
        return 2 if self.problems else 0

    def _baseline(self, run_: LintRun, diagnostics: list[Diagnostic]) -> list[Diagnostic] | None:
        from ait_datasets.atomic import cannot_write, write_text_atomically
        from ait_datasets.lint.baseline import Baseline, BaselineError

        try:
            baseline = Baseline.read(self.args.baseline)
        except BaselineError as exc:
            print(f"datasets lint: {exc}", file=sys.stderr)
            return None
        new, known, fixed = baseline.match(diagnostics, run_.sources)
        if known:
            print(
                f"{plural(known, 'finding is', 'findings are')} in the baseline "
                f"{self.args.baseline} and not shown.",
                file=sys.stderr,
            )
        if fixed:
            total = sum(e.count for e in fixed)
            for entry in fixed:
                times = f" (x{entry.count})" if entry.count > 1 else ""
                print(f"fixed: {entry.file}: {entry.code} {entry.where}{times}", file=sys.stderr)
            if self.args.prune_baseline:
                try:
                    write_text_atomically(self.args.baseline, baseline.pruned(fixed).text())
                except OSError as exc:
                    message = cannot_write(self.args.baseline, exc)
                    print(f"datasets lint: {message}", file=sys.stderr)
                    return None
                print(
                    f"Removed {plural(total, 'fixed entry', 'fixed entries')} from "
                    f"{self.args.baseline}.",
                    file=sys.stderr,
                )
            else:
                print(
                    f"{plural(total, 'baseline entry is', 'baseline entries are')} fixed: "
                    f"remove {'them' if total != 1 else 'it'} with --prune-baseline.",
                    file=sys.stderr,
                )
        return new

    def _add_suppressions(self, run_: LintRun) -> int:
        from ait_datasets.lint.add_suppressions import add_suppressions

        stdin_text = None
        if self.raw is not None:
            stdin_text = run_.sources.get(self.stdin_path)
            if stdin_text is None:  # no findings: the text as read
                from ait_datasets.source.load import decode

                stdin_text = decode(self.stdin_path, self.raw)[0] or ""
        return add_suppressions(run_, stdin_text=stdin_text, problems=self.problems)

    # -- reporting -------------------------------------------------------------------------

    def _report(self, run_: LintRun, diagnostics: list[Diagnostic], fixed: int | None) -> int:
        """Render every requested report; 2 when one cannot be written."""
        from ait_datasets.colour import wants_colour
        from ait_datasets.commands._lint_outputs import overwrites_input
        from ait_datasets.console import write_data
        from ait_datasets.lint.reporters import Report, renderer

        code = 0
        for output in self.outputs:
            stream = sys.stderr if self.report_to_stderr else sys.stdout
            if self.report_to_stderr:  # stderr shows escape sequences as text, not colour
                color = False
            elif output.path is None:
                color = wants_colour(self.args.color, stream)
            else:  # a report file: coloured only when asked
                color = self.args.color == "always"
            report = Report(
                diagnostics,
                run_.files,
                run_.sources,
                color=color,
                statistics=self.args.statistics,
                paths=run_.paths,
                fixed=fixed,
                unsafe_fixes=self.args.unsafe_fixes,
            )
            text = renderer(output.format)(report)
            if output.format in ("text", "concise") and self.problems:
                text = _incomplete(text, self.problems)
            if output.path is None:
                if output.format in ("text", "concise"):  # for a person: the console's
                    stream.write(text)
                else:  # for a program: UTF-8, exactly
                    write_data(text)
                continue
            clash = overwrites_input(output.path, [*self.given_paths, *run_.paths])
            if clash is not None:
                print(
                    f"datasets lint: {output.path}: is an input; not overwritten", file=sys.stderr
                )
                code = 2
                continue
            # Imported here: writing a file is the rare case of a report.
            from ait_datasets.atomic import cannot_write, write_text_atomically

            try:
                write_text_atomically(output.path, text)
            except OSError as exc:
                print(f"datasets lint: {cannot_write(output.path, exc)}", file=sys.stderr)
                code = 2
        return code


def _incomplete(text: str, problems: int) -> str:
    """Replace a run's "All checks passed" when some paths could not be checked."""
    lines = text.rstrip("\n").split("\n")
    if lines and lines[-1].startswith("All checks passed"):
        checked = lines[-1][len("All checks passed ") :].rstrip(".")
        lines[-1] = (
            f"No findings in what was checked {checked}, but {plural(problems, 'path')} "
            "could not be checked (see above)."
        )
    return "\n".join(lines) + "\n"


def _shown(path: str) -> str:
    from ait_datasets.dataset.paths import display_path

    return display_path(path)


def _saving(path: str) -> Callable[[str], bytes]:
    """How text becomes the bytes of the file at ``path``: UTF-8 with its byte order mark
    if it has one; a suite XML keeps its encoding (UTF-16 as the docs ask for)."""
    with open(path, "rb") as fh:
        head = fh.read(3)
    from ait_datasets.lint.discover import is_xml

    if is_xml(path):
        from ait_datasets.source.xml_loader import encoded, sniffed

        encoding, bom = sniffed(head)
        return lambda text: encoded(text, encoding, bom)
    bom = head == b"\xef\xbb\xbf"
    return lambda text: (("\ufeff" if bom else "") + text).encode("utf-8")
