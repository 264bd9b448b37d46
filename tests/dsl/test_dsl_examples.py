"""The shipped examples lint clean, read through the model, and the DSL scripts work."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ait_datasets import dsl
from ait_datasets.cli import main
from ait_datasets.schema import models

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
SCRIPTS = {
    "agent_dataset.py": ["SHIPPING-ACC.yaml", "SHIPPING-SETUP.yaml"],
    "variations.py": ["SHIPPING-VAR.yaml"],
    "copilot_dataset.py": ["NOSERIES-QA.jsonl", "NOSERIES-QA.yaml"],
}


def _lint(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[object]]:
    capsys.readouterr()
    code = main(["lint", str(path), "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def test_the_examples_folder_lints_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert _lint(EXAMPLES, capsys) == (0, [])


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_example_script_writes_datasets_that_lint_clean(
    script: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "dsl" / script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == SCRIPTS[script]
    assert _lint(tmp_path, capsys) == (0, [])
    for name in SCRIPTS[script]:
        if name.endswith(".yaml"):
            assert dsl.to_yaml(dsl.read(tmp_path / name)) == (tmp_path / name).read_text("utf-8")


def test_variations_script_names_every_variant_uniquely(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(EXAMPLES / "dsl" / "variations.py")],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    data = dsl.read(tmp_path / "SHIPPING-VAR.yaml")
    assert isinstance(data, models.DatasetFile) and isinstance(data.tests, list)
    names = [str(t.name) for t in data.tests]
    assert names == ["RELEASE"] + [f"RELEASE-PHRASE-{n}" for n in (1, 2, 3)] + [
        f"RELEASE-DATE-{n}" for n in (1, 2, 3)
    ]


@pytest.mark.parametrize(
    "path",
    sorted(
        p.relative_to(EXAMPLES).as_posix()
        for sub in ("agent-app", "copilot")
        for p in (EXAMPLES / sub).rglob("*.yaml")
    ),
)
def test_example_datasets_read_through_the_model(path: str) -> None:
    loaded = dsl.read(EXAMPLES / path)
    assert isinstance(loaded, (models.DatasetFile, models.SuiteSetupFile))


def test_the_copilot_jsonl_example_holds_the_same_tests_as_the_yaml() -> None:
    folder = EXAMPLES / "copilot" / ".resources" / "datasets"
    yaml_data = dsl.read(folder / "ITEM-TEXT.yaml")
    assert isinstance(yaml_data, models.DatasetFile)
    rows = [
        models.CopilotTest.model_validate(json.loads(line))
        for line in (folder / "ITEM-TEXT.jsonl").read_text("utf-8").splitlines()
    ]
    assert rows == yaml_data.tests


@pytest.mark.parametrize(
    ("suite", "test_type", "datasets"),
    [
        ("agent-app/.resources/suites/ORDERS.xml", "Agent", ["ORDERS-RELEASE.yaml"]),
        ("copilot/.resources/suites/ITEM-TEXT.xml", "Copilot", ["ITEM-TEXT.yaml", "ITEM-TEXT"]),
    ],
)
def test_example_suites_are_utf16_and_reference_their_datasets(
    suite: str, test_type: str, datasets: list[str]
) -> None:
    raw = (EXAMPLES / suite).read_bytes()
    assert raw[:2] == b"\xff\xfe"
    text = raw[2:].decode("utf-16-le")
    assert f'TestType="{test_type}"' in text
    for name in datasets:
        assert f'Dataset="{name}"' in text
