"""Markdown for PR comments and text for terminals: nothing in an export can break out."""

from __future__ import annotations

import re
from pathlib import Path

from pytest import CaptureFixture

from ait_datasets.cli import main
from ait_datasets.report import build_report, render
from ait_datasets.report.model import CaseKey, Run, result_set
from ait_datasets.report.plain import neutralise
from ait_datasets.report.render_markdown import code

HOSTILE_ID = "a|b`c``d<script>alert(1)</script>"
HOSTILE_MESSAGE = "x <img src=x onerror=alert(1)> | `y` &lt;b&gt; **bold** [l](http://e)"


def _report() -> str:
    key = CaseKey("S", "D", HOSTILE_ID)
    rows = [(key, Run(1, True)), (key, Run(2, False, HOSTILE_MESSAGE)), (key, Run(3, True))]
    return render(build_report(result_set(rows)), "markdown")


def _cells(row: str) -> int:
    """Cells of a GFM table row: bars not escaped with a backslash."""
    return len(re.findall(r"(?<!\\)\|", row))


def test_markdown_has_no_raw_html_from_the_input() -> None:
    md = _report()
    assert "<script>" not in md and "<img" not in md
    # An entity in the input stays text: '&lt;b&gt;' is not turned back into <b>.
    assert "&amp;lt;b&amp;gt;" in md


def test_markdown_table_rows_keep_their_cells() -> None:
    md = _report()
    for block in re.findall(r"(?:^\|.*\|\n)+", md, flags=re.M):
        widths = {_cells(row) for row in block.splitlines()}
        assert len(widths) == 1, block


def test_a_code_span_cannot_be_closed_from_inside() -> None:
    span = code("a`b``c", table=False)
    assert span == "```a`b``c```"
    assert code("`edge`", table=False) == "`` `edge` ``"
    assert code("a|b") == "`a\\|b`"  # in a table cell the bar is escaped
    # Markup-looking ids are not fenced (renderers differ on HTML in code spans) but
    # escaped: every special character behind a backslash, HTML as entities.
    assert code("a`b<i>") == "a\\`b&lt;i&gt;"
    assert "a\\|b\\`c\\`\\`d&lt;script&gt;alert(1)&lt;/script&gt;" in _report()


def test_text_neutralises_control_and_bidi_characters() -> None:
    key = CaseKey("S", "D", "ok\x1b[2J\u202eevil\rhidden")
    rows = [(key, Run(1, False, "bell\x07 tab\there \u2066iso\u2069"))]
    text = render(build_report(result_set(rows)), "text")
    assert "\x1b" not in text and "\u202e" not in text and "\r" not in text
    assert "\x07" not in text and "\u2066" not in text
    assert "ok\\u001b[2J\\u202eevil\\u000dhidden" in text


def test_neutralise_keeps_ordinary_text() -> None:
    assert neutralise("Größe ✓ 注文 ‘quoted’") == "Größe ✓ 注文 ‘quoted’"
    assert neutralise("a\u200fb\u061c") == "a\\u200fb\\u061c"


def test_messages_on_stderr_are_neutralised_too(
    tmp_path: Path, capsys: CaptureFixture[str]
) -> None:
    path = tmp_path / "r.json"
    path.write_text('[{"datasetLineNumber": "A", "version": 1, "status": "\\u001b[2J"}]')
    assert main(["report", str(path)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\u001b[2J" in err
