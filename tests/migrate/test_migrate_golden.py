"""Golden before/after files: every migration and every preservation point.

Each ``golden/<name>.before.<ext>`` is migrated with ``datasets migrate --kind agent``
(or the arguments in ``<name>.args``) and must equal ``<name>.after.<ext>`` byte for
byte; migrating the result again must change nothing.
"""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

import pytest

from ait_datasets.cli import main

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(p for p in GOLDEN.iterdir() if ".before." in p.name)


def _args(stem: str) -> list[str]:
    extra = GOLDEN / f"{stem}.args"
    return shlex.split(extra.read_text()) if extra.exists() else ["--kind", "agent"]


@pytest.mark.parametrize("before", CASES, ids=[p.name for p in CASES])
def test_golden_migration_matches_and_is_idempotent(
    before: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stem, ext = before.name.split(".before.")
    after = GOLDEN / f"{stem}.after.{ext}"
    target = tmp_path / f"{stem}.{ext}"
    shutil.copyfile(before, target)

    assert main(["migrate", *_args(stem), str(target)]) == 0
    assert target.read_bytes() == after.read_bytes()
    assert "migrated" in capsys.readouterr().out

    assert main(["migrate", *_args(stem), str(target)]) == 0
    assert target.read_bytes() == after.read_bytes()
    assert "up to date" in capsys.readouterr().out


def test_every_migration_has_a_golden_case() -> None:
    texts = "".join(p.read_text(encoding="utf-8-sig") for p in CASES)
    for legacy in ("question:", "test_setup:", "GetQuestion()", '"question"'):
        assert legacy in texts
    names = {p.name.split(".before.")[0] for p in CASES}
    for point in (
        "comments",
        "crlf",
        "bom",
        "anchors",
        "flow",
        "block_scalars",
        "quoting",
        "blank_lines",
        "no_final_newline",
        "flat_indent0",
        "rows",
        "get_question",
    ):
        assert point in names


def test_golden_crlf_and_bom_survive() -> None:
    crlf = (GOLDEN / "crlf.after.yaml").read_bytes()
    assert b"\r\n" in crlf and b"\n" not in crlf.replace(b"\r\n", b"")
    assert (GOLDEN / "bom.after.yaml").read_bytes().startswith(b"\xef\xbb\xbf")
    assert not (GOLDEN / "no_final_newline.after.yaml").read_bytes().endswith(b"\n")
