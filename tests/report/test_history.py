"""`datasets history` and `report --history`: a store of runs that counts as the report does.

The exports are shaped like the aitTestLogEntries API page (history_exports.py); the
numbers are checked against `datasets report` over the same rows, not against a second
statement of the rules.
"""

from __future__ import annotations

import json
import random
import sys
from datetime import datetime
from pathlib import Path

import duckdb
import pytest
from tests.report.history_exports import entry, write_export

from ait_datasets.cli import main
from ait_datasets.report import build_report, read_results
from ait_datasets.report.history.entries import read_export
from ait_datasets.report.history.layout import COLUMNS, NAMES
from ait_datasets.report.history.store import entries_source


def _stored(store: Path) -> list[tuple[object, ...]]:
    """Every stored (id, suite, tag) row, read by DuckDB itself."""
    pattern = str(store / "log_entries" / "**" / "*.parquet").replace("\\", "/")
    return duckdb.sql(
        f"SELECT id, suite, tag FROM read_parquet('{pattern}', hive_partitioning = true) "
        "ORDER BY id"
    ).fetchall()


def _history_json(store: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> dict:
    capsys.readouterr()
    assert main(["history", str(store), "--format", "json", *extra]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def _release(data: dict, name: str) -> dict:
    (found,) = [r for r in data["releases"] if r["name"] == name]
    return found


# --- add: each log entry once --------------------------------------------------------------


def test_adding_the_same_export_twice_stores_each_log_entry_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [entry(f"T{t}", v, v != 2) for t in range(3) for v in (1, 2, 3)]
    export = write_export(tmp_path / "nightly.json", rows)
    store = tmp_path / "history"
    assert main(["history", "add", str(store), export]) == 0
    assert "added 9 log entries" in capsys.readouterr().out
    assert main(["history", "add", str(store), export, export]) == 0
    out = capsys.readouterr().out
    assert out.count("added 0 log entries (9 already in the history)") == 2
    stored = _stored(store)
    assert len(stored) == 9
    assert sorted(r[0] for r in stored) == sorted(str(r["id"]) for r in rows)


def test_an_export_overlapping_the_history_adds_only_its_new_entries(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = write_export(tmp_path / "a.json", [entry("T1", v) for v in (1, 2)])
    second = write_export(tmp_path / "b.json", [entry("T1", v) for v in (2, 3)])
    store = tmp_path / "history"
    assert main(["history", "add", str(store), first]) == 0
    assert main(["history", "add", str(store), second]) == 0
    assert "b.json: added 1 log entry (1 already in the history)" in capsys.readouterr().out
    assert [r[0] for r in _stored(store)] == [
        "AGENT-SUITE-T1-1-1",
        "AGENT-SUITE-T1-2-1",
        "AGENT-SUITE-T1-3-1",
    ]


def _stored_columns(store: Path) -> dict[str, dict[str, object]]:
    """Every stored row, all its columns, by id (each id once: asserted)."""
    relation = duckdb.sql(f"SELECT {', '.join(NAMES)} FROM {entries_source(str(store))}")
    rows = [dict(zip(NAMES, row, strict=True)) for row in relation.fetchall()]
    by_id = {str(row["id"]): row for row in rows}
    assert len(by_id) == len(rows)
    return by_id


def _as_stored(record: dict[str, object]) -> dict[str, object]:
    """A row as the export reader gives it, with the stored types; batch and added are
    set by the add, and checked on their own."""
    row = {name: record.get(name) for name in NAMES if name not in ("batch", "added")}
    if isinstance(row["started"], str):
        row["started"] = datetime.fromisoformat(row["started"])
    return row


def _varied(tag: str, suite: str, versions: range, start: int) -> list[dict[str, object]]:
    """Rows whose every column differs from row to row (a value read from another row or
    another column shows), with a skipped eval and an infrastructure error."""
    rows: list[dict[str, object]] = []
    for version in versions:
        for test in range(4):
            n = start + len(rows)
            rows.append(
                entry(
                    f"T{test}",
                    version,
                    (n * 5) % 3 != 0,
                    tag=tag,
                    suite=suite,
                    started=f"2026-01-{1 + n % 27:02d}T{n % 24:02d}:{n % 60:02d}:07.25+02:00",
                    tokensConsumed=1000 + n * 7,
                    copilotCredits=n / 8,
                    durationMs=50_000 + n * 13,
                    dataset=f"DS-{n % 3}",
                    procedureName=f"Scenario{test % 2}",
                )
            )
        rows.append(entry("T9", version, tag=tag, suite=suite, status="Skipped"))
        failing = {"procedureName": "", "datasetLineNumber": "", "errorCallStack": f"at {version}"}
        rows.append(entry("", version, False, tag=tag, suite=suite, **failing))
    return rows


def test_the_stored_rows_hold_the_exports_values_column_by_column(tmp_path: Path) -> None:
    store = tmp_path / "history"
    # Two suites and two tags (four partitions), rows of both interleaved.
    a = _varied("rc-1", "AGENT-SUITE", range(1, 4), 0)
    b = _varied("rc 2", "OTHER", range(1, 4), 100)
    first = [row for pair in zip(a, b, strict=True) for row in pair]
    # An entry exported twice in one file, the copy differing: the first is stored.
    first.insert(5, {**first[2], "message": "a later copy", "durationMs": 1})
    # The next export: a partial overlap (its copies differ from the stored rows, which
    # stay), new entries of the same partitions, and an entry twice across two exports.
    overlap = [{**row, "tokensConsumed": 1} for row in first[3:12]]
    later = _varied("rc-1", "AGENT-SUITE", range(4, 6), 200)
    exports = [
        write_export(tmp_path / "first.json", first),
        write_export(tmp_path / "second.json", overlap + later[:5]),
        write_export(tmp_path / "third.json", later[3:]),
    ]
    assert main(["history", "add", str(store), exports[0]]) == 0
    assert main(["history", "add", str(store), exports[1], exports[2]]) == 0
    expected: dict[str, dict[str, object]] = {}
    for path in exports:  # the order they were added in: the first row of an id stays
        for record in read_export(path):
            expected.setdefault(str(record["id"]), _as_stored(record))
    stored = _stored_columns(store)
    assert sorted(stored) == sorted(expected)
    assert len(stored) == len(a) + len(b) + len(later)
    for id_, row in stored.items():
        assert {k: v for k, v in row.items() if k not in ("batch", "added")} == expected[id_]
    # One batch an export, and every row of it from that export.
    batches = {(row["export"], row["batch"]) for row in stored.values()}
    assert sorted(export for export, _ in batches) == ["first.json", "second.json", "third.json"]
    assert all(row["added"] is not None for row in stored.values())


def test_rows_without_an_id_are_named_by_their_content_so_a_second_add_stores_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        {"case": "c1", "run": 1, "passed": True},
        {"case": "c1", "run": 1, "passed": True},  # the same row twice: two rows, kept twice
        {"case": "c1", "run": 2, "passed": False},
    ]
    export = tmp_path / "generic.jsonl"
    export.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    store = tmp_path / "history"
    assert main(["history", "add", str(store), str(export)]) == 0
    assert main(["history", "add", str(store), str(export)]) == 0
    assert "added 0 log entries (3 already in the history)" in capsys.readouterr().out
    assert len(_stored(store)) == 3


def test_the_store_is_partitioned_by_suite_and_tag(tmp_path: Path) -> None:
    rows = [entry("T1", 1, tag="rc 1/a"), entry("T1", 2, tag=""), entry("T2", 1, suite="B")]
    store = tmp_path / "history"
    assert main(["history", "add", str(store), write_export(tmp_path / "e.json", rows)]) == 0
    folders = sorted(
        str(p.parent.relative_to(store / "log_entries")).replace("\\", "/")
        for p in (store / "log_entries").rglob("*.parquet")
    )
    assert folders == [
        "suite=AGENT-SUITE/tag=",
        "suite=AGENT-SUITE/tag=rc%201%2Fa",
        "suite=B/tag=rc-1",
    ]
    assert sorted((r[1], r[2]) for r in _stored(store)) == [
        ("AGENT-SUITE", ""),
        ("AGENT-SUITE", "rc 1/a"),
        ("B", "rc-1"),
    ]


def test_the_files_hold_the_documented_columns(tmp_path: Path) -> None:
    store = tmp_path / "history"
    assert (
        main(["history", "add", str(store), write_export(tmp_path / "e.json", [entry("T", 1)])])
        == 0
    )
    (file,) = (store / "log_entries").rglob("*.parquet")
    names = [
        row[0]
        for row in duckdb.sql(
            f"DESCRIBE SELECT * FROM read_parquet('{str(file).replace(chr(92), '/')}', "
            "hive_partitioning = false)"
        ).fetchall()
    ]
    # The partition columns live in the path, as Hive partitioning puts them.
    assert names == [c.name for c in COLUMNS if c.name not in ("suite", "tag")]


def test_an_export_the_report_refuses_is_refused_in_its_words_and_nothing_is_added(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write_export(tmp_path / "good.json", [entry("T1", 1)])
    bad = tmp_path / "bad.json"
    bad.write_text('{"value": [\n  {"status": "Maybe", "version": 1}\n]}', encoding="utf-8")
    store = tmp_path / "history"
    assert main(["history", "add", str(store), good, str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:2:3: value[0]: 'status' must be Success, Error or Skipped" in err
    assert not list(store.rglob("*.parquet"))


# --- the view per release ------------------------------------------------------------------


def _two_tags(tmp_path: Path) -> Path:
    # rc-1: T1 passes 3/3, T2 passes 2/3 (flaky), T3 0/3. rc-2: all pass 3/3 but T3 (1/3).
    rc1 = [entry("T1", v) for v in (1, 2, 3)]
    rc1 += [entry("T2", v, v != 2) for v in (1, 2, 3)]
    rc1 += [entry("T3", v, False) for v in (1, 2, 3)]
    rc2 = [
        entry(t, v, t != "T3" or v == 4, tag="rc-2", started="2026-02-01T10:00:00Z")
        for t in ("T1", "T2", "T3")
        for v in (4, 5, 6)
    ]
    store = tmp_path / "history"
    exports = [write_export(tmp_path / "rc1.json", rc1), write_export(tmp_path / "rc2.json", rc2)]
    assert main(["history", "add", str(store), *exports]) == 0
    return store


def test_two_tags_are_two_releases_with_their_pass_hat_k(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _history_json(_two_tags(tmp_path), capsys)
    assert [r["name"] for r in data["releases"]] == ["rc-1", "rc-2"]
    rc1, rc2 = _release(data, "rc-1"), _release(data, "rc-2")
    assert (rc1["k"], rc1["cases"], rc1["runs"]) == (3, 3, 9)
    assert {k: rc1["pass_hat_k"][k] for k in ("passed", "total")} == {"passed": 1, "total": 3}
    assert rc1["pass_at_1"]["passed"] == 5
    assert rc1["flaky"] == ["AGENT-SUITE/ORDERS/T2/RunScenario"]
    assert rc1["never_passed"] == 1
    assert {k: rc2["pass_hat_k"][k] for k in ("passed", "total")} == {"passed": 2, "total": 3}
    low, high = rc2["pass_hat_k"]["interval_95"]
    assert 0 < low < 2 / 3 < high < 1
    assert rc2["credits_per_pass"] == pytest.approx(9 * 0.5 / 7)
    assert rc2["changed"] == [
        {"id": "AGENT-SUITE/ORDERS/T2/RunScenario", "before": "flaky", "after": "passed"},
        {"id": "AGENT-SUITE/ORDERS/T3/RunScenario", "before": "never passed", "after": "flaky"},
    ]


def test_each_release_counts_as_the_report_does_on_that_tags_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Random exports: several rows a run, skipped evals, reruns that leave cases short."""
    rng = random.Random(36)
    rows: list[dict[str, object]] = []
    for tag_index, tag in enumerate(("alpha", "beta", "gamma")):
        for test in range(12):
            for version in range(tag_index * 10 + 1, tag_index * 10 + 1 + rng.randint(1, 4)):
                for turn in range(rng.randint(1, 2)):
                    skipped = rng.random() < 0.05
                    rows.append(
                        entry(
                            f"T{test}",
                            version,
                            rng.random() < 0.7,
                            tag=tag,
                            status="Skipped" if skipped else None,
                            turn=turn,
                            copilotCredits=rng.choice([0.25, 0.5, None]),
                        )
                    )
    store = tmp_path / "history"
    exports = []
    for tag in ("alpha", "beta", "gamma"):
        tagged = [r for r in rows if r["tag"] == tag]
        exports.append(write_export(tmp_path / f"{tag}.json", tagged))
    assert main(["history", "add", str(store), *exports]) == 0
    data = _history_json(store, capsys)
    for tag, export in zip(("alpha", "beta", "gamma"), exports, strict=True):
        report = build_report(read_results([export]))
        summary = report.summary
        release = _release(data, tag)
        assert release["k"] == report.k
        assert release["cases"] == summary.cases
        assert release["runs"] == summary.runs
        assert (release["pass_at_1"]["passed"], release["pass_at_1"]["total"]) == (
            summary.pass_at_1.passed,
            summary.pass_at_1.total,
        )
        assert (release["pass_hat_k"]["passed"], release["pass_hat_k"]["total"]) == (
            summary.pass_hat_k.passed,
            summary.pass_hat_k.total,
        )
        assert release["flaky"] == [o.key.id for o in summary.flaky]
        assert release["never_passed"] == len(summary.never_passed)
        assert release["fewer_than_k_runs"] == len(summary.short)
        assert release["skipped"] == len(report.skipped)
        assert report.costs is not None
        assert release["credits"] == pytest.approx(report.costs.credits)


def test_since_keeps_the_runs_that_started_then_or_later(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _history_json(_two_tags(tmp_path), capsys, "--since", "2026-01-15")
    assert [r["name"] for r in data["releases"]] == ["rc-2"]
    assert data["since"] == "2026-01-15T00:00:00"


def test_suite_keeps_one_suite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [entry("T1", 1), entry("T1", 1, suite="OTHER", tag="rc-9")]
    store = tmp_path / "history"
    assert main(["history", "add", str(store), write_export(tmp_path / "e.json", rows)]) == 0
    data = _history_json(store, capsys, "--suite", "OTHER")
    assert [r["name"] for r in data["releases"]] == ["rc-9"]


def test_untagged_runs_are_a_release_per_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [entry("T1", v, tag="") for v in (7, 8)]
    store = tmp_path / "history"
    assert main(["history", "add", str(store), write_export(tmp_path / "e.json", rows)]) == 0
    assert [r["name"] for r in _history_json(store, capsys)["releases"]] == ["v7", "v8"]


def test_text_names_flaky_and_changed_cases(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = _two_tags(tmp_path)
    capsys.readouterr()
    assert main(["history", str(store)]) == 0
    out = capsys.readouterr().out
    assert "rc-2     2026-02-01 10:00  3  3      9     77.8% (7/9)  66.7% (2/3)" in out
    assert "    AGENT-SUITE/ORDERS/T3/RunScenario: never passed -> flaky" in out


def test_the_html_page_draws_the_trend_without_scripts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [entry("T1", 1, tag="<b>rc</b>"), entry("T1", 2, False, tag="rc-2")]
    store = tmp_path / "history"
    assert main(["history", "add", str(store), write_export(tmp_path / "e.json", rows)]) == 0
    page = tmp_path / "history.html"
    assert main(["history", str(store), "-o", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert "<svg" in html and 'class="hat"' in html
    assert "<script" not in html and "http://" not in html.replace("http://www.w3.org/2000/svg", "")
    assert "&lt;b&gt;rc&lt;/b&gt;" in html and "<b>rc</b>" not in html


def test_an_empty_store_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    assert main(["history", str(tmp_path / "empty")]) == 0
    assert "no runs in the history" in capsys.readouterr().out


def test_a_store_that_is_not_there_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["history", str(tmp_path / "nowhere")]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == (
        f"datasets history: {tmp_path / 'nowhere'}: no such folder "
        "(create it with `datasets history add`)"
    )


def test_without_duckdb_the_history_says_which_extra_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "duckdb", None)  # `import duckdb` raises ImportError
    export = write_export(tmp_path / "e.json", [entry("T1", 1)])
    assert main(["history", "add", str(tmp_path / "h"), export]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == "datasets history: the history needs DuckDB: pip install 'ait-datasets[history]'"


# --- report --history --last N -------------------------------------------------------------


def _comparable(data: dict) -> dict:
    """The report's JSON less where the rows were read from (a history keeps no file
    positions)."""
    data = dict(data)
    data.pop("sources")
    for case in data["cases"]:
        for run in case["runs"]:
            run.pop("origin")
    for skipped in data["skipped"]:
        skipped.pop("origin")
    return data


@pytest.mark.parametrize("last", [1, 3, 4, 10])
def test_report_over_the_last_n_runs_equals_the_report_of_those_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], last: int
) -> None:
    nights = []
    rng = random.Random(last)
    for night in range(1, 7):
        rows = [
            entry(f"T{t}", night, rng.random() < 0.6, tag=f"n{night}", turn=turn)
            for t in range(5)
            if not (t == 4 and night > 2)  # T4 stopped running after night 2
            for turn in range(1 + (t == 0))  # T0 logs two rows a run
        ]
        if night == 6:
            rows.append(entry("T1", 6, status="Skipped", id="skipped-6"))
        nights.append(rows)
    exports = [write_export(tmp_path / f"night{n}.json", rows) for n, rows in enumerate(nights)]
    store = tmp_path / "history"
    assert main(["history", "add", str(store), *exports]) == 0
    # Each case's last N Versions, from the concatenated exports (rows of the other kinds
    # come with the exports they are in).
    every = [row for rows in nights for row in rows]
    kept_versions: dict[str, set[int]] = {}
    for test in {str(r["datasetLineNumber"]) for r in every}:
        ran = sorted(
            {
                int(r["version"])
                for r in every  # type: ignore[call-overload]
                if r["datasetLineNumber"] == test and r["status"] != "Skipped"
            }
        )
        kept_versions[test] = set(ran[-last:])
    nights_kept = {v for vs in kept_versions.values() for v in vs}
    window = [
        r
        for r in every
        if (r["status"] == "Skipped" and r["version"] in nights_kept)
        or r["version"] in kept_versions[str(r["datasetLineNumber"])]
    ]
    expected_file = write_export(tmp_path / "window.json", window)
    capsys.readouterr()
    assert main(["report", "--history", str(store), "--last", str(last), "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert main(["report", expected_file, "--format", "json"]) == 0
    expected = json.loads(capsys.readouterr().out)
    assert _comparable(got) == _comparable(expected)


def test_report_history_without_last_reads_every_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = _two_tags(tmp_path)
    capsys.readouterr()
    assert main(["report", "--history", str(store), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["runs"] == 18


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["report", "--last", "3", "x.json"], "--last is for --history"),
        (["report"], "give the result FILEs to read (or --history STORE)"),
        (["report", "x.json", "--history", "h"], "give FILEs or --history STORE, not both"),
        (["report", "--history", "h", "--show-data"], "a history keeps no inputData"),
    ],
)
def test_report_history_options_that_do_not_go_together(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_the_documented_layout_is_the_stored_one() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "commands" / "history.md"
    text = page.read_text(encoding="utf-8")
    table = text[text.index("| column | type | what it holds |") :]
    rows = [line.split(" | ") for line in table.splitlines() if line.startswith("| `")]
    documented = [(name.strip("| `"), kind, meaning.rstrip(" |")) for name, kind, meaning in rows]
    assert documented == [(c.name, c.type, c.meaning) for c in COLUMNS]
