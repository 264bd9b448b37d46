"""The CI recipes: the composite GitHub Action (action.yml) and the Azure DevOps template.

action.yml is validated with check-jsonschema's built-in `vendor.github-actions` schema
(no network: the schema ships inside it). Then both recipes' shell steps are run as
written, with bash, against the fake Business Central of tests/report/test_pull.py: the
inputs go in as the runner would put them (each `${{ inputs.X }}` / `${{ parameters.X }}`
of a step's env replaced by its value), `datasets` is this checkout's. Steps that use
another action or task (set up Python, upload) are the platform's and are not run.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from tests.report.test_pull import PATH, TOKEN, FakeBC, _Handler, _Server

REPO = Path(__file__).resolve().parents[1]
ACTION = REPO / "action.yml"
TEMPLATE = REPO / "ci" / "azure-pipelines-template.yml"
_EXPRESSION = re.compile(r"\$\{\{\s*(?:inputs|parameters)\.([\w-]+)\s*\}\}")


def _check_jsonschema(*files: Path) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("check-jsonschema")
    program = str(exe) if exe.exists() else shutil.which("check-jsonschema")
    if program is None:
        pytest.fail("check-jsonschema is not installed: pip install -e '.[dev]'")
    return subprocess.run(
        [program, "--builtin-schema", "vendor.github-actions", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_action_passes_the_github_actions_schema() -> None:
    proc = _check_jsonschema(ACTION)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_schema_check_rejects_a_broken_action(tmp_path: Path) -> None:
    broken = tmp_path / "action.yml"
    broken.write_text(
        "name: x\ndescription: x\nruns:\n  using: composite\n  steps:\n    - run: echo\n",
        encoding="utf-8",
    )  # a composite step's `run` needs a `shell`
    proc = _check_jsonschema(broken)
    assert proc.returncode == 1, proc.stdout + proc.stderr


def _load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_the_action_installs_pulls_reports_annotates_and_uploads() -> None:
    steps = _load(ACTION)["runs"]["steps"]
    names = [step["name"] for step in steps]
    assert names == [
        "Set up Python",
        "Install ait-datasets",
        "Pull the log entries",
        "Write the HTML report and the job summary",
        "Annotate the run and apply the gate",
        "Upload the report",
    ]
    assert '"${GITHUB_ACTION_PATH}[entra,history]"' in steps[1]["run"]
    assert steps[-1]["uses"].startswith("actions/upload-artifact@")
    assert steps[-1]["if"] == "always()"
    # No input is spliced into a script: each goes through the environment.
    assert not any(_EXPRESSION.search(step.get("run", "")) for step in steps)


def test_the_azure_template_has_its_parameters_and_steps() -> None:
    template = _load(TEMPLATE)
    names = [p["name"] for p in template["parameters"]]
    assert names[:3] == ["url", "auth", "azureSubscription"]
    assert {"suite", "tag", "versions", "failUnder", "store", "evidence", "html"} <= set(names)
    tasks = [step.get("task") for step in template["steps"] if isinstance(step, dict)]
    assert "UsePythonVersion@0" in tasks and "PublishPipelineArtifact@1" in tasks
    signed_in = template["steps"][2]["${{ if ne(parameters.azureSubscription, '') }}"]
    assert signed_in[0]["task"] == "AzureCLI@2"
    scripts = [
        s.get("bash", "") + s.get("script", "")
        for s in template["steps"]
        if "bash" in s or "script" in s
    ]
    assert not any(_EXPRESSION.search(script) for script in scripts)


# --- the steps, run as written -----------------------------------------------------------


@pytest.fixture
def server() -> Iterator[tuple[FakeBC, str]]:
    import threading

    httpd = _Server(("127.0.0.1", 0), _Handler)
    httpd.fake = FakeBC()
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd.fake, f"http://127.0.0.1:{httpd.server_address[1]}{PATH}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


@pytest.fixture
def shell_env(tmp_path: Path) -> dict[str, str]:
    """An environment whose `datasets` is this checkout's (not an installed one)."""
    if shutil.which("bash") is None or sys.platform == "win32":
        # On Windows runners the steps run in Git Bash, whose paths this shim cannot name.
        pytest.skip("the recipes' steps are bash scripts: run here on Linux and macOS")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "datasets"
    shim.write_text(
        f'#!/usr/bin/env bash\nexec "{sys.executable}" -m ait_datasets.cli "$@"\n',
        encoding="utf-8",
    )
    shim.chmod(0o755)
    env = dict(os.environ)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    env["PYTHONPATH"] = os.pathsep.join([str(REPO / "src"), str(REPO)])
    env["BC_TOKEN"] = TOKEN
    return env


