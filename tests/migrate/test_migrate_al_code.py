"""AL: `.GetQuestion()` member calls become `.GetQuery()`, only in code."""

from __future__ import annotations

from ait_datasets.diagnostics import apply_edits
from ait_datasets.migrate.al import code_mask, plan_al


def _migrate(text: str) -> str:
    edits, _ = plan_al(text)
    return apply_edits(text, edits)


def test_member_calls_are_renamed_with_their_spacing() -> None:
    assert _migrate("A := Ctx.GetQuestion().ValueAsText();") == (
        "A := Ctx.GetQuery().ValueAsText();"
    )
    assert _migrate("Ctx. GetQuestion ( )") == "Ctx. GetQuery ( )"
    assert _migrate("Ctx.getquestion()") == "Ctx.GetQuery()"


def test_comments_texts_declarations_and_arguments_stay() -> None:
    kept = [
        "// Ctx.GetQuestion()",
        "/* Ctx.GetQuestion()\n Ctx.GetQuestion() */",
        "Message('Ctx.GetQuestion()');",
        "Message('it''s Ctx.GetQuestion()');",
        'Rec."Ctx.GetQuestion()"',
        "procedure GetQuestion(): Text",
        "Helper.GetQuestion('x')",
        "GetQuestion()",
    ]
    for text in kept:
        assert _migrate(text) == text, text


def test_report_lines() -> None:
    _, changes = plan_al("begin\n  x := C.GetQuestion();\n  y := C.GetQuestion();\nend;\n")
    assert [c.line for c in changes] == [2, 3]


def test_code_mask_after_a_text_with_doubled_quotes() -> None:
    text = "'a''b' C.GetQuestion()"
    mask = code_mask(text)
    assert not any(mask[:6])
    assert all(mask[6:])
