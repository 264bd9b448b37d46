"""One version, written once (src/ait_datasets/version.py), everywhere a user meets it.

The wheel reads it at build time; the extension's package.json, the schemas' `$id`, the
Schema Store entry, the pre-commit example and the README's CI recipes and modeline name it
(as the tag `v{version}`, which the release workflow creates from it). The changelogs keep
Keep a Changelog's form: `## [Unreleased]` first, then one `## [X.Y.Z] - YYYY-MM-DD`
section per release, newest first, none newer than the version.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from importlib import metadata
from pathlib import Path

import pytest

from ait_datasets.version import __version__

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

REPO = Path(__file__).resolve().parents[1]
# Files that name the release tag (`v0.1.0`) in text: every such mention must be the tag.
TAGGED_TEXT = (
    "README.md",
    "docs/ci.md",
    "docs/getting-started.md",
    "docs/commands/lsp-and-editors.md",
    ".pre-commit-hooks.yaml",
    "docs/schemastore-catalog-entry.json",
    "editors/vscode/README.md",
)
TAG = re.compile(r"(?<![\w.])v(\d+\.\d+\.\d+)\b")
SCHEMAS = "src/ait_datasets/schema/json"
CHANGELOGS = ("CHANGELOG.md", "editors/vscode/CHANGELOG.md")
RELEASE_HEADING = re.compile(r"## \[(\d+)\.(\d+)\.(\d+)\] - \d{4}-\d{2}-\d{2}")


def version_mentions(root: Path) -> list[tuple[str, str]]:
    """(where, version) for every place under ``root`` that names the package's version."""
    found: list[tuple[str, str]] = []
    version_py = (root / "src/ait_datasets/version.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"$', version_py, re.MULTILINE)
    assert match, "src/ait_datasets/version.py has no __version__ line"
    found.append(("src/ait_datasets/version.py", match.group(1)))
    manifest = json.loads((root / "editors/vscode/package.json").read_text(encoding="utf-8"))
    found.append(("editors/vscode/package.json", manifest["version"]))
    lock = json.loads((root / "editors/vscode/package-lock.json").read_text(encoding="utf-8"))
    found.append(("editors/vscode/package-lock.json", lock["version"]))
    found.append(("editors/vscode/package-lock.json packages['']", lock["packages"][""]["version"]))
    for schema in sorted((root / SCHEMAS).glob("*.schema.json")):
        schema_id = json.loads(schema.read_text(encoding="utf-8"))["$id"]
        found += [(f"{SCHEMAS}/{schema.name} $id", v) for v in TAG.findall(schema_id)]
    for name in TAGGED_TEXT:
        text = (root / name).read_text(encoding="utf-8")
        for m in TAG.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            found.append((f"{name}:{line}", m.group(1)))
    return found


def test_every_mention_of_the_version_agrees() -> None:
    disagree = [(where, v) for where, v in version_mentions(REPO) if v != __version__]
    assert disagree == [], f"the version is {__version__}"


def test_the_places_users_copy_from_name_the_release_tag() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    recipes = (REPO / "docs/ci.md").read_text(encoding="utf-8")
    editors = (REPO / "docs/commands/lsp-and-editors.md").read_text(encoding="utf-8")
    tag = f"v{__version__}"
    install = f"git+https://github.com/ait-datasets/ait-datasets@{tag}"
    # The pre-commit snippets, the CI recipes (two in the README; Azure DevOps, GitHub
    # Actions and GitLab on the site), the modeline.
    assert f"rev: {tag}\n" in readme
    assert f"rev: {tag}\n" in recipes
    assert readme.count(install) == 2
    assert recipes.count(install) == 3
    modeline = (
        "# yaml-language-server: $schema="
        f"https://raw.githubusercontent.com/ait-datasets/ait-datasets/{tag}/"
        "src/ait_datasets/schema/json/dataset.schema.json"
    )
    assert modeline in editors
    hooks = (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert f"#     rev: {tag}\n" in hooks


def test_a_stale_mention_is_found(tmp_path: Path) -> None:
    # The checker itself: a copy whose README still names an older tag.
    for name in (*TAGGED_TEXT, "src/ait_datasets/version.py", "editors/vscode/package.json"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, tmp_path / name)
    shutil.copy2(REPO / "editors/vscode/package-lock.json", tmp_path / "editors/vscode")
    shutil.copytree(REPO / SCHEMAS, tmp_path / SCHEMAS)
    readme = tmp_path / "README.md"
    readme.write_text(
        readme.read_text(encoding="utf-8").replace(f"rev: v{__version__}", "rev: v0.0.9"),
        encoding="utf-8",
    )
    stale = [(where, v) for where, v in version_mentions(tmp_path) if v != __version__]
    assert [v for _, v in stale] == ["0.0.9"]
    assert stale[0][0].startswith("README.md:")


def test_the_wheel_takes_its_version_from_the_package() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project
    assert "version" in project["dynamic"]


def test_the_installed_distribution_has_the_version() -> None:
    try:
        dist = metadata.distribution("ait-datasets")
    except metadata.PackageNotFoundError:
        pytest.skip("ait-datasets is not installed (pip install -e .)")
    direct_url = dist.read_text("direct_url.json")
    if direct_url is None or Path(REPO).as_uri() != json.loads(direct_url).get("url"):
        pytest.skip("the installed ait-datasets was not installed from this checkout")
    assert dist.version == __version__


@pytest.mark.parametrize("name", CHANGELOGS)
def test_the_changelog_has_a_section_per_version(name: str) -> None:
    text = (REPO / name).read_text(encoding="utf-8")
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[0] == "## [Unreleased]"
    released = []
    for heading in headings[1:]:
        match = RELEASE_HEADING.fullmatch(heading)
        assert match, f"{name}: {heading!r} is not '## [X.Y.Z] - YYYY-MM-DD'"
        released.append(tuple(int(n) for n in match.groups()))
    assert released == sorted(released, reverse=True), f"{name}: newest release first"
    current = tuple(int(n) for n in __version__.split("."))
    assert all(v <= current for v in released), f"{name}: a release newer than {__version__}"
    # A release in the changelog is the version or older; the version itself may still be
    # unreleased (its section is [Unreleased] until the release moves it).
    assert text.count("## [Unreleased]") == 1
