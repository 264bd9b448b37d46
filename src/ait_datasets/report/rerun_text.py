"""The rerun plan as text: what was written, each case's runs to go, what was left out."""

from __future__ import annotations

from ait_datasets.plural import plural
from ait_datasets.report import wording as w
from ait_datasets.report.plain import neutralise
from ait_datasets.report.rerun_plan import Need
from ait_datasets.report.rerun_write import PlanFiles


def plan_text(needs: list[Need], files: PlanFiles, width: float, k: int, folder: str) -> str:
    """The plan for a terminal or a CI log (every value from the input neutralised)."""
    placed = [need for need in needs if need.key in files.placed]
    lines = [
        f"Rerun plan: {plural(len(needs), 'case')} to rerun (flaky, borderline or "
        f"under-sampled at k={k}), {len(placed)} in {folder}"
        + (": " + ", ".join(name for name, _ in files.files) if files.files else ""),
        f"more runs: until the 95% Wilson interval of each case's pass rate is at most "
        f"{width:.2f} wide (--target-width), assuming its pass rate stays what it was",
    ]
    if placed:
        lines.append("")
        lines += _table(placed, files)
        most = max(need.more for need in placed)
        known = [need.credits_per_run for need in placed if need.credits_per_run is not None]
        cost = (
            f"; about {w.credits(most * sum(known))} Copilot credits for these cases"
            if known
            else ""
        )
        lines += [
            "",
            f"Run the plan's suite {plural(most, 'time')} to give every case its runs"
            f" (each run also runs the other procedures of the cases' codeunits){cost}.",
        ]
    if not files.files:
        lines += ["", "Nothing to write: no case needs a rerun that could be planned."]
    left = [(need, why) for need, why in files.unplaced]
    if left:
        lines += ["", f"Not in the plan ({len(left)}): their test or suite line was not found"]
        lines += [f"  {need.key.id}  ({need.why})  {why}" for need, why in left]
    return "\n".join(neutralise(line) for line in lines) + "\n"


def _table(needs: list[Need], files: PlanFiles) -> list[str]:
    rows = [("case", "why", "passed", "width", "more runs", "credits", "in")]
    for need in needs:
        width = need.width
        rows.append(
            (
                need.key.id,
                need.why,
                f"{need.passes}/{need.runs}",
                "-" if width is None else f"{width:.2f}",
                f"+{need.more}",
                "-" if need.credits is None else w.credits(need.credits),
                files.placed[need.key],
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  " + "  ".join(cell.ljust(n) for cell, n in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
