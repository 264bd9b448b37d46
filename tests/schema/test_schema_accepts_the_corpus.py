"""The shipped JSON Schemas never call a valid Microsoft dataset invalid.

"Valid" is what the framework accepts, with `datasets lint` as its proxy: a corpus file
with no error finding. Each such file must pass the schema of its kind (as
`datasets lsp`'s neighbours and the YAML extension apply them), and every YAML file the
JSON Schema Store entry (docs/schemastore-catalog-entry.json) sends to the dataset schema
must pass that schema, since an editor applies it by path alone. The ShopifyNA Copilot
datasets, whose top level holds `test_setup:` (a key the importer drops), are among them.
"""

from __future__ import annotations

import fnmatch
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from ait_datasets.dataset import shape
from ait_datasets.schema import shipped_schema
from ait_datasets.source import load
from ait_datasets.source.document import Document

REPO = Path(__file__).resolve().parents[2]
CATALOG = REPO / "docs" / "schemastore-catalog-entry.json"
KINDS = ("dataset", "suite-setup", "jsonl-row")
VALIDATORS = {kind: Draft202012Validator(shipped_schema(kind)) for kind in KINDS}


def files_with_errors(folder: Path) -> set[Path]:
    """The files `datasets lint FOLDER` reports an error in (the app's cross-file rules too)."""
    proc = subprocess.run(
        [sys.executable, "-m", "ait_datasets", "lint", "--format", "json", "--exit-zero"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    return {
        (folder / finding["path"]).resolve()
        for finding in json.loads(proc.stdout)
        if finding["severity"] == "error"
    }


def accepted_files(corpus: Path) -> list[Path]:
    rejected = files_with_errors(corpus)
    return [
        path
        for path in sorted(corpus.rglob("*"))
        if path.is_file()
        and path.suffix.lower() in (".yaml", ".yml", ".json", ".jsonl")
        and path.resolve() not in rejected
    ]


def schema_errors(kind: str, data: Any) -> list[str]:
    return [
        f"{kind}: /{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for e in VALIDATORS[kind].iter_errors(data)
    ]


def errors_by_kind(doc: Document) -> list[str]:
    """What the schema of the file's kind says about it (what lint reads it as)."""
    kind = shape.file_kind(doc)
    if kind == shape.JSONL:
        return [e for row in doc.rows for e in schema_errors("jsonl-row", row.data)]
    if doc.format == "json" and isinstance(doc.data, list):
        return [e for item in doc.data for e in schema_errors("jsonl-row", item)]
    if kind == shape.DATASET:
        return schema_errors("dataset", doc.data)
    if kind == shape.SUITE_SETUP:
        return schema_errors("suite-setup", doc.data)
    return []


@pytest.mark.corpus
def test_every_schema_accepts_every_corpus_file_lint_accepts(corpus: Path) -> None:
    checked, rejected = 0, []
    for path in accepted_files(corpus):
        doc = load(str(path))
        if not doc.data and not doc.rows:
            continue  # an empty file: nothing for a schema to read
        checked += 1
        rejected += [f"{path.relative_to(corpus)}: {e}" for e in errors_by_kind(doc)]
    assert checked > 50, "the corpus holds far more accepted datasets than that"
    assert rejected == []


@pytest.mark.corpus
def test_the_shopify_copilot_datasets_with_test_setup_pass(corpus: Path) -> None:
    shopify = sorted(corpus.rglob("ShopifyNA/test/.resources/TestScenarios/*.yaml"))
    with_test_setup = [p for p in shopify if "test_setup" in (load(str(p)).data or {})]
    assert len(with_test_setup) >= 10
    accepted = set(accepted_files(corpus))
    for path in with_test_setup:
        assert path in accepted, f"{path}: datasets lint reports an error"
        assert schema_errors("dataset", load(str(path)).data) == [], path


def catalog() -> dict[str, Any]:
    entry = json.loads(CATALOG.read_text(encoding="utf-8"))
    assert isinstance(entry, dict)
    return entry


def test_the_catalog_entry_points_at_the_dataset_schema_for_resources_datasets() -> None:
    entry = catalog()
    assert set(entry) == {"name", "description", "fileMatch", "url"}
    assert entry["fileMatch"] == ["**/.resources/datasets/**/*.yaml"]
    assert entry["url"] == shipped_schema("dataset")["$id"]


def _matches(pattern: str, relative: str) -> bool:
    # `**/` may stand for no folder at all, as in the YAML extension's glob matching.
    variants = {pattern, pattern.replace("**/", "", 1), pattern.replace("/**/", "/")}
    variants |= {v.replace("**/", "", 1) for v in variants}
    return any(fnmatch.fnmatchcase(relative, v) for v in variants)


@pytest.mark.corpus
def test_the_dataset_schema_accepts_every_file_the_catalog_sends_it(corpus: Path) -> None:
    patterns = catalog()["fileMatch"]
    sent = [
        path
        for path in accepted_files(corpus)
        if any(_matches(p, path.relative_to(corpus).as_posix()) for p in patterns)
    ]
    assert len(sent) > 20
    rejected = [
        f"{path.relative_to(corpus)}: {e}"
        for path in sent
        for e in schema_errors("dataset", load(str(path)).data)
    ]
    assert rejected == []
