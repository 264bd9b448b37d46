"""`datasets history` counts every shape of release as the report does, whichever way the
store is read: by the case's hash (the usual way), or by the full key (files written
before the hash was stored, or cases that share a hash).

Random exports, each number checked against `datasets report` over the same tag's rows.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import duckdb
import pytest
from tests.report.history_exports import entry, write_export

from ait_datasets.cli import main
from ait_datasets.report import build_report, read_results
from ait_datasets.report.history import entries, keys
from ait_datasets.report.history.layout import CASE_COLUMNS

# Each tag's Versions: consecutive; wrapping past a multiple of 64; 64 or more apart
# (the mask cannot tell the runs apart); negative; near the largest whole number.
VERSIONS = {
    "consecutive": [1, 2, 3, 4, 5],
    "wrapping": [61, 62, 63, 64, 65, 66],
    "far-apart": [3, 67, 131, 200],
    "negative": [-3, -2, -1, 0],
    "huge": [2**62, 2**62 + 1, 2**62 + 2],
}


def _random_rows(seed: int) -> dict[str, list[dict[str, object]]]:
    """Per tag, rows of 14 cases: most with the tag's usual run count, some with fewer
    or more runs (ranked for their first k), some with two rows a run."""
    rng = random.Random(seed)
    tags: dict[str, list[dict[str, object]]] = {}
    for tag, versions in VERSIONS.items():
        rows: list[dict[str, object]] = []
        usual = len(versions) - 1
        for test in range(14):
            count = usual if test < 9 else rng.choice([1, usual - 1, len(versions)])
            ran = sorted(rng.sample(versions, max(1, count)))
            rng.shuffle(ran)  # an export need not be in Version order
            for version in ran:
                for turn in range(1 + (test % 5 == 0)):
                    passed = rng.random() < 0.75
                    row = entry(
                        f"T{test}", version, passed, tag=tag, id=f"{tag}-{test}-{version}-{turn}"
                    )
                    rows.append(row)
        tags[tag] = rows
    return tags


def _store(tmp_path: Path, tags: dict[str, list[dict[str, object]]]) -> tuple[Path, list[str]]:
    tmp_path.mkdir(exist_ok=True)
    store = tmp_path / "history"
    exports = [write_export(tmp_path / f"{tag}.json", rows) for tag, rows in tags.items()]
    assert main(["history", "add", str(store), *exports]) == 0
    return store, exports


def _history(store: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    capsys.readouterr()
    assert main(["history", str(store), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    data.pop("store")
    return data


def _hashes(store: Path) -> list[object]:
    pattern = str(store / "log_entries" / "**" / "*.parquet").replace("\\", "/")
    return [
        row[0]
        for row in duckdb.sql(
            f"SELECT case_hash FROM read_parquet('{pattern}', union_by_name = true)"
        ).fetchall()
    ]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_release_shape_counts_as_the_report_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    tags = _random_rows(seed)
    store, exports = _store(tmp_path, tags)
    assert None not in _hashes(store)  # read by the hash
    data = _history(store, capsys)
    releases = {r["name"]: r for r in data["releases"]}  # type: ignore[attr-defined]
    assert sorted(releases) == sorted(VERSIONS)
    for tag, export in zip(tags, exports, strict=True):
        report = build_report(read_results([export]))
        summary, release = report.summary, releases[tag]
        assert (tag, release["k"], release["cases"], release["runs"]) == (
            tag,
            report.k,
            summary.cases,
            summary.runs,
        )
        assert release["pass_at_1"]["passed"] == summary.pass_at_1.passed
        assert (release["pass_hat_k"]["passed"], release["pass_hat_k"]["total"]) == (
            summary.pass_hat_k.passed,
            summary.pass_hat_k.total,
        )
        assert release["flaky"] == [o.key.id for o in summary.flaky]
        assert release["never_passed"] == len(summary.never_passed)
        assert release["fewer_than_k_runs"] == len(summary.short)


def _previous_layout(store: Path, into: Path) -> Path:
    """The store's files as the previous layout wrote them: the same rows without the
    case_hash column."""
    source = str(store / "log_entries" / "**" / "*.parquet").replace("\\", "/")
    target = str(into / "log_entries").replace("\\", "/")
    into.mkdir()
    duckdb.sql(
        f"COPY (SELECT * EXCLUDE (case_hash) FROM read_parquet('{source}', "
        "hive_partitioning = true, hive_types = {'suite': 'VARCHAR', 'tag': 'VARCHAR'})) "
        f"TO '{target}' (FORMAT parquet, PARTITION_BY (suite, tag))"
    )
    return into


def test_a_store_written_before_the_hash_reads_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, _ = _store(tmp_path, _random_rows(4))
    old = _previous_layout(store, tmp_path / "old")
    assert _history(old, capsys) == _history(store, capsys)


def test_a_store_of_both_layouts_reads_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tags = _random_rows(5)
    store, _ = _store(tmp_path, tags)
    mixed = _previous_layout(store, tmp_path / "mixed")
    later = [entry("T1", 7, tag="later"), entry("T2", 7, False, tag="later")]
    later_export = write_export(tmp_path / "later.json", later)
    assert main(["history", "add", str(mixed), later_export]) == 0
    assert main(["history", "add", str(store), later_export]) == 0
    assert _hashes(mixed).count(None) == sum(len(rows) for rows in tags.values())
    assert _history(mixed, capsys) == _history(store, capsys)


def test_cases_that_share_a_hash_are_told_apart_by_their_full_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tags = _random_rows(6)
    expected = _history(_store(tmp_path / "a", tags)[0], capsys)
    # Every case with the same hash: each add finds them sharing it and stores none.
    monkeypatch.setattr(entries, "case_hash", lambda *key: 42)
    store, _ = _store(tmp_path / "b", tags)
    assert set(_hashes(store)) == {None}
    assert _history(store, capsys) == expected


def test_a_case_sharing_a_hash_with_a_stored_one_is_stored_without_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = tmp_path / "history"
    first = write_export(tmp_path / "a.json", [entry("T1", 1), entry("T1", 2, False)])
    assert main(["history", "add", str(store), first]) == 0
    (stored,) = set(_hashes(store))
    monkeypatch.setattr(entries, "case_hash", lambda *key: stored)  # T2 has T1's hash
    second = write_export(tmp_path / "b.json", [entry("T2", 1), entry("T2", 2)])
    assert main(["history", "add", str(store), second]) == 0
    assert _hashes(store).count(None) == 2
    (release,) = _history(store, capsys)["releases"]  # type: ignore[misc]
    assert (release["cases"], release["runs"], release["flaky"]) == (
        2,
        4,
        ["AGENT-SUITE/ORDERS/T1/RunScenario"],
    )


@pytest.mark.parametrize("stored_as", ["skipped", "unnamed"])
def test_a_stored_hash_that_cases_does_not_name_is_checked_in_the_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stored_as: str
) -> None:
    # cases/ names the cases of runs only: a skipped eval's case is in the entries alone,
    # and so is every case of a store whose cases/ is gone (an add stopped before it
    # named them).
    store = tmp_path / "history"
    status = "Skipped" if stored_as == "skipped" else None
    first = write_export(tmp_path / "a.json", [entry("T0", 1), entry("T1", 1, status=status)])
    assert main(["history", "add", str(store), first]) == 0
    if stored_as == "unnamed":
        for file in (store / "cases").glob("*.parquet"):
            file.unlink()
    t0, t1 = (keys.case_hash("AGENT-SUITE", "ORDERS", t, "RunScenario") for t in ("T0", "T1"))
    assert sorted(_hashes(store), key=str) == sorted([t0, t1], key=str)
    monkeypatch.setattr(entries, "case_hash", lambda *key: t1)  # T2 has T1's hash
    second = write_export(tmp_path / "b.json", [entry("T2", 1), entry("T2", 2)])
    assert main(["history", "add", str(store), second]) == 0
    assert sorted(_hashes(store), key=str) == sorted([t0, t1, None, None], key=str)


def test_a_stored_case_keeps_its_hash_in_a_later_release(tmp_path: Path) -> None:
    store = tmp_path / "history"
    first = write_export(tmp_path / "a.json", [entry("T1", 1), entry("T2", 1, False)])
    later = [entry(t, 2, tag="rc-2") for t in ("T1", "T2")] + [entry("T3", 2, tag="rc-2")]
    second = write_export(tmp_path / "b.json", later)
    assert main(["history", "add", str(store), first]) == 0
    assert main(["history", "add", str(store), second]) == 0
    hashes = _hashes(store)
    assert None not in hashes
    assert len(set(hashes)) == 3  # T1, T2 (twice each) and T3, each its own hash


def test_text_names_the_first_cases_and_counts_them_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [entry(f"T{t:02d}", v, v != 2) for t in range(25) for v in (1, 2, 3)]
    rows += [entry(f"T{t:02d}", v, tag="rc-2") for t in range(25) for v in (4, 5, 6)]
    store = tmp_path / "history"
    assert main(["history", "add", str(store), write_export(tmp_path / "e.json", rows)]) == 0
    capsys.readouterr()
    assert main(["history", str(store)]) == 0
    out = capsys.readouterr().out
    assert "  flaky (25):\n    AGENT-SUITE/ORDERS/T00/RunScenario\n" in out
    assert "    AGENT-SUITE/ORDERS/T19/RunScenario\n    ... and 5 more (--format json)" in out
    assert "  verdict changed since the release before (25):" in out
    assert "    AGENT-SUITE/ORDERS/T19/RunScenario: flaky -> passed\n    ... and 5 more" in out
    assert "T20" not in out


def _named(store: Path) -> list[tuple[object, ...]]:
    pattern = str(store / "cases" / "*.parquet").replace("\\", "/")
    return sorted(duckdb.sql(f"SELECT * FROM read_parquet('{pattern}')").fetchall())


def test_each_case_is_named_once_with_the_documented_columns(tmp_path: Path) -> None:
    store = tmp_path / "history"
    first = write_export(tmp_path / "a.json", [entry("T1", 1), entry("T2", 1, False)])
    again = [entry("T1", 2), entry("T3", 2), entry("T3", 2, status="Skipped", id="s")]
    second = write_export(tmp_path / "b.json", again)
    assert main(["history", "add", str(store), first]) == 0
    assert main(["history", "add", str(store), second, first]) == 0
    named = _named(store)
    assert sorted(row[1:] for row in named) == sorted(
        ("AGENT-SUITE", "ORDERS", test, "RunScenario") for test in ("T1", "T2", "T3")
    )
    assert {row[0] for row in named} == set(_hashes(store)) - {None}
    assert len(list((store / "cases").glob("*.parquet"))) == 2  # the second add named T3
    file = str(next((store / "cases").glob("*.parquet"))).replace("\\", "/")
    described = duckdb.sql(f"DESCRIBE SELECT * FROM read_parquet('{file}')").fetchall()
    assert [(row[0], row[1]) for row in described] == [(c.name, c.type) for c in CASE_COLUMNS]


def test_without_the_case_names_the_entries_name_the_cases(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, _ = _store(tmp_path, _random_rows(7))
    expected = _history(store, capsys)
    for file in (store / "cases").glob("*.parquet"):
        file.unlink()
    assert _history(store, capsys) == expected


def test_case_names_that_contradict_the_entries_are_not_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, _ = _store(tmp_path, _random_rows(8))
    expected = _history(store, capsys)
    # A copied-in file naming every hash by another case as well.
    target = str(store / "cases" / "cases_other.parquet").replace("\\", "/")
    source = str(store / "cases" / "*.parquet").replace("\\", "/")
    duckdb.sql(
        f"COPY (SELECT case_hash, suite, dataset, 'X' || test AS test, procedure "
        f"FROM read_parquet('{source}')) TO '{target}' (FORMAT parquet)"
    )
    assert _history(store, capsys) == expected
