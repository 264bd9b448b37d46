"""The files `datasets init` writes: a small, complete agent test app `.resources/` tree."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ait_datasets.dsl import builders as b
from ait_datasets.dsl.al_codeunit import DEFAULT_AGENT_NAME, test_codeunit
from ait_datasets.dsl.canonical import to_yaml
from ait_datasets.dsl.placeholders import date_formula
from ait_datasets.dsl.suite_xml import (
    MAX_SUITE_CODE,
    Suite,
    SuiteLine,
    dataset_reference,
    suite_xml_bytes,
)

DEFAULT_CODEUNIT = 50100


@dataclass(frozen=True)
class ScaffoldFile:
    """One file of the scaffold: its path relative to the target folder, and its bytes."""

    path: Path
    data: bytes


def prefix_for(folder: Path) -> str:
    """A suite code from a folder name: upper case, letters/digits/dashes, at most 10."""
    return _folder_code(folder)[:MAX_SUITE_CODE].strip("-") or "AGENT"


def prefix_was_cut(folder: Path) -> bool:
    """Whether :func:`prefix_for` had to cut the folder's name to fit the suite code."""
    return len(_folder_code(folder)) > MAX_SUITE_CODE


def _folder_code(folder: Path) -> str:
    return re.sub(r"[^A-Z0-9-]+", "-", folder.resolve().name.upper()).strip("-")


def codeunit_name(prefix: str) -> str:
    """The test codeunit's object name (AL names have at most 30 characters)."""
    return f"{prefix} Agent Accuracy"[:30]


def scaffold(
    prefix: str,
    codeunit_id: int = DEFAULT_CODEUNIT,
    agent_name: str = DEFAULT_AGENT_NAME,
    install_id: int | None = None,
) -> list[ScaffoldFile]:
    """The scaffold's files for suite code ``prefix`` and test codeunit ``codeunit_id``;
    the README's install codeunit is ``install_id`` (default: the next ID)."""
    setup_name = f"{prefix}-SETUP"
    dataset_file = f"{prefix}-ACC.yaml"
    setup = b.suite_setup(
        setup_name,
        b.action("create_location", {"Code": "MAIN", "Name": "Main warehouse"}),
        b.action("create_customers", {"No.": "CUST01", "Name": "Adatum Corporation"}),
    )
    order = b.setup(
        b.action(
            "create_sales_order",
            {"Sell-to Customer No.": "CUST01", "Shipment Date": date_formula("<CW+1M>")},
        )
    )
    undated = b.setup(b.action("create_sales_order", {"Sell-to Customer No.": "CUST01"}))
    task = b.task(
        "Process open sales orders",
        from_="Jane Doe",
        message="Please release all open sales orders.",
    )
    dataset = b.dataset(
        b.agent_test(
            "RELEASE-DATED-ORDER",
            b.turn(task, b.expect(released_orders=1), setup=order),
            description="An order with a shipment date is released without asking.",
        ),
        b.agent_test(
            "ASK-FOR-SHIPMENT-DATE",
            b.turn(task, b.expect("Assistance", released_orders=0), setup=undated),
            b.turn(
                b.instruction(f"Ship it on {date_formula('<CW+1M>')}"),
                b.expect(released_orders=1),
            ),
            description="Without a shipment date the agent asks; the user gives one.",
        ),
        suite_setup=setup_name,
    )
    suite = Suite(
        code=prefix,
        description=f"{prefix} agent accuracy",
        dataset=dataset_reference(dataset_file),
        capability="Custom Agent",
        frequency="Manual",
        lines=[
            SuiteLine(codeunit_id, dataset_reference(dataset_file), f"{prefix} accuracy tests"),
        ],
    )
    resources = Path(".resources")
    actions = ["create_location", "create_customers", "create_sales_order"]
    al = test_codeunit(codeunit_id, codeunit_name(prefix), agent_name, actions)
    return [
        ScaffoldFile(
            resources / "datasets" / "suite_setup" / f"{setup_name}.yaml",
            to_yaml(setup).encode("utf-8"),
        ),
        ScaffoldFile(resources / "datasets" / dataset_file, to_yaml(dataset).encode("utf-8")),
        ScaffoldFile(resources / "suites" / f"{prefix}.xml", suite_xml_bytes(suite)),
        ScaffoldFile(Path("src") / al_file_name(prefix), al.encode("utf-8")),
        ScaffoldFile(
            Path("README.md"),
            readme(prefix, setup_name, dataset_file, codeunit_id, install_id).encode("utf-8"),
        ),
    ]


