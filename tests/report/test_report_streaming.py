"""The HTML page is written as it is rendered: the same page, and all of it or nothing."""

from __future__ import annotations

import importlib
import json
import os
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.report import RENDERERS, build_report, read_results, render, render_chunks
from ait_datasets.report.output import batches

# The module (the package's attribute of that name is its function).
html_module = importlib.import_module("ait_datasets.report.render_html")


def _export(tmp_path: Path, cases: int = 40) -> Path:
    rows = [
        {
            "aitCode": "S",
            "version": v,
            "procedureName": "Run",
            "status": "Error" if (i + v) % 7 == 0 else "Success",
            "dataset": "DS",
            "datasetLineNumber": f"T{i}",
            "message": "assert failed" if (i + v) % 7 == 0 else "",
            "tag": f"rc-{v}",
            "tokensConsumed": 100 + i,
            "durationMs": 1000 + i * v,
        }
        for v in (1, 2, 3)
        for i in range(cases)
    ]
    path = tmp_path / "export.json"
    path.write_text(json.dumps({"value": rows}), encoding="utf-8")
    return path


def test_the_streamed_page_is_the_rendered_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = _export(tmp_path)
    out = tmp_path / "report.html"
    assert main(["report", str(export), "--format", "html", "-o", str(out)]) == 0
    expected = render(build_report(read_results([str(export)])), "html")
    assert out.read_text(encoding="utf-8") == expected
    assert capsys.readouterr().out == f"wrote {out}\n"
    assert main(["report", str(export), "--format", "html"]) == 0
    assert capsys.readouterr().out == expected


@pytest.mark.parametrize("fmt", sorted(RENDERERS))
def test_every_format_in_pieces_is_the_format_whole(tmp_path: Path, fmt: str) -> None:
    report = build_report(read_results([str(_export(tmp_path))]))
    pieces = list(render_chunks(report, fmt))
    assert "".join(pieces) == render(report, fmt)
    if fmt == "html":  # a piece per case row at least: never the page at once
        assert len(pieces) > report.summary.cases


def test_a_renderer_failing_midway_leaves_the_previous_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    export = _export(tmp_path)
    out = tmp_path / "report.html"
    out.write_text("previous report\n", encoding="utf-8")
    real = html_module._grid_row
    calls = []

    def fails_at_the_tenth_row(*args: object) -> str:
        calls.append(1)
        if len(calls) == 10:
            raise RuntimeError("the renderer broke")
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(html_module, "_grid_row", fails_at_the_tenth_row)
    assert main(["report", str(export), "--format", "html", "-o", str(out)]) != 0
    assert "the renderer broke" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == "previous report\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["export.json", "report.html"]


def test_batches_keep_every_piece_in_order() -> None:
    pieces = [f"<tr>{i}</tr>" for i in range(1000)]
    joined = list(batches(pieces, size=100))
    assert "".join(joined) == "".join(pieces)
    assert all(len(b) >= 100 for b in joined[:-1]) and len(joined) > 10
    assert list(batches([])) == []


def test_a_streamed_page_goes_into_a_device_instead_of_replacing_it(tmp_path: Path) -> None:
    assert main(["report", str(_export(tmp_path)), "--format", "html", "-o", os.devnull]) == 0
    assert Path(os.devnull).exists() and not Path(os.devnull).is_file()
