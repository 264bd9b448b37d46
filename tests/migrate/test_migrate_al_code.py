"""AL: `.GetQuestion()` member calls become `.GetQuery()`, only in code."""

from __future__ import annotations

from ait_datasets.diagnostics import apply_edits
from ait_datasets.migrate.al import plan_al_file


def _migrate(text: str) -> str:
    edits, _, _ = plan_al_file(text)
    return apply_edits(text, edits)


def _in_codeunit(statement: str) -> str:
    """``statement`` in a procedure of a codeunit whose ``Ctx`` is the AIT Test Context
    (only calls on such a variable are renamed)."""
    return (
        'codeunit 50100 "T"\n{\n    procedure P()\n    begin\n        '
        + statement
        + '\n    end;\n\n    var\n        Ctx: Codeunit "AIT Test Context";\n}\n'
    )


def test_member_calls_are_renamed_with_their_spacing() -> None:
    assert _migrate(_in_codeunit("A := Ctx.GetQuestion().ValueAsText();")) == (
        _in_codeunit("A := Ctx.GetQuery().ValueAsText();")
    )
    assert _migrate(_in_codeunit("Ctx. GetQuestion ( )")) == _in_codeunit("Ctx. GetQuery ( )")
    assert _migrate(_in_codeunit("Ctx.getquestion()")) == _in_codeunit("Ctx.GetQuery()")


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
    text = _in_codeunit("x := Ctx.GetQuestion();\n  y := Ctx.GetQuestion();")
    _, changes, _ = plan_al_file(text)
    assert [c.line for c in changes] == [5, 6]


def test_only_calls_on_an_ait_test_context_variable_are_renamed() -> None:
    text = """codeunit 50100 "T"
{
    procedure P(Param: Codeunit "AIT Test Context")
    var
        Mine: Codeunit "AIT Test Context";
        Helper: Codeunit "My Helper";
    begin
        Param.GetQuestion();
        Mine.GetQuestion();
        Helper.GetQuestion();
        Unknown.GetQuestion();
        Ctx.GetQuestion();
    end;

    var
        Ctx: Codeunit "AIT Test Context";
}
"""
    edits, changes, followups = plan_al_file(text)
    after = apply_edits(text, edits)
    assert "Param.GetQuery();" in after and "Mine.GetQuery();" in after
    assert "Ctx.GetQuery();" in after
    assert "Helper.GetQuestion();" in after and "Unknown.GetQuestion();" in after
    assert [c.line for c in changes] == [8, 9, 12]
    assert [(c.line, c.message.split(":")[0]) for c in followups] == [
        (10, "`Helper.GetQuestion()` left as it is"),
        (11, "`Unknown.GetQuestion()` left as it is"),
    ]
    assert 'declared as `Codeunit "My Helper"`' in followups[0].message
    assert "not a variable of this procedure or object" in followups[1].message


def test_a_call_outside_any_procedure_is_a_followup() -> None:
    edits, _, followups = plan_al_file("Ctx.GetQuestion()")
    assert edits == [] and [c.line for c in followups] == [1]