def _run_step(
    script: str, step_env: dict[str, str], values: dict[str, str], env: dict[str, str], cwd: Path
) -> subprocess.CompletedProcess[str]:
    def value(match: re.Match[str]) -> str:
        return values.get(match.group(1), "")

    merged = {**env, **{k: _EXPRESSION.sub(value, str(v)) for k, v in step_env.items()}}
    return subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
        env=merged,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _defaults(inputs: dict[str, Any]) -> dict[str, str]:
    return {name: str(spec.get("default", "")) for name, spec in inputs.items()}


def test_the_actions_steps_run_as_written(
    server: tuple[FakeBC, str], shell_env: dict[str, str], tmp_path: Path
) -> None:
    action = _load(ACTION)
    values = {**_defaults(action["inputs"]), "url": server[1], "auth": "env", "fail-under": "90%"}
    summary = tmp_path / "summary.md"
    env = {**shell_env, "GITHUB_STEP_SUMMARY": str(summary)}
    runs = [
        s for s in action["runs"]["steps"] if "run" in s and s["name"] != "Install ait-datasets"
    ]
    pulled, written, gated = (
        _run_step(s["run"], s.get("env", {}), values, env, tmp_path) for s in runs
    )
    assert pulled.returncode == 0, pulled.stderr
    assert "wrote ait-results.json: 12 log entries from 3 pages" in pulled.stdout
    assert written.returncode == 0, written.stderr
    assert (tmp_path / "ait-report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert "pass^" in summary.read_text(encoding="utf-8")
    # pass^3 of the fake's runs is 1/4: the 90% gate fails, with annotations on the run.
    assert gated.returncode == 1, gated.stderr
    assert "::error" in gated.stdout or "::warning" in gated.stdout
    assert "below --fail-under 90.0%" in gated.stderr


def test_the_azure_templates_steps_run_as_written(
    server: tuple[FakeBC, str], shell_env: dict[str, str], tmp_path: Path
) -> None:
    template = _load(TEMPLATE)
    values = {p["name"]: str(p.get("default", "")) for p in template["parameters"]}
    values.update(
        url=server[1],
        auth="env",
        failUnder="0.2",
        evidence="False",
        output=str(tmp_path / "out" / "ait-results.json"),
        html=str(tmp_path / "out" / "ait-report.html"),
    )
    (tmp_path / "out").mkdir()
    pull_step = template["steps"][3]["${{ else }}"][0]
    plain_env = {k: v for k, v in pull_step["env"].items() if not k.startswith("${{")}
    pulled = _run_step(pull_step["bash"], plain_env, values, shell_env, tmp_path)
    assert pulled.returncode == 0, pulled.stderr
    written = _run_step(
        template["steps"][4]["bash"], template["steps"][4]["env"], values, shell_env, tmp_path
    )
    assert written.returncode == 0, written.stderr
    assert "##vso[task.uploadsummary]" in written.stdout
    assert (tmp_path / "out" / "ait-report.html").exists()
    gated = _run_step(
        template["steps"][5]["bash"], template["steps"][5]["env"], values, shell_env, tmp_path
    )
    assert gated.returncode == 0, gated.stderr  # pass^3 is 1/4: above the 20% gate
    assert "##vso[task.logissue" in gated.stdout
