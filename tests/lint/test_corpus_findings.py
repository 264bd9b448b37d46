"""Microsoft's own datasets: every file lints without a crash, and the findings are pinned.

Each pinned finding is a true problem per the framework's code, or documented here.
New findings (or lost ones) fail this test, so a rule change is a visible decision.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from ait_datasets.lint.discover import discover
from ait_datasets.lint.engine import lint_document
from ait_datasets.source import load

SHOPIFY_TMA = "microsoft__BCApps/src/Apps/NA/ShopifyNA/test/.resources/TestScenarios/"
SHOPIFY_CTM = (
    "microsoft__BCApps/src/Apps/W1/Shopify/CopilotTaxMatching/test/.resources/TestScenarios/"
)
SHOPIFY_CTM2 = (
    "microsoft__BCApps/src/Apps/W1/Shopify/ShpfyCopilotTaxMatching/test/.resources/TestScenarios/"
)
SLS = "microsoft__BCApps/src/Apps/W1/SalesLinesSuggestions/test/.resources/Datasets/"
AIT = "microsoft__BCApps/src/Tools/AI Test Toolkit/src/Samples/"

# Feature-branch Shopify datasets put `test_setup: <file>.yaml` at the top level of a file
# with `tests:`. The importer stores each test of `tests` as its own row: top-level keys
# other than name/language/suite_setup are never read, so this setup reference is lost.
_TOP_LEVEL_TEST_SETUP = [(1, 1, "STR001")]

PINNED: dict[str, list[tuple[int, int, str]]] = {
    **{
        SHOPIFY_TMA + f"TMA-TS-{name}.yaml": _TOP_LEVEL_TEST_SETUP
        for name in (
            "AccCA",
            "AccUS-1",
            "AccUS-2",
            "Guard",
            "Hard",
            "Heldout",
            "JurisdictionCreate",
            "JurisdictionMatch",
            "RealCA",
            "RealUS",
            "ShippingTax",
            "TaxArea",
            "TaxDetail",
            "Traps",
        )
    },
    **{
        SHOPIFY_CTM + f"CTM-TS-{name}.yaml": _TOP_LEVEL_TEST_SETUP
        for name in (
            "Guard",
            "JurisdictionCreate",
            "JurisdictionMatch",
            "ShippingTax",
            "TaxArea",
            "TaxDetail",
        )
    },
    **{
        SHOPIFY_CTM2 + f"CTM-TS-{name}.yaml": _TOP_LEVEL_TEST_SETUP
        for name in ("Guard", "JurisdictionCreate", "JurisdictionMatch", "TaxArea", "TaxDetail")
    },
    # Single-quoted strings: Business Central's lenient JSON reader accepts them (the file
    # ships on main), strict JSON tools do not -> a warning, not an error.
    SLS + "SearchItemWithFilters.jsonl": [(1, 119, "SYN011")],
    # Raw tab characters inside strings (CSV prompts with TAB separators): same story.
    SLS + "Attachment/ExtractInfoFromCsvPrompt.jsonl": [(3, 63, "SYN011")],
    SLS + "Attachment/LoadMappingFromCsv.jsonl": [(3, 63, "SYN011")],
    SLS + "Attachment/LoadSuggestionsFromCsv.jsonl": [(3, 63, "SYN011")],
    # Pretty-printed objects over several lines: the importer reads JSONL with
    # InStream.ReadText, one line per object, so line 1 (`{`) fails to parse.
    AIT + "MultiTurnInput.jsonl": [(1, 2, "SYN009")],
    AIT + "MultiTurnOutputExample.jsonl": [(1, 2, "SYN009")],
    # Microsoft's own negative fixture: a multi-document YAML file is invalid.
    "microsoft__BCApps/src/Tools/Test Framework/Test Runner/src/Sample4-Invalid.yaml": [
        (94, 1, "SYN003")
    ],
}


def test_every_corpus_file_lints_and_findings_are_pinned(corpus: Path) -> None:
    found: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
    files = 0
    for path in discover([str(corpus)]):
        files += 1
        for d in lint_document(load(path)):
            rel = Path(d.path).relative_to(corpus).as_posix()
            found[rel].append((d.line, d.column, d.code))
    assert files >= 95
    assert dict(found) == PINNED
