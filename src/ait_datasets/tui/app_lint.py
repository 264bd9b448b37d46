"""The editor's lint: runs off the UI thread (stale ones stopped), their findings shown in
the panel, and a finding's fix applied as `lint --fix` applies it. A base of
:class:`~.app.DatasetEditor`."""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.worker import Worker, WorkerState

from ait_datasets.lint.config import LintConfig
from ait_datasets.tui.app_files import FileActions
from ait_datasets.tui.findings import Finding, LintResult
from ait_datasets.tui.layout import UnsupportedLayout
from ait_datasets.tui.lint_runner import LintCancelled, RunnerClosed
from ait_datasets.tui.save import fixed_text
from ait_datasets.tui.screens import Confirm
from ait_datasets.tui.widgets.diagnostics_panel import DiagnosticsPanel


class LintActions(FileActions):
    """Lint runs and fixes; the editor fills in the model and the widgets."""

    config: LintConfig
    findings: list[Finding]
    lint_runs: int
    lint_delay: float
    _lint_timer: Any
    _linted_text: str | None
    _linting_text: str | None
    _expected_lines: list[int] | None
    _setup_names_after_lint: bool

    def _after_structure(self, test: int | None, turn: int | None) -> None:
        raise NotImplementedError

    def on_diagnostics_panel_fix_requested(self, message: DiagnosticsPanel.FixRequested) -> None:
        message.stop()
        finding = message.finding
        fix = finding.diagnostic.fix
        if fix is None or not fix.edits:
            self.notify(f"{finding.diagnostic.code} has no automatic fix.", severity="warning")
            return
        if fix.safe:
            self.apply_fix(finding)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.apply_fix(finding)

        question = (
            f"{finding.diagnostic.code}: {fix.description}\n\nThis fix is unsafe (it may "
            "change what the test means). Apply it?"
        )
        self.push_screen(Confirm(question), answered)

    def apply_fix(self, finding: Finding) -> None:
        """Apply one finding's fix to the buffer, as `lint --fix` applies it (the same
        ``Edit``s, through ``apply_edits``; never trading a parsing file for a broken one);
        one undo step."""
        fix = finding.diagnostic.fix
        if fix is None:
            return
        if self.unapplied:
            # A fix may add or remove tests, and unapplied text is kept by test number.
            self.notify(self.unapplied.blocked(), severity="error", timeout=8)
            return
        text = self.model.text()
        if text != self._linted_text:
            self.notify("The findings are being updated; try again in a moment.")
            self.schedule_lint()
            return
        fixed = fixed_text(self.model.path, text, list(fix.edits))
        if fixed is None:
            self.notify("Not applied: the fix would break the file.", severity="error")
            return
        focus = (finding.test or 0, finding.turn)
        try:
            self.model.replace_text(fixed, f"fix {finding.diagnostic.code}", focus)
        except UnsupportedLayout as exc:
            self.notify(f"Not applied: {exc}", severity="error")
            return
        self.dataset_tree.populate()
        self._after_structure(finding.test, finding.turn)
        self.notify(f"Fixed {finding.diagnostic.code}: {fix.description} (ctrl+z undoes)")

    # -- lint ---------------------------------------------------------------------------

    def schedule_lint(self) -> None:
        if self._lint_timer is not None:
            self._lint_timer.stop()
        if self.lint_delay <= 0:
            self._lint_now()
        else:
            self._lint_timer = self.set_timer(self.lint_delay, self._lint_now)

    def _lint_now(self) -> None:
        self._lint_timer = None
        text = self.model.text()
        if self.model.layout.fast and not self._layout_checked:
            self._expected_lines = self.model.layout.dash_lines(self.model.chunks)
        self._linting_text = text
        work = partial(self._lint_runner.run, self.model.path, text, self.config)
        self.query_one(DiagnosticsPanel).linting()
        self.run_worker(
            work, thread=True, exclusive=True, group="lint", name="lint", exit_on_error=False
        )

    def _lint_failed(self, worker: Worker[Any]) -> None:
        if isinstance(worker.error, (LintCancelled, RunnerClosed)):
            return  # a newer run replaced it
        self.query_one(DiagnosticsPanel).failed(f"lint failed: {worker.error!r}")

    def on_unmount(self) -> None:
        # Do not wait for a background parse of a large file when quitting.
        self._lint_runner.close()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.name == "save" and event.state in (WorkerState.SUCCESS, WorkerState.ERROR):
            self._saved(worker)
            return
        if worker.name != "lint" or event.state is not WorkerState.SUCCESS:
            if worker.name == "lint" and event.state is WorkerState.ERROR:
                self._lint_failed(worker)
            return
        result = worker.result
        if not isinstance(result, LintResult):
            return
        self.findings = list(result.findings)
        self._linted_text = self._linting_text
        self.lint_runs += 1
        self.query_one(DiagnosticsPanel).show(self.findings)
        if self._setup_names_after_lint:
            self._setup_names_after_lint = False
            self.refresh_setup_names()
        if self._expected_lines is not None:
            if result.dash_lines != self._expected_lines:
                self.model.trusted = False
                self.notify(
                    "This file's layout was not understood; saving is disabled to keep it "
                    "safe. Please report the file.",
                    severity="error",
                    timeout=15,
                )
            self._expected_lines = None
            self._layout_checked = True
