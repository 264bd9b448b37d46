"""Inline suppressions in comments.

``# datasets: disable=CODE[,CODE]`` at the end of a line silences those codes (or prefixes)
in the findings on that line and in the findings about the node that starts on it: the
block under ``- query:   # datasets: disable=QRY003`` is the query, so a missing `from`
reported on its `title:` is silenced. Written on a line by itself it does the same for the
next line. ``# datasets: disable-file=CODE[,CODE]`` anywhere silences them in the whole
file. In XML the same text goes in a comment (``<!-- datasets: disable=XML003 -->``).

``# datasets: covers=MN-01[,injection]`` uses the same comment syntax for another purpose:
it tells ``datasets audit`` which must-never (or ``injection``) the test on (or under) its
line covers. It is not a suppression; :func:`parse_covers` reads it.

A suppression that silences nothing is reported (SUP001) with a safe fix that removes the
unused codes, or the whole comment; one that cannot be read, or names a code that does not
exist, is reported too (SUP002), so stale or misspelt ones do not pile up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ait_datasets.diagnostics import Diagnostic, Edit, Fix, Severity
from ait_datasets.lint.rule import Example, FixAvailability, Rule
from ait_datasets.records import Record, field
from ait_datasets.source.lines import lines_with_breaks

# The turn of every example test below (only the comments around the test differ).
_TURNS = """\
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """

UNUSED = Rule(
    code="SUP001",
    name="unused-suppression",
    family="suppressions",
    severity=Severity.WARNING,
    summary="A `# datasets: disable=...` comment silences nothing.",
    what="Reports suppression comments (or codes in them) that match no finding.",
    why="Stale suppressions hide future problems and mislead readers."
    " No AL: suppression comments are this linter's own.",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER  # datasets: disable=TST003
            description: Jane asks the agent to release sales order 101
"""
        + _TURNS,
        line=2,
    ),
    fix="Remove the comment, or the code that no longer applies.",
    fixable=FixAvailability.SAFE,
    good=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
"""
        + _TURNS,
    ),
)
MALFORMED = Rule(
    code="SUP002",
    name="malformed-suppression",
    family="suppressions",
    severity=Severity.WARNING,
    summary="A `# datasets:` comment that is not a valid suppression, or names an unknown code.",
    what="Reports `datasets:` comments without `disable=` / `disable-file=` (with the "
    "directive a misspelt one probably meant), without codes, or with a code or prefix "
    "that names no rule (with the code it probably meant).",
    why="A suppression with a typo silently suppresses nothing."
    " No AL: suppression comments are this linter's own.",
    bad=Example(
        """
        # datasets: disabel=TST001
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
"""
        + _TURNS,
        line=1,
    ),
    fix="Write `# datasets: disable=CODE` or `# datasets: disable-file=CODE` with codes that "
    "`datasets rules` lists. The fix writes the directive or code the message names "
    "(`disabel` -> `disable`, `TST01` -> `TST001`): safe when it is the only one a letter's "
    "case or one edit away, unsafe when it is a guess.",
    fixable=FixAvailability.SAFE,
    good=Example(
        """
        # datasets: disable-file=TST001
        tests:
          - description: Jane asks the agent to release sales order 101