def al_file_name(prefix: str) -> str:
    return f"{re.sub(r'[^A-Za-z0-9]', '', prefix.title())}AgentAccuracy.Codeunit.al"


def readme(
    prefix: str, setup_name: str, dataset_file: str, codeunit_id: int, install_id: int | None = None
) -> str:
    install = codeunit_id + 1 if install_id is None else install_id
    return f"""# {prefix} agent tests

Created by `datasets init`. Check the files any time with `datasets lint .`

- `.resources/datasets/suite_setup/{setup_name}.yaml`: the suite setup, run once per
  suite; datasets reference it by its `name:` (`suite_setup: {setup_name}`).
- `.resources/datasets/{dataset_file}`: the dataset, one test per scenario, each with
  `turns:`; the second test pauses for a user intervention and gets an answer.
- `.resources/suites/{prefix}.xml`: the eval suite (UTF-16), `TestType="Agent"`,
  `TestRunnerId="130451"`, running codeunit {codeunit_id}.
- `src/{al_file_name(prefix)}`: the AL test codeunit that reads the datasets.

## Wiring it into the AL test app

1. In the test app's `app.json`, add `".resources"` to `resourceFolders` and depend on the
   AI Test Toolkit and the Test Runner apps (Library - Agent).
2. Import the files when the app is installed. Only the file name is passed to the
   importer, so file names must be unique across folders:

```al
codeunit {install} "{prefix} Install"
{{
    Subtype = Install;

    trigger OnInstallAppPerCompany()
    var
        AITALTestSuiteMgt: Codeunit "AIT AL Test Suite Mgt";
        ResourcePath: Text;
        ResourceStream: InStream;
    begin
        foreach ResourcePath in NavApp.ListResources('*.yaml') do begin
            NavApp.GetResource(ResourcePath, ResourceStream, TextEncoding::UTF8);
            AITALTestSuiteMgt.ImportTestInputs(
                ResourcePath.Substring(ResourcePath.LastIndexOf('/') + 1), ResourceStream);
        end;
        foreach ResourcePath in NavApp.ListResources('*.xml') do begin
            NavApp.GetResource(ResourcePath, ResourceStream);
            AITALTestSuiteMgt.ImportAITestSuite(ResourceStream);
        end;
    end;
}}
```

3. `src/{al_file_name(prefix)}` is the test codeunit the suite runs
   (codeunit {codeunit_id} "{codeunit_name(prefix)}", the suite XML's `CodeunitID`). It has
   the properties agent tests need (`Subtype = Test`, `TestType = AITest`,
   `TestPermissions = Disabled`, `RequiredTestIsolation = Disabled`), an `Initialize` that
   takes the agent under test (`LibraryAgent.GetAgentUnderTest`), stops its old tasks,
   activates it and runs the suite setup once (`IsSuiteSetupDone` /
   `SetEvalSuiteSetupCompleted`), and the turn loop: `RunTurnAndWait`, your validation of
   `expected_data`, `FinalizeTurn` (which also checks `intervention_request`). Fill in:
   - `FindAgent`: how your app finds (or creates) the agent when the suite names none;
   - one procedure per `action_type` of `setup_actions` (`CreateLocation`,
     `CreateCustomers`, `CreateSalesOrder`): create the records from `ActionData`;
   - `ValidateExpectedData`: one check per key of `expected_data` (it checks
     `released_orders`).
   The codeunit was not compiled here: build it with the AL compiler of your Business
   Central version. `datasets lint .` checks it against the datasets once `app.json` is
   beside `.resources` (keys it reads that no turn defines, the properties, the calls).
4. The suite references the dataset by file name with its `.yaml` extension
   (`Dataset="{dataset_reference(dataset_file)}"`; case does not matter). A `.jsonl`
   dataset is referenced without its extension.
"""
