"""The placeholder rules' definitions and documentation (checked in ``placeholders``)."""

from __future__ import annotations

from ait_datasets.diagnostics import Severity
from ait_datasets.lint.rule import Example, FixAvailability, Rule
from ait_datasets.lint.rules.example_datasets import with_turn_setup

FAMILY = "placeholders"

INVALID_FORMULA = Rule(
    code="PH001",
    name="invalid-date-formula",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="A placeholder's date formula is not valid.",
    what="Parses the formula of every `$DateFormula-…$` and `$DateTimeFormula-…$` token with "
    "Business Central's DateFormula grammar and reports the first error, with its position "
    "inside the formula.",
    why="The framework hands the formula to `CalcDate`, which raises a run-time error: the test "
    "fails before it checks anything."
    " (`CalcDate(Formula, WorkDate())`, Test Input Data Tools codeunit 130465 "
    "(`TestInputDataTools.Codeunit.al`) lines 117, 159, 202 and 242.)",
    bad=Example(
        with_turn_setup('Shipment Date: "$DateFormula-<CD+1X>$"'),
        line=10,
    ),
    fix="Correct the formula; `datasets date FORMULA` shows what a formula gives.",
    good=Example(with_turn_setup('Shipment Date: "$DateFormula-<CD+1D>$"')),
)
UNTERMINATED = Rule(
    code="PH002",
    name="unterminated-placeholder",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="A placeholder has no closing `$`.",
    what="Reports a `$DateFormula-` or `$DateTimeFormula-` with no `$` after it in the value.",
    why="Read as text (`ValueAsText`), the framework stops resolving that kind of placeholder "
    "there without an error: the text stays as written (and so does any later placeholder "
    "of the same kind) and the test reads `$DateFormula-<CD>` instead of a date (Test Input "
    "Data Tools codeunit 130465 `ResolveDateFormulasInText` lines 195-197). Read as a whole "
    "value with `ValueAsDate`/`ValueAsDateTime`, the token does not end in `$`, so it is "
    "evaluated as a date text, and `Evaluate` raises (`ResolveAsDate` lines 111-121).",
    bad=Example(
        with_turn_setup('Shipment Date: "$DateFormula-<CD+1D>"'),
        line=10,
    ),
    fix="Add the closing `$` after the formula: `$DateFormula-<CD+1D>$`.",
    good=Example(with_turn_setup('Shipment Date: "$DateFormula-<CD+1D>$"')),
)
MISSPELT_PREFIX = Rule(
    code="PH003",
    name="misspelt-placeholder",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="Text that was meant to be a placeholder, with the prefix in the wrong case or "
    "misspelt.",
    what="Reports `$dateformula-`, `$DATEFORMULA-`, `$DateFormular-`, `$Date-Formula-`, "
    "`$DateFormula<` and similar near misses of `$DateFormula-` and `$DateTimeFormula-`.",
    why="The framework looks for the exact, case-sensitive prefixes; anything else stays literal "
    "text, so the test gets `$dateformula-<CD>$` where it expected a date."
    " The prefixes are the labels `$DateFormula-` and `$DateTimeFormula-` (Test Input "
    "Data Tools codeunit 130465 (`TestInputDataTools.Codeunit.al`) lines 256-257), "
    "found with the case-sensitive `Contains`, `IndexOf` and `StartsWith` (lines "
    "62-63, 176, 193, 221).",
    bad=Example(
        with_turn_setup('Shipment Date: "$dateformula-<CD+1D>$"'),
        line=10,
    ),
    fix="Write the prefix exactly as `$DateFormula-` or `$DateTimeFormula-`. The fix writes "
    "the prefix the message names: safe when the written word is that prefix's but for "
    "letter case, a `-` or `_` between its words, the missing dash or one edit, and a `$` "
    "closes the placeholder; unsafe otherwise (a guess, or text without its closing `$` "
    "that may be prose about placeholders).",
    fixable=FixAvailability.SAFE,
    good=Example(with_turn_setup('Shipment Date: "$DateFormula-<CD+1D>$"')),
)
TIME_ON_DATE = Rule(
    code="PH004",
    name="time-on-date-placeholder",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="A `$DateFormula-` placeholder has a time part.",
    what="Reports `$DateFormula-<…>-HH:MM:SS$`: only `$DateTimeFormula-` tokens take a time.",
    why="The whole content, time included, is passed to `CalcDate`, which fails at run time."
    " (`ResolveDateFormulasInText` hands everything between the prefix and the `$` to "
    "`CalcDate`, Test Input Data Tools codeunit 130465 "
    "(`TestInputDataTools.Codeunit.al`) lines 200-202; `ResolveAsDate`, lines "
    "116-117.)",
    bad=Example(
        with_turn_setup('Shipment Date: "$DateFormula-<CD>-13:30:00$"'),
        line=10,
    ),
    fix="Use `$DateTimeFormula-<CD>-13:30:00$`, or drop the time.",
    fixable=FixAvailability.UNSAFE,
    good=Example(with_turn_setup('Shipment Date: "$DateTimeFormula-<CD>-13:30:00$"')),
)
INVALID_TIME = Rule(
    code="PH005",
    name="invalid-placeholder-time",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="The time part of a `$DateTimeFormula-` placeholder is not a valid time.",
    what="Checks the text after `<formula>-` as `Evaluate(Time, …)` would: HH:MM[:SS[.fff]], "
    "hours 0-23, minutes and seconds 0-59.",
    why="`Evaluate(Time, …)` fails at run time, so the test errors before it runs."
    " (`Evaluate(TimePart, TimeText)`, Test Input Data Tools codeunit 130465 "
    "(`TestInputDataTools.Codeunit.al`) lines 149 and 237.)",
    bad=Example(
        with_turn_setup('Shipment Date: "$DateTimeFormula-<CD>-25:61:00$"'),
        line=10,
    ),
    fix="Write a valid 24-hour time, e.g. `$DateTimeFormula-<CD>-13:30:00$`.",
    good=Example(with_turn_setup('Shipment Date: "$DateTimeFormula-<CD>-13:30:00$"')),
)
DOLLAR_IN_FORMULA = Rule(
    code="PH006",
    name="dollar-in-formula",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="A `$` inside a placeholder's formula ends the placeholder early.",
    what="Reports a token whose `<` formula is cut off by a `$` before its `>`.",
    why="The first `$` after the prefix ends the token, so the framework evaluates only the "
    "part before it (`<CD`), which fails at run time, and leaves the rest as text."
    " (The end is the first `$` after the prefix: Test Input Data Tools codeunit "
    "130465 (`TestInputDataTools.Codeunit.al`) lines 195 and 223.)",
    bad=Example(
        with_turn_setup('Shipment Date: "$DateFormula-<CD+$1D>$"'),
        line=10,
    ),
    fix="Remove the `$` from the formula.",
    good=Example(with_turn_setup('Shipment Date: "$DateFormula-<CD+1D>$"')),
)
UNQUOTED = Rule(
    code="PH007",
    name="unquoted-placeholder",
    family=FAMILY,
    severity=Severity.WARNING,
    summary="A placeholder in an unquoted YAML value.",
    what="Reports plain (unquoted) YAML scalars that contain a placeholder.",
    why="The framework's documentation requires placeholders to be quoted: in a plain scalar, "
    "characters around a placeholder (`: `, ` #`, a leading `<` or `-`) can change what YAML "
    "reads, silently."
    " No AL: the framework reads the JSON that YAML becomes; this is about how YAML "
    "1.2 reads plain scalars (spec §7.3.3) and Microsoft's authoring guide "
    "(AI-TEST-AUTHORING.md §9).",
    bad=Example(
        with_turn_setup("Shipment Date: $DateFormula-<CD+1D>$"),
        line=10,
    ),
    fix='Quote the value: `Shipment Date: "$DateFormula-<CD+1D>$"`.',
    fixable=FixAvailability.SAFE,
    good=Example(with_turn_setup('Shipment Date: "$DateFormula-<CD+1D>$"')),
)
HARD_CODED_DATE = Rule(
    code="PH008",
    name="hard-coded-date",
    family=FAMILY,
    severity=Severity.WARNING,
    summary="A fixed date in `turn_setup`, `query` or `expected_data`.",
    what="Reports dates written as `2026-02-15` (optionally with `T10:00:00`), `02/15/2026` or "
    "`15.02.2026` in the values under `turn_setup`, `query` and `expected_data` of agent "
    "tests (Copilot tests quote their dates from fixed input, so theirs are not flagged). "
    "`02/03/2026` is read month first, as en-US writes it.",
    why="Tests run against the work date; a fixed date drifts from it (an order 'due in 5 days' "
    "becomes overdue next month) and the test starts failing for no code change."
    " (Placeholders are computed from the work date: `CalcDate(Formula, WorkDate())`, "
    "Test Input Data Tools codeunit 130465 (`TestInputDataTools.Codeunit.al`) line "
    "202.)",
    bad=Example(
        with_turn_setup('Shipment Date: "2026-02-15"'),
        line=10,
    ),
    fix="Use a placeholder relative to the work date: the fix proposes `$DateFormula-<CD+nD>$` "
    "for the configured work date (`--unsafe-fixes`, since it changes the value on other "
    "days).",
    fixable=FixAvailability.UNSAFE,
    good=Example(with_turn_setup('Shipment Date: "$DateFormula-<CD+1D>$"')),
)
UNBRACKETED = Rule(
    code="PH009",
    name="unbracketed-formula",
    family=FAMILY,
    severity=Severity.WARNING,
    summary="A placeholder's formula is not enclosed in `< >`.",
    what="Reports placeholders such as `$DateFormula-CD+1D$` whose formula has no angle brackets.",
    why="Without `< >`, `CalcDate` reads the formula with the letters of the session's language "
    "(German `T` for day, French `J`), so the same dataset gives other dates, or errors, "
    "when the suite runs in another language."
    " (The formula goes to `CalcDate` as written, Test Input Data Tools codeunit "
    "130465 (`TestInputDataTools.Codeunit.al`) line 202; how `CalcDate` reads "
    "unbracketed letters is the platform's.)",
    bad=Example(
        with_turn_setup('Shipment Date: "$DateFormula-CM+1D$"'),
        line=10,
    ),
    fix="Enclose the formula in angle brackets: `$DateFormula-<CM+1D>$`.",
    fixable=FixAvailability.UNSAFE,
    good=Example(with_turn_setup('Shipment Date: "$DateFormula-<CM+1D>$"')),
)

