"""`datasets report --rerun-plan DIR`: a subset dataset and a suite XML for the cases worth
rerunning, each test copied byte for byte, and the runs each case needs."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.report.model import CaseKey, Run
from ait_datasets.report.rerun_plan import (
    BORDERLINE,
    FLAKY,
    TARGET_WIDTH,
    UNDER_SAMPLED,
    plan,
    reason,
    runs_for_width,
    width_at,
)
from ait_datasets.report.stats import Z_95, CaseOutcome, wilson_interval

# A comment inside a test, a block scalar whose content starts with '#', a comment line
# between two tests (it belongs to neither), and a flow mapping over two lines.
ORDERS = (
    "name: Orders\n"
    "language: da-DK\n"
    "suite_setup: ORDERS-SETUP\n"
    "tests:\n"
    "  - name: ORDER-001  # the hand-over\n"
    "    turns:\n"
    "      - query:\n"
    "          from: a@b.c\n"
    "          title: New order\n"
    "          message: |\n"
    "            # unknown customer\n"
    "        expected_data:\n"
    "          intervention_request:\n"
    "            type: Assistance\n"
    "  # the next test\n"
    "  - name: order-002\n"
    "    turns:\n"
    "      - query: {from: a@b.c, title: T,\n"
    "                message: M}\n"
    "        expected_data: {}\n"
    "  - name: ORDER-003\n"
    "    turns:\n"
    "      - query: {from: a@b.c, title: T, message: M}\n"
    "        expected_data: {}\n"
)
# The tests' own text: ORDER-001 up to its last value's line, without the comment after.
ORDER_001 = ORDERS[ORDERS.index("  - name: ORDER-001") : ORDERS.index("\n  # the next test")]
ORDER_002 = ORDERS[ORDERS.index("  - name: order-002") : ORDERS.index("\n  - name: ORDER-003")]
SETUP = "name: ORDERS-SETUP\nsuite_setup:\n  setup_actions:\n    - action_type: none\n"
# CRLF line breaks: copied as they are.
ACCURACY = (
    '{"name": "ACC-1", "question": "q1", "expected_data": {"a": 1}}\r\n'
    '{"name": "ACC-2",   "question": "q2"}\r\n'
    '{"name": "ACC-3", "question": "q3"}\r\n'
)
SUITES = """\
<?xml version="1.0" encoding="UTF-8"?>
<Root>
  <AITSuite Code="AGENT" Description="Agent" Dataset="ORDERS.YAML" TestType="Agent" \
TestRunnerId="130451" Capability="Custom Agent">
    <Line CodeunitID="50100" Description="Orders" />
  </AITSuite>
  <AITSuite Code="ACC" Description="Accuracy" Dataset="Accuracy" TestType="Copilot">
    <Line CodeunitID="50101" Description="Accuracy &amp; more" Dataset="Accuracy">
      <Evaluator Evaluator="Exact" Type="Code" />
    </Line>
  </AITSuite>
