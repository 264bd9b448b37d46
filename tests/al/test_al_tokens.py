"""The AL tokenizer: every token kind, positions, and text it cannot read."""

from __future__ import annotations

from ait_datasets.al.tokens import IDENT, NUMBER, OP, QUOTED, STRING, tokenize


def kinds_and_texts(text: str) -> list[tuple[str, str]]:
    return [(t.kind, t.text) for t in tokenize(text)]


def test_object_header_and_property() -> None:
    assert kinds_and_texts('codeunit 50100 "My Test"\n{ Subtype = Test; }') == [
        (IDENT, "codeunit"),
        (NUMBER, "50100"),
        (QUOTED, "My Test"),
        (OP, "{"),
        (IDENT, "Subtype"),
        (OP, "="),
        (IDENT, "Test"),
        (OP, ";"),
        (OP, "}"),
    ]


def test_text_literals_unescape_doubled_quotes() -> None:
    found = [t.text for t in tokenize("X := 'It''s'; Y := '''a'''; Z := '';") if t.kind == STRING]
    assert found == ["It's", "'a'", ""]


def test_comments_and_directives_are_dropped() -> None:
    text = "// 'not a literal'\nA /* B\n 'C' */ D\n#pragma warning disable AA0139\nE"
    assert [t.text for t in tokenize(text)] == ["A", "D", "E"]


def test_positions_count_lines_after_multiline_comments() -> None:
    tokens = tokenize("A\n/* one\ntwo */ B\n\tC")
    assert [(t.text, t.line, t.column) for t in tokens] == [("A", 1, 1), ("B", 3, 8), ("C", 4, 2)]


def test_operators_and_ranges() -> None:
    text = "for I := 1 to 10 do if A..B <> 1.5 then X += Y::Z;"
    ops = [t.text for t in tokenize(text) if t.kind == OP]
    assert ops == [":=", "..", "<>", "+=", "::", ";"]
    numbers = [t.text for t in tokenize(text) if t.kind == NUMBER]
    assert numbers == ["1", "10", "1.5"]


def test_unterminated_literal_ends_at_its_line() -> None:
    tokens = tokenize("X := 'open\nY := 1;")
    assert tokens[2].kind == STRING and tokens[2].text == "open"
    assert [t.text for t in tokens[3:]] == ["Y", ":=", "1", ";"]


def test_unterminated_comment_and_quoted_name_do_not_fail() -> None:
    assert [t.text for t in tokenize('A "half\nB /* never closed')] == ["A", "half", "B"]


def test_non_ascii_identifiers_and_bom() -> None:
    tokens = tokenize("\ufeffVærdi := 'æ';")
    assert (tokens[0].kind, tokens[0].text, tokens[0].column) == (IDENT, "Værdi", 2)


def test_work_is_linear_in_hostile_input() -> None:
    # Many unclosed quotes and comment openers: each is one token, nothing backtracks.
    text = "'" * 20000 + "\n" + "/*" * 20000
    assert len(tokenize(text)) >= 1
