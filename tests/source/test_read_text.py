"""``read_text``: a file's text for showing it, and lint parsing each file only once."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.source.document import Document
from ait_datasets.source.load import read_text

# The module (the package's `load` is the function of the same name).
load_module = importlib.import_module("ait_datasets.source.load")


def test_the_decoded_text_without_its_bom(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"\xef\xbb\xbftests:\r\n  - name: T\r\n")
    assert read_text(path) == "tests:\r\n  - name: T\r\n"


def test_none_when_load_would_not_read_it(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("a: 1\n" * 10, encoding="utf-8")
    assert read_text(big, max_bytes=49) is None
    assert read_text(big, max_bytes=50) == "a: 1\n" * 10
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"name: caf\xe9\n")
    assert read_text(latin) is None


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes (os.mkfifo) are POSIX-only")
def test_a_pipe_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "p.yaml"
    os.mkfifo(fifo)
    with pytest.raises(OSError):
        read_text(fifo)


def test_lint_parses_a_file_with_only_cross_file_findings_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # An agent dataset naming a suite setup that no file defines: its one finding comes
    # from the cross-file phase, whose excerpt needs the text (and only the text).
    path = tmp_path / "orders.yaml"
    path.write_text(
        "suite_setup: MISSING-SETUP\ntests:\n  - name: T1\n    turns:\n      - query:\n"
        "          from: Jane\n          title: Release the order\n"
        "        expected_data:\n          released: 1\n",
        encoding="utf-8",
    )
    parsed: list[str] = []
    real = load_module.parse_text

    def counting(doc: Document) -> Document:
        parsed.append(doc.path)
        return real(doc)

    monkeypatch.setattr(load_module, "parse_text", counting)
    code = main(["lint", str(path)])
    out = capsys.readouterr().out
    assert code == 1
    assert "suite_setup: MISSING-SETUP" in out  # the excerpt of the cross-file finding
    assert parsed.count(str(path)) == 1
