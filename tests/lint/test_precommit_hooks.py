"""The pre-commit hooks this repository ships, run for real with `pre-commit try-repo`.

`try-repo` clones the hook repository at a commit and installs it into a fresh virtual
environment with pip, as a user's `pre-commit install` would. To test the current
working tree (uncommitted changes included), the package's files are copied into a
temporary git repository and committed there. `try-repo` always installs into a
temporary store of its own (it ignores PRE_COMMIT_HOME), so each call pays for one
install: the slow tests make two calls, each running both hooks.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
HOOKS_FILE = REPO / ".pre-commit-hooks.yaml"
# What `pip install` of the package needs from the repository.
PACKAGE_FILES = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml")

GOOD = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: Jane, title: Hi, message: Hi}\n"
    "        expected_data: {}\n"
)
# Current format, but the task input has no `from` (QRY003 at 4:17).
BAD = GOOD.replace("from: Jane, ", "")
# A legacy agent dataset: `question:` inside `turns:`.
LEGACY = "tests:\n  - name: T1\n    turns:\n      - question: Hello\n        expected_data: {}\n"
DATASETS = "app/.resources/datasets"


def hooks() -> dict[str, dict[str, object]]:
    return {hook["id"]: hook for hook in yaml.safe_load(HOOKS_FILE.read_text(encoding="utf-8"))}


def test_manifest_is_valid_for_pre_commit() -> None:
    from pre_commit.clientlib import load_manifest

    manifest = load_manifest(str(HOOKS_FILE))
    assert [(h["id"], h["entry"], h["language"]) for h in manifest] == [
        ("datasets-lint", "datasets lint", "python"),
        ("datasets-migrate-check", "datasets migrate --check", "python"),
    ]
    # All changed files in one call: the cross-file rules need to see them together.
    assert all(h["require_serial"] for h in manifest)


@pytest.mark.parametrize(
    ("path", "lint", "migrate"),
    [
        ("app/.resources/datasets/ORDERS.yaml", True, True),
        (".resources/datasets/orders.jsonl", True, True),
        ("app/.resources/datasets/rows.json", True, True),
        ("app/.resources/datasets/WRONG.YML", True, True),
        ("app/.resources/TestSuites/Accuracy.xml", True, False),
        ("app/.resources/readme.md", False, False),
        (".pre-commit-config.yaml", False, False),
        (".github/workflows/ci.yml", False, False),
        ("app/app.json", False, False),
        ("docs/mkdocs.yaml", False, False),
    ],
)
def test_hooks_take_dataset_files_of_a_test_app_only(path: str, lint: bool, migrate: bool) -> None:
    found = hooks()
    assert bool(re.search(str(found["datasets-lint"]["files"]), path)) is lint
    assert bool(re.search(str(found["datasets-migrate-check"]["files"]), path)) is migrate


def _env() -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        # Git variables (set when the tests run inside a git hook) would point the
        # temporary repositories elsewhere; GITHUB_ACTIONS would switch the lint output
        # to workflow commands.
        if not key.startswith(("GIT_", "PRE_COMMIT")) and key not in {"GITHUB_ACTIONS", "SKIP"}
    }
    env.update(
        GIT_AUTHOR_NAME="t",
        GIT_AUTHOR_EMAIL="t@example.com",
        GIT_COMMITTER_NAME="t",
        GIT_COMMITTER_EMAIL="t@example.com",
        GIT_CONFIG_NOSYSTEM="1",
        NO_COLOR="1",
    )
    return env


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "commit.gpgsign=false", *args],
        cwd=cwd,
        env=_env(),
        check=True,
        capture_output=True,
    )


def _commit_all(folder: Path) -> None:
    _git(folder, "init", "-q")
    _git(folder, "add", "-A")
    _git(folder, "commit", "-q", "-m", "snapshot")


@pytest.fixture(scope="session")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A git repository holding the package as it is in the working tree now."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path_factory.mktemp("hook-repo")
    for name in PACKAGE_FILES:
        shutil.copy2(REPO / name, repo / name)
    shutil.copytree(
        REPO / "src", repo / "src", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    _commit_all(repo)
    return repo


@pytest.fixture(scope="session")
def dataset_repo(tmp_path_factory: pytest.TempPathFactory, hook_repo: Path) -> Path:
    """A user's repository with a good, a bad and a legacy dataset in a test app."""
    repo = tmp_path_factory.mktemp("user-repo")
    folder = repo / DATASETS
    folder.mkdir(parents=True)
    for name, text in (("GOOD.yaml", GOOD), ("BAD.yaml", BAD), ("LEGACY.yaml", LEGACY)):
        (folder / name).write_text(text, encoding="utf-8")
    _commit_all(repo)
    return repo


def try_repo(hook_repo: Path, cwd: Path, *files: str) -> tuple[int, str]:
    """Run every hook of ``hook_repo`` on ``files``: the exit code and the whole output."""
    proc = subprocess.run(
        [
            *(sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo)),
            *("--color", "never", "--files"),
            *(f"{DATASETS}/{name}" for name in files),
        ],
        cwd=cwd,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    return proc.returncode, proc.stdout + proc.stderr


_STATUS = re.compile(r"^(?P<name>\S.*?)\.{3,}(Passed|Failed|Skipped)$")


def hook_report(output: str, name: str) -> list[str]:
    """One hook's lines of the output: from its status line to the next hook's."""
    lines = output.splitlines()
    starts = [i for i, line in enumerate(lines) if _STATUS.match(line)]
    for i, end in zip(starts, [*starts[1:], len(lines)], strict=True):
        match = _STATUS.match(lines[i])
        if match is not None and match.group("name") == name:
            return lines[i:end]
    raise AssertionError(f"no report of {name!r} in:\n{output}")


@pytest.mark.slow
def test_hooks_pass_on_a_current_clean_dataset(hook_repo: Path, dataset_repo: Path) -> None:
    code, output = try_repo(hook_repo, dataset_repo, "GOOD.yaml")
    assert code == 0, output
    assert hook_report(output, "datasets lint")[0].endswith(".Passed"), output
    assert hook_report(output, "datasets migrate --check")[0].endswith(".Passed"), output


@pytest.mark.slow
def test_hooks_fail_on_a_bad_and_a_legacy_dataset(hook_repo: Path, dataset_repo: Path) -> None:
    code, output = try_repo(hook_repo, dataset_repo, "BAD.yaml", "LEGACY.yaml")
    assert code == 1, output

    lint = hook_report(output, "datasets lint")
    assert lint[0].endswith(".Failed"), output
    assert lint[1:3] == ["- hook id: datasets-lint", "- exit code: 1"], output
    assert any(line.startswith(f"{DATASETS}/BAD.yaml:4:17: error QRY003 ") for line in lint)

    migrate = hook_report(output, "datasets migrate --check")
    assert migrate[0].endswith(".Failed"), output
    assert migrate[1:3] == ["- hook id: datasets-migrate-check", "- exit code: 1"], output
    assert f"{DATASETS}/LEGACY.yaml: needs migration (1 change)" in migrate
    # The bad dataset is in the current format: only the legacy one needs migration.
    assert f"{DATASETS}/BAD.yaml: up to date" in migrate
