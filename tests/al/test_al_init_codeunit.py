"""`datasets init` writes the AL test codeunit of the agent test pattern.

It cannot be compiled here (no AL compiler); the AL reader checks its shape instead, and
the AL lint family checks it against the scaffold's own datasets.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from al_samples import APP_JSON

from ait_datasets.al.declarations import read_al
from ait_datasets.al.reads import AppCode
from ait_datasets.cli import main
from ait_datasets.lint.engine import lint_paths

AL_FILE = "src/SalesAgentAccuracy.Codeunit.al"


def init(tmp_path: Path, *extra: str) -> Path:
    app = tmp_path / "app"
    assert main(["init", str(app), "--code", "SALES", *extra]) == 0
    return app


def test_the_codeunit_has_the_agent_test_properties(tmp_path: Path) -> None:
    app = init(tmp_path, "--codeunit-id", "50210", "--agent-name", "Sales Agent")
    (obj,) = read_al(AL_FILE, (app / AL_FILE).read_text(encoding="utf-8")).objects
    assert (obj.kind, obj.id, obj.name) == ("codeunit", 50210, "SALES Agent Accuracy")
    props = {k: p.value for k, p in obj.properties.items()}
    assert props == {
        "subtype": "Test",
        "testtype": "AITest",
        "testpermissions": "Disabled",
        "requiredtestisolation": "Disabled",
    }
    assert obj.variables["agentnametok"].label == "Sales Agent"
    tests = [p.name for p in obj.procedures if "test" in p.attributes]
    assert tests == ["TestAccuracy"]


def test_the_codeunit_follows_the_turn_loop_and_setup_pattern(tmp_path: Path) -> None:
    app = init(tmp_path)
    code = AppCode([read_al(AL_FILE, (app / AL_FILE).read_text(encoding="utf-8"))])
    reach = code.reach(50100)
    calls = {(c.method, c.receiver_type) for c in reach.calls}
    for needed in (
        ("getagentundertest", "library - agent"),
        ("stoptasks", "library - agent"),
        ("ensureagentisactive", "library - agent"),
        ("runturnandwait", "library - agent"),
        ("finalizeturn", "library - agent"),
        ("issuitesetupdone", "ait test context"),
        ("setevalsuitesetupcompleted", "ait test context"),
        ("getevalsuitesetupdatainput", "ait test context"),
        ("getturnsetup", "ait test context"),
        ("getexpecteddata", "ait test context"),
    ):
        assert needed in calls
    reads = {(r.root, r.path, r.key, r.required) for r in reach.reads}
    # The turn_setup dispatcher over setup_actions, and the expected_data validation.
    assert ("turn_setup", (), "setup_actions", False) in reads
    assert ("turn_setup", ("setup_actions", "*"), "action_type", True) in reads
    assert ("suite_setup", ("setup_actions", "*"), "action_data", True) in reads
    assert ("expected_data", (), "released_orders", False) in reads
    text = (app / AL_FILE).read_text(encoding="utf-8")
    for action in ("'create_location'", "'create_customers'", "'create_sales_order'"):
        assert action in text


def test_the_suite_line_runs_the_codeunit(tmp_path: Path) -> None:
    app = init(tmp_path, "--codeunit-id", "50333")
    text = (app / ".resources/suites/SALES.xml").read_bytes()[2:].decode("utf-16-le")
    assert '<Line CodeunitID="50333"' in text
    assert "codeunit 50333 " in (app / "src/SalesAgentAccuracy.Codeunit.al").read_text("utf-8")


def test_the_scaffold_lints_clean_with_its_al_code(tmp_path: Path) -> None:
    app = init(tmp_path)
    (app / "app.json").write_text(APP_JSON, encoding="utf-8")
    run = lint_paths([str(app)])
    assert run.diagnostics == []


def test_the_al_checks_really_look_at_the_scaffold(tmp_path: Path) -> None:
    app = init(tmp_path)
    (app / "app.json").write_text(APP_JSON, encoding="utf-8")
    path = app / AL_FILE
    text = path.read_text(encoding="utf-8").replace("    RequiredTestIsolation = Disabled;\n", "")
    path.write_text(text, encoding="utf-8")
    run = lint_paths([str(app)])
    assert [(Path(d.path).name, d.code) for d in run.diagnostics] == [
        ("SalesAgentAccuracy.Codeunit.al", "AL003")
    ]


def test_init_says_when_it_cuts_the_folder_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init", str(tmp_path / "my-sales-agent-tests")]) == 0
    err = capsys.readouterr().err
    assert "the suite code is 'MY-SALES-A', the folder name cut to 10 characters" in err
    assert "--code" in err
    shutil.rmtree(tmp_path / "my-sales-agent-tests")
    assert main(["init", str(tmp_path / "short")]) == 0
    assert capsys.readouterr().err == ""


def _app_with(tmp_path: Path, app_json: str, **al_files: str) -> Path:
    app = tmp_path / "app"
    (app / "src").mkdir(parents=True)
    (app / "app.json").write_text(app_json, encoding="utf-8")
    for name, text in al_files.items():
        (app / "src" / name).write_text(text, encoding="utf-8")
    return app


TAKEN = 'codeunit 50200 "Existing Tests"\n{\n    Subtype = Test;\n}\n'
RANGES = '{"idRanges": [{"from": 50200, "to": 50209}]}'


def _codeunit_of(app: Path) -> int | None:
    (obj,) = read_al(AL_FILE, (app / AL_FILE).read_text(encoding="utf-8")).objects
    return obj.id


def test_init_picks_the_first_free_id_of_the_apps_ranges(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = _app_with(tmp_path, RANGES, **{"Existing.Codeunit.al": TAKEN})
    assert main(["init", str(app), "--code", "SALES"]) == 0
    assert _codeunit_of(app) == 50201
    suite = (app / ".resources/suites/SALES.xml").read_bytes()[2:].decode("utf-16-le")
    assert '<Line CodeunitID="50201"' in suite
    assert "codeunit 50202 " in (app / "README.md").read_text(encoding="utf-8")  # install
    assert "codeunit 50201: the first ID of the app's idRanges (50200-50209" in (
        capsys.readouterr().err
    )
    # The scaffold's codeunit does not clash with the app's: the AL checks stay clean.
    assert [d.code for d in lint_paths([str(app)]).diagnostics] == []


def test_init_reads_the_older_id_range_too(tmp_path: Path) -> None:
    app = _app_with(tmp_path, '{"idRange": {"from": 70000, "to": 70010}}')
    assert main(["init", str(app), "--code", "SALES"]) == 0
    assert _codeunit_of(app) == 70000


def test_init_refuses_a_codeunit_id_the_app_declares(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = _app_with(tmp_path, RANGES, **{"Existing.Codeunit.al": TAKEN})
    assert main(["init", str(app), "--code", "SALES", "--codeunit-id", "50200"]) == 2
    err = capsys.readouterr().err
    declared = app / "src" / "Existing.Codeunit.al"
    assert err == (
        f'datasets init: codeunit 50200 is already declared in {declared}:1 ("Existing '
        'Tests"): choose a free ID or leave out --codeunit-id (50201 is free)\n'
    )
    assert not (app / ".resources").exists() and not (app / AL_FILE).exists()


def test_init_refuses_when_every_id_of_the_ranges_is_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = _app_with(tmp_path, '{"idRanges": [{"from": 50200, "to": 50200}]}', **{"A.al": TAKEN})
    assert main(["init", str(app), "--code", "SALES"]) == 2
    assert capsys.readouterr().err == (
        "datasets init: every ID of the app's idRanges (50200-50200, app.json) is a codeunit "
        "already: give a free one with --codeunit-id\n"
    )


def test_init_keeps_an_existing_readme_and_writes_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = _app_with(tmp_path, RANGES)
    (app / "README.md").write_text("# Our app\n", encoding="utf-8")
    assert main(["init", str(app), "--code", "SALES"]) == 0
    assert (app / "README.md").read_text(encoding="utf-8") == "# Our app\n"
    assert (app / AL_FILE).is_file() and (app / ".resources/suites/SALES.xml").is_file()
    out = capsys.readouterr().out
    assert f"{app / 'README.md'}: exists, left as it is" in out
