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