</Root>
"""


def _row(suite: str, dataset: str, test: str, version: int, status: str) -> dict[str, object]:
    return {
        "aitCode": suite,
        "lineNumber": 10000,
        "version": version,
        "procedureName": "Run",
        "status": status,
        "message": "" if status == "Success" else "failed",
        "dataset": dataset,
        "datasetLineNumber": test,
        "tag": "",
        "copilotCredits": 0.5,
    }


@pytest.fixture
def app(tmp_path: Path) -> tuple[Path, Path]:
    resources = tmp_path / "app" / ".resources"
    (resources / "datasets").mkdir(parents=True)
    (resources / "suites").mkdir()
    (resources / "datasets" / "Orders.yaml").write_bytes(ORDERS.encode())
    (resources / "datasets" / "Orders-Setup.yaml").write_bytes(SETUP.encode())
    (resources / "datasets" / "Accuracy.jsonl").write_bytes(ACCURACY.encode())
    (resources / "suites" / "suite.xml").write_bytes(SUITES.encode())
    rows = []
    for v in range(1, 6):
        # ORDER-001 flaky; order-002 passes 5 of 5 (not in the plan at k=5);
        rows.append(_row("AGENT", "ORDERS.YAML", "ORDER-001", v, "Error" if v == 2 else "Success"))
        rows.append(_row("AGENT", "ORDERS.YAML", "ORDER-002", v, "Success"))
        rows.append(_row("ACC", "ACCURACY", "ACC-1", v, "Success"))
        # A case of a dataset the --datasets folder does not hold: listed, not dropped.
        rows.append(_row("AGENT", "OTHER.YAML", "GONE", v, "Error" if v % 2 else "Success"))
    # ORDER-003 and ACC-2: two runs (under-sampled); ACC-3: every eval skipped.
    for v in (1, 2):
        rows.append(_row("AGENT", "ORDERS.YAML", "ORDER-003", v, "Success"))
        rows.append(_row("ACC", "ACCURACY", "ACC-2", v, "Success"))
        rows.append(_row("ACC", "ACCURACY", "ACC-3", v, "Skipped"))
    export = tmp_path / "export.json"
    export.write_text(json.dumps({"value": rows}), encoding="utf-8")
    return tmp_path / "app", export


def _plan(app: tuple[Path, Path], folder: Path, *extra: str) -> int:
    return main(
        ["report", str(app[1]), "--datasets", str(app[0]), "--rerun-plan", str(folder), *extra]
    )


def test_the_source_app_lints_clean(app: tuple[Path, Path]) -> None:
    # The plan's own lint check below means something only if its sources are clean.
    assert main(["lint", str(app[0])]) == 0


def test_plan_writes_subsets_and_a_suite_that_lint_clean(
    app: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "plan"
    # Exit 1: the flaky ORDER-001 is a hand-over case, which must pass k of k (the gates
    # apply as without a plan).
    assert _plan(app, folder) == 1
    captured = capsys.readouterr()
    out = captured.out
    assert "gate not met: hand-over" in captured.err
    assert sorted(p.name for p in folder.iterdir()) == [
        "Accuracy-rerun.jsonl",
        "Orders-rerun.yaml",
        "rerun-plan.xml",
    ]
    assert "Orders-rerun.yaml" in out
    # Linted where it runs: copied into the app (its suite_setup names the app's setup
    # file, and its lines the app's codeunits).
    import shutil

    shutil.copytree(folder, app[0] / ".resources" / "rerun")
    assert main(["lint", str(app[0])]) == 0, capsys.readouterr().out


def test_tests_are_copied_byte_for_byte(app: tuple[Path, Path], tmp_path: Path) -> None:
    folder = tmp_path / "plan"
    _plan(app, folder)
    orders = (folder / "Orders-rerun.yaml").read_bytes()
    # ORDER-001 (flaky) and ORDER-003 (under-sampled) are planned, order-002 is not.
    assert ORDER_001.encode() + b"\n" in orders
    assert ORDER_002.encode() not in orders
    assert b"# the next test" not in orders  # the comment between tests stays behind
    assert b"\nlanguage: da-DK\nsuite_setup: ORDERS-SETUP\n" in orders  # as written
    assert b'\nname: "Orders-rerun"\n' in orders  # its own group name, never the source's
    accuracy = (folder / "Accuracy-rerun.jsonl").read_bytes()
    lines = ACCURACY.encode().split(b"\r\n")
    # ACC-1 (5 of 5 agree) is not; ACC-2 (2 runs) and ACC-3 (every eval skipped) are.
    assert accuracy == lines[1] + b"\r\n" + lines[2] + b"\r\n"


def test_suite_xml_runs_the_subsets_with_the_source_suites_settings(
    app: tuple[Path, Path], tmp_path: Path
) -> None:
    import xml.etree.ElementTree as ET

    folder = tmp_path / "plan"
    _plan(app, folder)
    root = ET.fromstring((folder / "rerun-plan.xml").read_bytes())
    assert root.tag == "Root"
    suites = {s.get("Description", "").split(":")[0]: s for s in root.findall("AITSuite")}
    agent = suites["Rerun plan of AGENT"]
    assert agent.get("Code") in ("RERUN1", "RERUN2") and len(agent.get("Code", "")) <= 10
    assert (agent.get("TestType"), agent.get("TestRunnerId")) == ("Agent", "130451")
    assert agent.get("Capability") == "Custom Agent"
    [line] = agent.findall("Line")
    assert (line.get("CodeunitID"), line.get("Dataset")) == ("50100", "ORDERS-RERUN.YAML")
    acc = suites["Rerun plan of ACC"]
    [line] = acc.findall("Line")
    assert line.get("Dataset") == "ACCURACY-RERUN"  # a JSONL group code has no extension
    assert line.get("Description") == "Accuracy & more"
    assert [(e.get("Evaluator"), e.get("Type")) for e in line.findall("Evaluator")] == [
        ("Exact", "Code")
    ]


def test_plan_prints_each_cases_runs_to_go(
    app: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _plan(app, tmp_path / "plan")
    out = capsys.readouterr().out

    def row(case: str) -> list[str]:
        [line] = [line for line in out.splitlines() if line.strip().startswith(case + " ")]
        return line.split()

    flaky = row("AGENT/ORDERS.YAML/ORDER-001/Run")
    assert flaky[1:3] == ["flaky", "4/5"]
    assert flaky[4] == f"+{runs_for_width(4, 5, TARGET_WIDTH) - 5}"
    assert flaky[-1] == "Orders-rerun.yaml"
    short = row("AGENT/ORDERS.YAML/ORDER-003/Run")
    # 2 of 2 passed: the Wilson width z^2 / (n + z^2) falls to 0.3 at n >= z^2 (1 - w) / w.
    needed = math.ceil(Z_95**2 * (1 - TARGET_WIDTH) / TARGET_WIDTH)
    assert short[1:3] == ["under-sampled", "2/2"] and short[4] == f"+{needed - 2}"
    skipped = row("ACC/ACCURACY/ACC-3/Run")
    assert skipped[1:3] == ["under-sampled", "0/0"] and skipped[3] == "-"
    assert not any(line.strip().startswith("ACC/ACCURACY/ACC-1/Run") for line in out.splitlines())
    # Listed, not dropped: the case whose test is in no --datasets file.
    assert re.search(r"Not in the plan \(1\)", out)
    assert "AGENT/OTHER.YAML/GONE/Run  (flaky)  its test was not found" in out


def test_plan_folder_is_readable_as_a_source_again(
    app: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ait_datasets.report.sources import index_sources

    folder = tmp_path / "plan"
    _plan(app, folder)
    index = index_sources([str(folder)])
    assert set(index.tests) == {
        ("ORDERS-RERUN.YAML", "ORDER-001"),
        ("ORDERS-RERUN.YAML", "ORDER-003"),
        ("ACCURACY-RERUN", "ACC-2"),
        ("ACCURACY-RERUN", "ACC-3"),
    }


def test_report_goes_to_output_with_a_plan(
    app: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "report.json"
    _plan(app, tmp_path / "plan", "-o", str(report))
    assert "Rerun plan:" in capsys.readouterr().out
    assert json.loads(report.read_text())["summary"]["cases"] == 6


@pytest.mark.parametrize(
    "where",
    ["app", "resources", "export-folder"],
)
def test_plan_refuses_a_folder_with_inputs_or_sources(
    app: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    folder = {
        "app": app[0],  # holds the source datasets
        "resources": app[0] / ".resources" / "plan",  # inside a source folder
        "export-folder": tmp_path,  # holds the export
    }[where]
    before = sorted(p for p in tmp_path.rglob("*"))
    assert _plan(app, folder) == 2
    assert "--rerun-plan:" in capsys.readouterr().err
    assert sorted(p for p in tmp_path.rglob("*")) == before


def test_plan_never_replaces_a_file(
    app: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "plan"
    folder.mkdir()
    (folder / "rerun-plan.xml").write_text("mine", encoding="utf-8")
    assert _plan(app, folder) == 2
    assert "exists; nothing written" in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["rerun-plan.xml"]
    assert (folder / "rerun-plan.xml").read_text(encoding="utf-8") == "mine"


def test_plan_needs_datasets(
    app: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["report", str(app[1]), "--rerun-plan", str(tmp_path / "plan")])
    assert code == 2 and "--rerun-plan needs --datasets" in capsys.readouterr().err
    assert not (tmp_path / "plan").exists()


def test_a_datasets_path_that_is_not_there_is_refused(
    app: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, the plan took the missing path's parent for the source folder and refused
    # a plan folder "inside" it; without a plan it reported zero linked cases.
    missing = tmp_path / "no-such-app"
    plan = ["--rerun-plan", str(tmp_path / "plan")]
    for extra in (plan, []):
        code = main(["report", str(app[1]), "--datasets", str(missing), *extra])
        err = capsys.readouterr().err
        assert code == 2
        assert err.strip() == f"datasets report: --datasets {missing}: no such file or folder"
    assert not (tmp_path / "plan").exists()


def test_target_width_changes_the_runs(
    app: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _plan(app, tmp_path / "a", "--target-width", "0.5")
    wide = capsys.readouterr().out
    _plan(app, tmp_path / "b", "--target-width", "0.1")
    narrow = capsys.readouterr().out
    case = "AGENT/ORDERS.YAML/ORDER-001/Run"

    def more(out: str) -> int:
        [line] = [line for line in out.splitlines() if line.strip().startswith(case)]
        return int(line.split()[4])

    assert more(wide) == runs_for_width(4, 5, 0.5) - 5
    assert more(narrow) == runs_for_width(4, 5, 0.1) - 5 > more(wide)


# --- The numbers ---------------------------------------------------------------------


@pytest.mark.parametrize("passes,runs", [(0, 1), (3, 3), (4, 5), (1, 2), (50, 100)])
@pytest.mark.parametrize("width", [0.05, 0.2, 0.3, 0.6])
def test_runs_for_width_is_the_fewest(passes: int, runs: int, width: float) -> None:
    total = runs_for_width(passes, runs, width)
    rate = passes / runs
    assert total >= runs
    assert width_at(rate, total) <= width
    assert total == runs or width_at(rate, total - 1) > width


def test_width_at_is_wilsons_width_at_whole_counts() -> None:
    for passes, runs in [(0, 3), (3, 3), (2, 3), (7, 20)]:
        interval = wilson_interval(passes, runs)
        assert interval is not None
        assert width_at(passes / runs, runs) == pytest.approx(interval.high - interval.low)


def test_runs_for_width_rejects_a_width_outside_0_1() -> None:
    with pytest.raises(ValueError, match="target width"):
        runs_for_width(1, 2, 0)


def _outcome(results: str, k: int) -> CaseOutcome:
    runs = tuple(Run(i + 1, mark == "+") for i, mark in enumerate(results))
    return CaseOutcome(CaseKey("S", "D", "T"), runs, k)


@pytest.mark.parametrize(
    "results,k,why",
    [
        ("++", 3, UNDER_SAMPLED),
        ("+x+", 3, FLAKY),
        ("+++x", 3, FLAKY),  # a failure after the first k still makes it flaky here
        ("+++", 3, BORDERLINE),  # 3 of 3: the Wilson interval's lower end is 0.44
        ("xxx", 3, BORDERLINE),
        ("++++", 4, None),  # 4 of 4: lower end 0.51, settled on its side of 50%
        ("xxxx", 4, None),
    ],
)
def test_reason(results: str, k: int, why: str | None) -> None:
    assert reason(_outcome(results, k)) == why


def test_plan_with_no_runs_assumes_the_widest_rate() -> None:
    from ait_datasets.report.model import SkippedRun

    key = CaseKey("S", "D", "T")
    [need] = plan([], [SkippedRun(key, 1, "credit limit", "x:1")], 3)
    assert (need.why, need.runs) == (UNDER_SAMPLED, 0)
    assert need.more == runs_for_width(1, 2, TARGET_WIDTH)  # the runs a 50% case needs


# --- JSON datasets, a file that is one test, a flow-style test ---------------------------

JSON_TESTS = (
    '[\n  {"name": "J-1", "question": "q1",\n   "expected_data": {"a": [1, 2]}},\n'
    '  {"name": "J-2", "question": "q2"}\n]\n'
)
ONE_TEST = "name: SOLO\nquestion: q\n"
# A flow sequence: its items have no lines of their own. (An item in flow style inside a
# block list, `- {name: X}`, has its line, and is copied.)
FLOW = "tests: [{name: F-1, question: q},\n  {name: F-2, question: q2}]\n"
SUITE_OF_THREE = """\
<?xml version="1.0" encoding="UTF-8"?>
<Root>
  <AITSuite Code="COP" Description="Copilot" Dataset="Json" TestType="Copilot">
    <Line CodeunitID="50200" Dataset="Json" />
    <Line CodeunitID="50201" Dataset="Solo.yaml" />
    <Line CodeunitID="50202" Dataset="Flow.yaml" />
  </AITSuite>