"""
        + _TURNS,
    ),
)
RULES = (UNUSED, MALFORMED)

# Patterns, compiled (and cached by `re`) on first use: most files have no suppression.
_MARK = r"(?:#|<!--)\s*datasets:\s*(?P<body>[^\n>]*)"
_DIRECTIVE = r"(?P<kind>disable-file|disable)\s*=\s*(?P<codes>[A-Za-z0-9_,\s]+)"
_COVERS = r"\s*covers\s*=\s*(?P<tags>[^\n>]*)"
_TAG = r"[A-Za-z0-9][A-Za-z0-9_.:-]*"
# A YAML line's content starts after its indentation and any `- ` sequence markers.
_CONTENT = r"[ \t]*(?:-[ \t]+)*"


class Directive(Record):
    """One ``disable=`` / ``disable-file=`` comment, and which of its codes were used."""

    line: int  # 1-based line of the comment
    column: int
    end_column: int
    codes: tuple[str, ...]
    whole_file: bool
    # The lines whose findings it silences: the line it applies to and the node starting there.
    first_line: int
    last_line: int
    used: set[str] = field(default_factory=set)
    # Character offsets: what removing the whole comment deletes, and the code list.
    removal: tuple[int, int] = (0, 0)
    codes_at: tuple[int, int] = (0, 0)


class Suppressions(Record):
    """The suppression comments of one file, and the malformed ones (SUP002)."""

    directives: list[Directive] = field(default_factory=list)
    malformed: list[Diagnostic] = field(default_factory=list)


class CodeProblem(Record):
    """Why a code names no rule, and the code it most likely means (with whether that
    is its only reading: a letter's case or one edit from one code or prefix)."""

    message: str
    meant: str | None = None
    only_reading: bool = False


# ``code -> why it names no rule, or None`` (``known_codes.code_problem``): passed in,
# because the rule registry this needs includes this module's own rules.
UnknownCode = Callable[[str], "CodeProblem | None"]


def _any_code(_code: str) -> CodeProblem | None:
    return None


# What a `datasets:` comment may say before its `=`.
_DIRECTIVE_WORDS = ("disable", "disable-file", "covers")


def parse_suppressions(path: str, text: str, unknown_code: UnknownCode = _any_code) -> Suppressions:
    """The `# datasets:` comments of ``text``; ``unknown_code`` judges each code named."""
    found = Suppressions()
    if "datasets:" not in text:
        return found
    lines = lines_with_breaks(text, xml=path.lower().endswith(".xml"))
    starts = _line_starts(lines)
    # The end of each node asked for, once: stacked comments share their target line.
    ends: dict[int, int] = {}
    for index, line in enumerate(lines):
        if "datasets:" not in line:
            continue
        for mark in re.finditer(_MARK, line):
            _parse_mark(path, lines, starts, index, mark, found, ends, unknown_code)
    return found


def _parse_mark(
    path: str,
    lines: list[str],
    starts: list[int],
    index: int,
    mark: re.Match[str],
    found: Suppressions,
    ends: dict[int, int],
    unknown_code: UnknownCode,
) -> None:
    line = lines[index]
    line_no = index + 1
    col = mark.start() + 1
    end = len(line[: mark.end()].rstrip("\r\n")) + 1
    body = mark.group("body")
    if re.match(_COVERS, body):
        return  # an audit directive (parse_covers), not a suppression
    directive = re.match(r"\s*" + _DIRECTIVE, body)
    body_start = starts[index] + mark.start("body")
    # The code list as written (without the spaces after it), which a fix rewrites.
    written = directive.group("codes").rstrip() if directive else ""
    tokens = _tokens(written)
    if directive is None or not tokens:
        found.malformed.append(
            _misspelt_directive(path, line_no, col, end, body, body_start)
            or MALFORMED.diagnostic_at(path, line_no, col, end)
        )
        return
    known = []
    codes_start = body_start + directive.start("codes")
    for token, at in tokens:
        code = token.upper()
        problem = unknown_code(code)
        if problem is None:
            known.append(code)
            continue
        fix = None
        if problem.meant is not None:
            fix = Fix(
                f"Replace '{token}' with '{problem.meant}'",
                (Edit(codes_start + at, codes_start + at + len(token), problem.meant),),
                safe=problem.only_reading,
            )
        found.malformed.append(
            MALFORMED.diagnostic_at(
                path, line_no, col, end, f"Unknown code: {problem.message}"
            ).with_fix(fix)
        )
    if not known:
        return
    whole = directive.group("kind") == "disable-file"
    alone = line[: mark.start()].strip() == ""
    target = _target_line(lines, index) if alone else index
    first = last = line_no
    if not whole and target is not None:
        if target not in ends:
            ends[target] = _node_end(lines, target)
        first, last = target + 1, ends[target] + 1
        if alone:
            first = line_no  # the comment's own line too (a finding about the comment)
    found.directives.append(
        Directive(
            line_no,
            col,
            end,
            tuple(known),
            whole,
            first,
            last,
            removal=_removal(line, starts[index], mark, alone),
            codes_at=(codes_start, codes_start + len(written)),
        )
    )


class Covers(Record):
    """One ``# datasets: covers=TAG[,TAG]`` comment: the line it applies to (its own line,
    or for a comment alone on its line the next line that is not a comment) and its tags
    as written (``MN-01``, ``injection``); ``bad`` names what could not be read."""

    line: int  # 1-based line of the comment
    column: int
    target_line: int  # 1-based line of what it applies to (a test's `- name:` line)
    tags: tuple[str, ...]
    bad: tuple[str, ...] = ()


def parse_covers(text: str) -> list[Covers]:
    """The ``# datasets: covers=`` comments of a dataset's text, in line order."""
    found: list[Covers] = []
    if "covers" not in text:
        return found
    lines = lines_with_breaks(text)
    for index, line in enumerate(lines):
        if "covers" not in line:
            continue
        for mark in re.finditer(_MARK, line):
            covers = re.match(_COVERS, mark.group("body"))
            if covers is None:
                continue
            raw = covers.group("tags").split("#", 1)[0]
            parts = [p.strip() for p in raw.replace("-->", "").split(",") if p.strip()]
            tags = tuple(p for p in parts if re.fullmatch(_TAG, p))
            bad = tuple(p for p in parts if not re.fullmatch(_TAG, p))
            alone = line[: mark.start()].strip() == ""
            target = _target_line(lines, index) if alone else index
            found.append(
                Covers(
                    index + 1,
                    mark.start() + 1,
                    (target if target is not None else index) + 1,
                    tags,
                    bad if parts else ("(no tag)",),
                )
            )
    return found


def _tokens(written: str) -> list[tuple[str, int]]:
    """Each code of a comma-separated list as written, and where it starts in it."""
    out = []
    for part in re.finditer(r"[^,]+", written):
        token = part.group().strip()
        if token:
            out.append((token, part.start() + part.group().index(token)))
    return out


def _misspelt_directive(
    path: str, line: int, col: int, end: int, body: str, body_start: int
) -> Diagnostic | None:
    """SUP002 for `disabel=` and the like: a word one of the directives' own, misspelt."""
    from ait_datasets.lint.suggest import did_you_mean, only_reading

    found = re.match(r"\s*([A-Za-z][A-Za-z_-]*)\s*=", body)
    if found is None:
        return None
    word = found.group(1)
    best = did_you_mean(word, _DIRECTIVE_WORDS)
    if best is None or best == word:
        return None
    diag = MALFORMED.diagnostic_at(
        path,
        line,
        col,
        end,
        f"`datasets: {word}=` is not a suppression (`disable=` or `disable-file=`), so it "
        f"silences nothing. Did you mean `{best}=`?",
    )
    fix = Fix(
        f"Replace '{word}' with '{best}'",
        (Edit(body_start + found.start(1), body_start + found.end(1), best),),
        safe=only_reading(word, best, _DIRECTIVE_WORDS),
    )
    return diag.with_fix(fix)


def _line_starts(lines: list[str]) -> list[int]:
    starts = []
    pos = 0
    for line in lines:
        starts.append(pos)
        pos += len(line)
    return starts


def _target_line(lines: list[str], index: int) -> int | None:
    """The line an own-line comment applies to: the next one, past stacked suppressions."""
    nxt = index + 1
    while nxt < len(lines) and re.match(r"\s*(?:#|<!--)\s*datasets:", lines[nxt]):
        nxt += 1
    if nxt >= len(lines) or not lines[nxt].strip():
        return None
    return nxt


def _node_end(lines: list[str], index: int) -> int:
    """The last line of the node that starts on line ``index`` (0-based).

    Datasets are block YAML (and indented XML): what belongs to the innermost key or
    element starting on the line is what follows it indented deeper than that key, up to
    the first line that is not (blank and comment lines in between belong to it).
    """
    head = lines[index]
    content = re.match(_CONTENT, head)
    column = content.end() if content else 0
    last = index
    for nxt in range(index + 1, len(lines)):
        text = lines[nxt]
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(text) - len(text.lstrip(" \t"))
        if indent <= column:
            break
        last = nxt
    return last


def _removal(line: str, line_start: int, mark: re.Match[str], alone: bool) -> tuple[int, int]:
    """The offsets that removing the comment deletes: its whole line when it stands alone."""
    if alone:
        return line_start, line_start + len(line)
    start = len(line[: mark.start()].rstrip(" \t"))
    end = mark.end()
    if line[mark.start() :].startswith("<!--"):
        close = line.find("-->", mark.start())
        end = close + 3 if close >= 0 else end
    end = len(line[:end].rstrip("\r\n"))
    return line_start + start, line_start + end


def apply_suppressions(
    diagnostics: Iterable[Diagnostic],
    suppressions: dict[str, Suppressions],
    enabled: Callable[[str, str], bool] | None = None,
) -> list[Diagnostic]:
    """Drop silenced diagnostics; add findings for unused and malformed suppressions.

    ``enabled(path, code)`` says whether the run checks ``code`` in that file: a
    suppression of a code that was not checked (``--select``/``--ignore``) is not unused,
    and must not be reported or removed by ``--fix``.
    """
    kept: list[Diagnostic] = []
    for diag in diagnostics:
        sup = suppressions.get(diag.path)
        if sup is None or not _silenced(diag, sup):
            kept.append(diag)
    for path, sup in suppressions.items():
        kept.extend(sup.malformed)
        for directive in sup.directives:
            unused = [
                c
                for c in directive.codes
                if c not in directive.used and (enabled is None or enabled(path, c))
            ]
            if unused:
                kept.append(_unused(path, directive, unused))
    return kept


def _unused(path: str, directive: Directive, unused: list[str]) -> Diagnostic:
    kept = [c for c in directive.codes if c not in unused]
    fix: Fix | None
    if any(_cross_file(code) for code in unused):
        # One file's lint (what --fix runs) cannot see the findings made across files: a
        # fix without edits says so, and is not counted as fixable.
        fix = Fix(
            "the code may be reported across the app's files, which a fix of one file "
            "cannot check: remove it by hand"
        )
    elif kept and directive.codes_at != (0, 0):
        start, end = directive.codes_at
        fix = Fix(f"Remove {', '.join(unused)}", (Edit(start, end, ",".join(kept)),))
    else:
        fix = Fix("Remove the comment", (Edit(*directive.removal, ""),))
    diag = UNUSED.diagnostic_at(
        path,
        directive.line,
        directive.column,
        directive.end_column,
        f"Unused suppression of {', '.join(unused)}: nothing "
        f"{'in this file' if directive.whole_file else 'here'} is reported "
        "with that code. Remove it.",
    )
    return diag.with_fix(fix)


# The codes the cross-file checks (``check_project`` of the references and suite XML
# families) report: a fix of one file cannot tell whether a suppression of them is used.
CROSS_FILE_CODES = ("REF", "XML012", "XML013")


def _cross_file(code: str) -> bool:
    """Whether the code or prefix ``code`` may name a rule reported across files."""
    return any(c.startswith(code) or code.startswith(c) for c in CROSS_FILE_CODES)


def _silenced(diag: Diagnostic, sup: Suppressions) -> bool:
    silenced = False
    for directive in sup.directives:
        if not directive.whole_file and not (
            directive.first_line <= diag.line <= directive.last_line
        ):
            continue
        for code in directive.codes:
            if diag.code.startswith(code):
                directive.used.add(code)
                silenced = True
    return silenced