TIME_WITHOUT_DASH = Rule(
    code="PH010",
    name="time-without-dash",
    family=FAMILY,
    severity=Severity.WARNING,
    summary="A `$DateTimeFormula-` time does not follow `>` with `-`.",
    what="Reports `$DateTimeFormula-<F>X…$` where the character after `>` is not `-` "
    "(`<CD>14:45:00`, `<CD> 14:45`, `<CD>T14:45`).",
    why="The framework skips the one character after `>` without checking it "
    "(`CopyStr(Content, CloseBracketPos + 2)`, Test Input Data Tools codeunit 130465 "
    "lines 147 and 235): `<CD>14:45:00` is read as the time 4:45:00, silently. A warning: "
    "the character is dropped without an error and the test runs (with `<CD> 14:45` or "
    "`<CD>T14:45` the time even comes out right).",
    bad=Example(
        with_turn_setup('Shipment Time: "$DateTimeFormula-<CD>T14:45:00$"'),
        line=10,
    ),
    fix="Write a `-` between the formula and the time: `$DateTimeFormula-<CD>-14:45:00$`. "
    "The fix writes it: in place of the skipped character when that is not a digit (safe: "
    "the time read stays the same), before it when it is a digit (unsafe: `<CD>14:45:00` "
    "becomes `<CD>-14:45:00`, read as 14:45:00 instead of 4:45:00).",
    fixable=FixAvailability.SAFE,
    good=Example(with_turn_setup('Shipment Time: "$DateTimeFormula-<CD>-14:45:00$"')),
)

RULES = (
    INVALID_FORMULA,
    UNTERMINATED,
    MISSPELT_PREFIX,
    TIME_ON_DATE,
    INVALID_TIME,
    DOLLAR_IN_FORMULA,
    UNQUOTED,
    HARD_CODED_DATE,
    UNBRACKETED,
    TIME_WITHOUT_DASH,
)