</Root>
"""


@pytest.fixture
def copilot_app(tmp_path: Path) -> tuple[Path, Path]:
    resources = tmp_path / "app" / ".resources"
    resources.mkdir(parents=True)
    (resources / "Json.json").write_bytes(JSON_TESTS.encode())
    (resources / "Solo.yaml").write_bytes(ONE_TEST.encode())
    (resources / "Flow.yaml").write_bytes(FLOW.encode())
    (resources / "suite.xml").write_bytes(SUITE_OF_THREE.encode())
    rows = []
    for v in (1, 2, 3, 4):
        failed = "Error" if v == 2 else "Success"
        rows.append(_row("COP", "JSON", "J-1", v, failed))
        rows.append(_row("COP", "JSON", "J-2", v, "Success"))
        rows.append(_row("COP", "SOLO.YAML", "SOLO", v, failed))
        rows.append(_row("COP", "FLOW.YAML", "F-1", v, failed))
        rows.append(_row("COP", "FLOW.YAML", "F-2", v, failed))
    export = tmp_path / "export.json"
    export.write_text(json.dumps({"value": rows}), encoding="utf-8")
    return tmp_path / "app", export


def test_json_whole_file_and_flow_style_tests(
    copilot_app: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "plan"
    _plan(copilot_app, folder)
    out = capsys.readouterr().out
    element = JSON_TESTS[JSON_TESTS.index('{"name": "J-1"') : JSON_TESTS.index("},\n  {") + 1]
    # A JSON array's element, byte for byte, in an array of its own.
    assert (folder / "Json-rerun.json").read_bytes() == b"[\n" + element.encode() + b"\n]\n"
    # A file that is one test is copied whole.
    assert (folder / "Solo-rerun.yaml").read_bytes() == ONE_TEST.encode()
    # The flow sequence's tests are listed, not copied (nor half-copied).
    assert not (folder / "Flow-rerun.yaml").exists()
    for test in ("F-1", "F-2"):
        assert f"COP/FLOW.YAML/{test}/Run  (flaky)" in out
    assert out.count("written in flow style inside the list") == 2
    import xml.etree.ElementTree as ET

    [suite] = ET.fromstring((folder / "rerun-plan.xml").read_bytes()).findall("AITSuite")
    lines = {line.get("CodeunitID"): line.get("Dataset") for line in suite.findall("Line")}
    assert lines == {"50200": "JSON-RERUN", "50201": "SOLO-RERUN.YAML"}
