"""Which AL files of an app are read, and how hostile files are handled."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from al_samples import AGENT_TEST, write_app

from ait_datasets.al import app as al_app
from ait_datasets.al.app import al_paths, app_folder, read_sources
from ait_datasets.al.declarations import read_al
from ait_datasets.al.reads import AppCode


def test_the_app_folder_needs_app_json(tmp_path: Path) -> None:
    (tmp_path / ".resources").mkdir()
    assert app_folder(str(tmp_path / ".resources")) is None
    (tmp_path / "app.json").write_text("{}", encoding="utf-8")
    assert app_folder(str(tmp_path / ".resources")) == str(tmp_path)


def test_al_files_skip_resources_and_packages(tmp_path: Path) -> None:
    root = write_app(
        tmp_path / "app",
        {
            "src/A.Codeunit.al": AGENT_TEST,
            "src/deep/B.AL": "codeunit 1 B {}",
            ".alpackages/Dep.al": "codeunit 2 C {}",
            ".resources/x.al": "codeunit 3 D {}",
            "src/notes.txt": "",
        },
    )
    found = [Path(p).relative_to(root).as_posix() for p in al_paths(str(root))]
    assert found == ["src/A.Codeunit.al", "src/deep/B.AL"]


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="creating symbolic links on Windows needs administrator rights or Developer Mode",
)
def test_links_are_never_followed(tmp_path: Path) -> None:
    outside = tmp_path / "secret.al"
    outside.write_text('codeunit 9 "Secret" {}', encoding="utf-8")
    root = write_app(tmp_path / "app", {"src/A.Codeunit.al": AGENT_TEST})
    (root / "src" / "Link.al").symlink_to(outside)
    (root / "linked").symlink_to(tmp_path, target_is_directory=True)
    sources = read_sources(str(root))
    assert sorted(sources.code.codeunits) == [50140]
    assert [(Path(p).name, why) for p, why in sources.skipped] == [
        ("Link.al", "symbolic link: not followed")
    ]


def test_an_oversized_file_is_skipped_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(al_app, "MAX_AL_BYTES", 100)
    root = write_app(tmp_path / "app", {"src/A.Codeunit.al": AGENT_TEST})
    sources = read_sources(str(root))
    assert sources.code.codeunits == {}
    size = (root / "src/A.Codeunit.al").stat().st_size
    assert [why for _, why in sources.skipped] == [f"{size} bytes, over the limit of 100"]


def test_bad_bytes_and_a_bom_are_read(tmp_path: Path) -> None:
    root = write_app(tmp_path / "app", {})
    (root / "A.al").write_bytes(b'\xef\xbb\xbfcodeunit 5 "\xff\xfeX" { Subtype = Test; }')
    sources = read_sources(str(root))
    _, obj = sources.code.codeunits[5]
    assert obj.properties["subtype"].value == "Test"


@pytest.mark.parametrize(
    "text",
    [
        "begin " * 5000,
        "codeunit 1 X { procedure P() begin " + "case X of " * 3000,
        "codeunit 1 X {" + "{" * 5000 + "}" * 10,
        "codeunit 1 X { procedure P() begin "
        + "A(" * 3000
        + ' end; var A: Codeunit "AIT Test Context"; }',
        "codeunit 1 X { procedure P() begin "
        + "C.GetExpectedData()"
        + ".Element('a')" * 3000
        + "; end;"
        ' var C: Codeunit "AIT Test Context"; }',
        "\x00\x01'\"/*" * 1000,
    ],
    ids=["begins", "cases", "braces", "nested-calls", "long-chain", "binary"],
)
def test_hostile_text_is_read_and_followed_without_failing(text: str) -> None:
    file = read_al("h.al", text)
    code = AppCode([file])
    for codeunit in code.codeunits:
        code.reach(codeunit)
