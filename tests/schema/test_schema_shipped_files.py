"""The JSON Schema files shipped in the wheel are exactly what the model generates."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from jsonschema import Draft202012Validator

from ait_datasets import __version__
from ait_datasets.cli import main
from ait_datasets.schema import SCHEMA_FILES, shipped_schema, shipped_schema_text
from ait_datasets.schema.generate import KINDS, schema_id, schema_text


@pytest.mark.parametrize("kind", sorted(SCHEMA_FILES))
def test_shipped_schema_matches_the_model(kind: str) -> None:
    assert shipped_schema_text(kind) == schema_text(kind), (
        f"{SCHEMA_FILES[kind]} drifted from the model: run `python -m ait_datasets.schema.generate`"
    )


@pytest.mark.parametrize("kind", sorted(SCHEMA_FILES))
def test_shipped_schema_is_a_valid_draft_2020_12_schema_with_id_and_title(kind: str) -> None:
    schema = shipped_schema(kind)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert (
        schema["$id"]
        == schema_id(kind)
        == (
            "https://raw.githubusercontent.com/ait-datasets/ait-datasets/"
            f"v{__version__}/src/ait_datasets/schema/json/{SCHEMA_FILES[kind]}"
        )
    )
    assert schema["title"].startswith("Business Central AI Test Toolkit")


def test_every_generated_kind_has_a_shipped_file() -> None:
    assert set(KINDS) == set(SCHEMA_FILES)


@pytest.mark.parametrize("kind", ["dataset", "suite-setup", "jsonl-row"])
def test_schema_command_prints_the_shipped_schema(
    kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["schema", "--kind", kind]) == 0
    out = capsys.readouterr().out
    assert json.loads(out) == shipped_schema(kind)


def test_schema_command_defaults_to_the_dataset_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out)["$id"].endswith("/dataset.schema.json")


def test_schema_command_rejects_an_unknown_kind_with_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["schema", "--kind", "bogus"])
    assert exc.value.code == 2
    assert "invalid choice: 'bogus'" in capsys.readouterr().err


def test_schema_command_does_not_import_pydantic() -> None:
    code = (
        "import sys; from ait_datasets.cli import main; "
        "import io, contextlib; buf = io.StringIO()\n"
        "with contextlib.redirect_stdout(buf): main(['schema'])\n"
        "print('pydantic' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_importing_the_schema_package_does_not_import_pydantic() -> None:
    code = (
        "import sys, ait_datasets.schema.vocabulary, ait_datasets.schema; "
        "print('pydantic' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
