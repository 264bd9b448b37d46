"""A MkDocs hook: one page per lint rule, and an index of them by family, made at build time.

The pages are generated from the rules themselves (what `datasets rules --format json`
prints), and each rule's failing example is linted while the site is built, so the
finding's line:col shown on the page is the one `datasets lint` reports today. Nothing is
written into docs/: the pages exist only in the build (``File.generated``).

Also importable on its own (``generate_pages()``): tests check the pages without MkDocs.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import posixpath
import re
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
# The pages describe this checkout's rules, not those of another installed copy.
if str(REPO / "src") not in sys.path:
    sys.path.insert(0, str(REPO / "src"))

# Every example is linted at this work date, so placeholder messages do not change daily.
WORK_DATE = dt.date(2026, 3, 17)
INTRO = Path(__file__).with_name("rules_intro.md")

# Family (as `datasets rules --format json` names it) -> its title on the index, in the
# order of the index. A family missing here is listed after these, under its own name.
FAMILY_TITLES = {
    "syntax": "Syntax and encoding (SYN)",
    "file": "File names and roots (FIL)",
    "structure": "Structure (STR)",
    "tests": "Tests (TST)",
    "turns": "Turns (TRN)",
    "query": "Queries and interventions (QRY)",
    "expectations": "Expectations (EXP)",
    "flow": "Turn flow (FLW)",
    "legacy": "Legacy forms (LEG)",
    "placeholders": "Date placeholders (PH)",
    "references": "References between files (REF)",
    "suite_xml": "Suite XML (XML)",
    "suppressions": "Suppression comments (SUP)",
    "al_code": "The AL test codeunits (AL)",
}

# Configuration keys a rule's text may name: a rule whose documentation mentions one
# lists it under "Options".
SETTINGS = {
    "work-date": "`work-date` (or `--work-date`): the work date placeholders are resolved at",
    "intervention-types": "`intervention-types`: the intervention request types accepted",
    "max-file-size": "`max-file-size`: the largest file read, in bytes",
    "max-line-length": "`max-line-length`: the longest line read, in characters",
}
_WORK_DATE_TEXT = re.compile(r"work date", re.IGNORECASE)

FIX_SAFETY = {
    "safe": (
        "**Safe fix.** `datasets lint --fix` applies it: it never changes what the "
        "framework reads. Marked `[*]` in the output."
    ),
    "unsafe": (
        "**Unsafe fix.** `datasets lint --fix --unsafe-fixes` applies it: it may change "
        "what the test does, so review the result. Marked `[!]` in the output."
    ),
}
NO_FIX = "**No automatic fix.** Change the file as described under *How to fix*."


def rule_records() -> list[dict[str, Any]]:
    """Every rule as `datasets rules --format json` prints it (the one place rules are read).

    The JSON of `datasets rules` is the stable, public form of a rule: code, name,
    family, severity, summary, what, why, fix, fixable, and the failing and passing
    examples (their files, the finding's line, the main file's encoding).
    """
    from ait_datasets.lint.rules import all_rules
    from ait_datasets.lint.rules_table import rules_json

    records: list[dict[str, Any]] = json.loads(rules_json(all_rules()))
    return records


def lint_example(example: dict[str, Any], code: str) -> list[str]:
    """Lint an example app as `datasets lint APP` would; the findings of ``code``, as text.

    Each finding is `PATH:LINE:COL: SEVERITY CODE MESSAGE` with PATH relative to the
    example app (`.resources/datasets/orders.yaml`, or `src/...` for AL files).
    """
    from ait_datasets import LintConfig, lint_paths

    with tempfile.TemporaryDirectory() as tmp:
        app = Path(tmp) / "app"
        resources = app / ".resources"
        for i, file in enumerate(example["files"]):
            target = resources / file["path"]
            target.parent.mkdir(parents=True, exist_ok=True)
            encoding = example["encoding"] if i == 0 else "utf-8"
            # newline="": the example's own line ends are written as they are.
            with target.open("w", encoding=encoding, newline="") as handle:
                handle.write(file["text"])
        run = lint_paths([str(app)], LintConfig(work_date=WORK_DATE))
        found = []
        for d in run.diagnostics:
            if d.code != code:
                continue
            where = Path(os.path.relpath(os.path.normpath(d.path), app)).as_posix()
            found.append(f"{where}:{d.line}:{d.column}: {d.severity.value} {d.code} {d.message}")
        return found


def _fence(text: str, language: str, options: str = "") -> str:
    """A code block holding ``text`` as it is (its fence longer than any backtick run)."""
    runs = [len(m) for m in re.findall(r"`+", text)]
    fence = "`" * max(3, max(runs, default=0) + 1)
    body = text if text.endswith("\n") or not text else text + "\n"
    head = f"{fence}{language}{' ' + options if options else ''}"
    return f"{head}\n{body}{fence}\n"


def _language(path: str) -> str:
    suffix = Path(path).suffix.lower()
    return {".yaml": "yaml", ".yml": "yaml", ".json": "json", ".jsonl": "json"}.get(
        suffix, {".xml": "xml"}.get(suffix, "text")
    )


def _example_markdown(example: dict[str, Any], mark_line: int | None) -> str:
    out = []
    for i, file in enumerate(example["files"]):
        saved = ""
        if i == 0 and example["encoding"] != "utf-8":
            saved = f" (saved as {example['encoding']})"
        options = 'linenums="1"'
        if i == 0 and mark_line:
            options += f' hl_lines="{mark_line}"'
        text = file["text"] if file["text"] else "(an empty file)\n"
        # AL sources sit beside `.resources` (`../src/...`): shown from the app's folder.
        shown = posixpath.normpath(f".resources/{file['path']}")
        out.append(f"`{shown}`{saved}:\n\n")
        out.append(_fence(text, _language(file["path"]), options) + "\n")
    return "".join(out)


def _options(rule: dict[str, Any]) -> str:
    code = rule["code"]
    text = " ".join((rule["what"], rule["why"], rule["fix"]))
    lines = [
        f'- Leave it out: `ignore = ["{code}"]` in the configuration, or `--ignore {code}`.',
        f'- Change its severity: `{code} = "warning"` under `[tool.ait-datasets.severity]`.',
        f"- Silence one finding: `# datasets: disable={code}` at the end of its line "
        f"(`<!-- datasets: disable={code} -->` in suite XML).",
    ]
    for key, meaning in SETTINGS.items():
        mentioned = key in text or (key == "work-date" and _WORK_DATE_TEXT.search(text))
        if mentioned:
            lines.append(f"- {meaning}.")
    return "\n".join(lines) + "\n"


def rule_page(rule: dict[str, Any], findings: Iterable[str]) -> str:
    """The Markdown page of one rule (``findings``: its failing example's, linted)."""
    code = rule["code"]
    bad = rule["failing_example"]
    good = rule["passing_example"]
    found = list(findings)
    fix = FIX_SAFETY.get(rule["fixable"] or "", NO_FIX)
    parts = [
        f"# {code} {rule['name']}\n\n",
        f"{rule['summary']}\n\n",
        "| Family | Default severity | Fix |\n|---|---|---|\n",
        f"| {FAMILY_TITLES.get(rule['family'], rule['family'])} | {rule['severity']} "
        f"| {rule['fixable'] or 'none'} |\n\n",
        f"## What it checks\n\n{rule['what']}\n\n",
        f"## Why\n\n{rule['why']}\n\n",
        f"## Failing example\n\n{_example_markdown(bad, bad['line'])}",
        f"`datasets lint` reports (work date {WORK_DATE.isoformat()}):\n\n",
        _fence("\n".join(found) + "\n" if found else "(no finding)\n", "text") + "\n",
    ]
    if good is not None:
        parts.append(f"## Passing example\n\n{_example_markdown(good, None)}")
        parts.append("`datasets lint` reports nothing on it.\n\n")
    parts += [
        f"## How to fix\n\n{rule['fix']}\n\n",
        f"## Fix safety\n\n{fix}\n\n",
        f"## Options\n\n{_options(rule)}\n",
        f"`datasets rules {code}` prints this page in the terminal.\n",
    ]
    return "".join(parts)


def _families(records: list[dict[str, Any]]) -> list[str]:
    present = {r["family"] for r in records}
    known = [f for f in FAMILY_TITLES if f in present]
    return known + sorted(present - set(known))


def index_page(records: list[dict[str, Any]]) -> str:
    """The rules' index: the introduction, then a table per family."""
    out = [INTRO.read_text(encoding="utf-8").rstrip("\n") + "\n\n"]
    for family in _families(records):
        out.append(f"## {FAMILY_TITLES.get(family, family)}\n\n")
        out.append("| Code | Name | Severity | Fix | Summary |\n|---|---|---|---|---|\n")
        for r in records:
            if r["family"] == family:
                summary = r["summary"].replace("|", "\\|")
                out.append(
                    f"| [{r['code']}]({r['code']}.md) | {r['name']} | {r['severity']} "
                    f"| {r['fixable'] or ''} | {summary} |\n"
                )
        out.append("\n")
    return "".join(out)


def generate_pages() -> dict[str, str]:
    """Every generated page: its path under docs/ -> its Markdown."""
    records = rule_records()
    pages = {"rules/index.md": index_page(records)}
    for rule in records:
        findings = lint_example(rule["failing_example"], rule["code"])
        pages[f"rules/{rule['code']}.md"] = rule_page(rule, findings)
    return pages


def on_files(files: Any, config: Any) -> Any:
    """MkDocs event: add the generated pages to the site's files."""
    from mkdocs.structure.files import File

    for src_uri, content in generate_pages().items():
        files.append(File.generated(config, src_uri, content=content))
    return files
