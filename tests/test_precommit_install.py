"""The pre-commit hooks as users install them: from the repository at a tag, and from a
local checkout.

Each run installs the hook repository into a fresh virtual environment with pip (as a
user's `pre-commit install` does), so these tests need the package index for the
dependencies, as tests/lint/test_precommit_hooks.py does; they are `slow`.

- At a tag: the README's own `.pre-commit-config.yaml` snippet, with its `repo:` URL
  pointed at a git repository holding the package as it is now, tagged as the snippet's
  `rev:` (the tag the release creates; tests/test_versions_agree.py checks it is
  `v{version}`).
- From a local checkout: `pre-commit try-repo <this checkout> HOOK`, per hook (try-repo
  takes the checkout's committed and modified tracked files).
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

REPO = Path(__file__).resolve().parents[1]
# What `pip install` of the package needs from the repository.
PACKAGE_FILES = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml")
DATASETS = "app/.resources/datasets"
GOOD = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: Jane, title: Hi, message: Hi}\n"
    "        expected_data: {}\n"
)
# The task input has no `from`: QRY003 at 4:17.
BAD = GOOD.replace("from: Jane, ", "")
# A legacy agent dataset: `question:` inside `turns:`.
LEGACY = "tests:\n  - name: T1\n    turns:\n      - question: Hello\n        expected_data: {}\n"


def _env(home: Path | None = None) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        # Git variables (set when the tests run inside a git hook) would point the
        # temporary repositories elsewhere; GITHUB_ACTIONS would switch the lint output.
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
    if home is not None:
        env["PRE_COMMIT_HOME"] = str(home)
    return env


def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false", *args],
        cwd=cwd,
        env=_env(),
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def _commit_all(folder: Path) -> None:
    _git(folder, "init", "-q")
    _git(folder, "add", "-A")
    _git(folder, "commit", "-q", "-m", "snapshot")


def _readme_snippet() -> dict[str, object]:
    """The `.pre-commit-config.yaml` the README tells users to write."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## pre-commit and CI") :]
    match = re.search(r"```yaml\n(.*?)```", section, re.DOTALL)
    assert match, "the README's pre-commit section has no yaml snippet"
    config = yaml.safe_load(match.group(1))
    assert isinstance(config, dict)
    return config


def _pre_commit(cwd: Path, *args: str, home: Path | None = None) -> tuple[int, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "pre_commit", *args, "--color", "never"],
        cwd=cwd,
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=600,
    )
    return proc.returncode, proc.stdout + proc.stderr


_STATUS = re.compile(r"^(?P<name>\S.*?)\.{3,}(?P<status>Passed|Failed|Skipped)$")


def statuses(output: str) -> dict[str, str]:
    """Each hook's status line: name -> Passed/Failed/Skipped."""
    return {
        m.group("name"): m.group("status")
        for line in output.splitlines()
        if (m := _STATUS.match(line))
    }


@pytest.fixture
def user_repo(tmp_path: Path) -> Path:
    """A user's repository with a good, a bad and a legacy dataset in a test app."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "user-repo"
    folder = repo / DATASETS
    folder.mkdir(parents=True)
    for name, text in (("GOOD.yaml", GOOD), ("BAD.yaml", BAD), ("LEGACY.yaml", LEGACY)):
        (folder / name).write_text(text, encoding="utf-8")
    _commit_all(repo)
    return repo


def test_the_readme_snippet_names_both_hooks_of_this_repository() -> None:
    config = _readme_snippet()
    (entry,) = config["repos"]  # type: ignore[misc]
    assert entry["repo"] == "https://github.com/ait-datasets/ait-datasets"
    manifest = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert [h["id"] for h in entry["hooks"]] == [h["id"] for h in manifest]
    assert {h["language"] for h in manifest} == {"python"}


@pytest.mark.slow
def test_the_readme_snippet_installs_the_hooks_from_the_tag(
    tmp_path: Path, user_repo: Path
) -> None:
    config = _readme_snippet()
    (entry,) = config["repos"]  # type: ignore[misc]
    # The repository as it is now, at the snippet's tag.
    hook_repo = tmp_path / "ait-datasets"
    hook_repo.mkdir()
    for name in PACKAGE_FILES:
        shutil.copy2(REPO / name, hook_repo / name)
    shutil.copytree(
        REPO / "src", hook_repo / "src", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    _commit_all(hook_repo)
    _git(hook_repo, "tag", str(entry["rev"]))
    entry["repo"] = str(hook_repo)
    (user_repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")

    files = [f"{DATASETS}/{name}" for name in ("GOOD.yaml", "BAD.yaml", "LEGACY.yaml")]
    code, output = _pre_commit(user_repo, "run", "--files", *files, home=tmp_path / "cache")
    assert code == 1, output
    assert statuses(output) == {"datasets lint": "Failed", "datasets migrate --check": "Failed"}
    assert f"{DATASETS}/BAD.yaml:4:17: error QRY003 " in output
    assert f"{DATASETS}/LEGACY.yaml: needs migration (1 change)" in output

    # The same installed hooks (cached) pass on the good dataset alone.
    code, output = _pre_commit(
        user_repo, "run", "--files", f"{DATASETS}/GOOD.yaml", home=tmp_path / "cache"
    )
    assert code == 0, output
    assert statuses(output) == {"datasets lint": "Passed", "datasets migrate --check": "Passed"}


def _checkout() -> Path:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    if not (REPO / ".git").exists():
        pytest.skip("not a git checkout (try-repo clones the checkout)")
    return REPO


@pytest.mark.slow
def test_try_repo_runs_datasets_lint_from_the_local_checkout(user_repo: Path) -> None:
    code, output = _pre_commit(
        user_repo,
        *("try-repo", str(_checkout()), "datasets-lint"),
        *("--files", f"{DATASETS}/BAD.yaml", f"{DATASETS}/GOOD.yaml"),
    )
    assert code == 1, output
    assert statuses(output) == {"datasets lint": "Failed"}
    assert f"{DATASETS}/BAD.yaml:4:17: error QRY003 " in output
    assert "GOOD.yaml:" not in output


@pytest.mark.slow
def test_try_repo_runs_the_migrate_check_from_the_local_checkout(user_repo: Path) -> None:
    code, output = _pre_commit(
        user_repo,
        *("try-repo", str(_checkout()), "datasets-migrate-check"),
        *("--files", f"{DATASETS}/LEGACY.yaml", f"{DATASETS}/GOOD.yaml"),
    )
    assert code == 1, output
    assert statuses(output) == {"datasets migrate --check": "Failed"}
    assert f"{DATASETS}/LEGACY.yaml: needs migration (1 change)" in output
    assert f"{DATASETS}/GOOD.yaml: up to date" in output
