"""Every row of ../shared/calcdate-vectors.tsv through `datasets date`."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from ait_datasets.cli import main

REPO = Path(__file__).resolve().parents[2]
VECTORS = REPO / ".." / "shared" / "calcdate-vectors.tsv"


def _rows() -> list[tuple[str, str, str]]:
    if not VECTORS.is_file():
        return []
    with VECTORS.open(encoding="utf-8", newline="") as fh:
        return [
            (r["formula"], r["base_date"], r["expected"])
            for r in csv.DictReader(fh, delimiter="\t")
        ]


ROWS = _rows()


@pytest.mark.skipif(not ROWS, reason="../shared/calcdate-vectors.tsv is absent")
@pytest.mark.parametrize(("formula", "base", "expected"), ROWS)
def test_vector_through_date_command(
    formula: str, base: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["date", "--work-date", base, "--", formula])
    out, err = capsys.readouterr()
    if expected == "ERROR":
        assert code == 1
        assert out == ""
        assert err.startswith("datasets date: ")
        assert "Traceback" not in err
    else:
        assert (code, out, err) == (0, expected + "\n", "")


def test_vectors_cover_both_outcomes() -> None:
    if not ROWS:
        pytest.skip("../shared/calcdate-vectors.tsv is absent")
    assert any(r[2] == "ERROR" for r in ROWS)
    assert sum(r[2] != "ERROR" for r in ROWS) > 50
