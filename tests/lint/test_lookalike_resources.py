"""Resources that are not AI-test files are left alone (issue 15's discovery fixes).

The fixtures under ``fixtures/lookalikes`` are written for these tests, after the kinds
of files Microsoft's test apps keep in `.resources` beside their datasets: a Data
Exchange Definition whose root is `<root>`, a `provinces.yml`, an empty HTTP-mock `.json`.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from ait_datasets.lint.engine import lint_paths

LOOKALIKES = Path(__file__).parent / "fixtures" / "lookalikes" / "app"


def _lint(root: Path) -> list[tuple[str, int, int, str]]:
    run = lint_paths([str(root)])
    assert run.unreadable == []
    return [(Path(d.path).name, d.line, d.column, d.code) for d in run.diagnostics]


def test_lookalike_resources_give_no_finding() -> None:
    assert _lint(LOOKALIKES) == []


def test_the_same_mistakes_in_dataset_files_are_still_reported(tmp_path: Path) -> None:
    app = tmp_path / "app"
    shutil.copytree(LOOKALIKES, app)
    datasets = app / ".resources" / "datasets"
    (datasets / "returns.yml").write_text(
        (datasets / "orders.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    (datasets / "empty.json").write_text("", encoding="utf-8")
    suites = app / ".resources" / "suites"
    suites.mkdir()
    (suites / "orders.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<root>\n'
        '  <AITSuite Code="ORDERS" Dataset="orders.yaml" />\n</root>\n',
        encoding="utf-8",
    )
    # A misnamed dataset (by its folder and content), an empty dataset in a dataset
    # folder, a suite with a misspelt root: each reported where it is.
    assert sorted(_lint(app)) == [
        ("empty.json", 1, 1, "SYN006"),
        ("orders.xml", 2, 2, "XML003"),
        ("returns.yml", 1, 1, "FIL001"),
    ]


def test_a_yml_shaped_like_a_dataset_is_reported_anywhere(tmp_path: Path) -> None:
    resources = tmp_path / "app" / ".resources" / "data"
    resources.mkdir(parents=True)
    (resources / "orders.yml").write_text("tests:\n  - name: T1\n    question: Hi\n")
    assert _lint(tmp_path / "app") == [("orders.yml", 1, 1, "FIL001")]


def test_xml_catalogs_are_not_read_as_suites(tmp_path: Path) -> None:
    # A catalog resource saved as UTF-16 without a byte order mark (which a suite may not
    # be, XML002): it is not a suite, so neither its encoding nor its content is reported.
    catalogs = tmp_path / "app" / ".resources" / "Catalogs"
    catalogs.mkdir(parents=True)
    catalog = (
        '<?xml version="1.0" encoding="UTF-16"?>\n<Catalog>\n  <Row Code="MX" />\n</Catalog>\n'
    )
    (catalogs / "country-codes.xml").write_bytes(catalog.encode("utf-16-le"))
    assert _lint(tmp_path / "app") == []
    # The same bytes with a suite in them are a suite XML, and checked.
    suite = catalog.replace("<Catalog>", "<Root>").replace("</Catalog>", "</Root>")
    suite = suite.replace('<Row Code="MX" />', '<AITSuite Code="S1" Dataset="d.yaml" />')
    (catalogs / "country-codes.xml").write_bytes(suite.encode("utf-16-le"))
    # (XML012 too: the app has no d.yaml.)
    assert [code for *_, code in _lint(tmp_path / "app")] == ["XML002", "XML012"]


_SUITE_NAMING = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Root>\n'
    '  <AITSuite Code="SHIPPING" Description="Shipping" Dataset="{dataset}"\n'
    '            TestType="Copilot" TestRunnerId="130450">\n'
    '    <Line CodeunitID="50100" Description="Ship" Dataset="{line}" />\n'
    "  </AITSuite>\n</Root>\n"
)


def test_a_resource_a_suite_names_is_an_ai_test_file(tmp_path: Path) -> None:
    # Neither in a dataset folder nor shaped like a dataset, but a suite's `Dataset=`
    # names them: the suite would import and run them, so they are datasets after all.
    app = tmp_path / "app"
    shutil.copytree(LOOKALIKES, app)
    suites = app / ".resources" / "suites"
    suites.mkdir()
    (suites / "shipping.xml").write_text(
        _SUITE_NAMING.format(dataset="provinces.yml", line="EMPTY-RESPONSE"), encoding="utf-8"
    )
    assert sorted(_lint(app)) == [
        ("empty-response.json", 1, 1, "SYN006"),
        ("provinces.yml", 1, 1, "FIL001"),
        ("provinces.yml", 3, 11, "SYN012"),
    ]


def test_a_suite_naming_other_files_leaves_the_lookalikes_alone(tmp_path: Path) -> None:
    app = tmp_path / "app"
    shutil.copytree(LOOKALIKES, app)
    suites = app / ".resources" / "suites"
    suites.mkdir()
    (suites / "orders.xml").write_text(
        _SUITE_NAMING.format(dataset="orders.yaml", line="orders.yaml"), encoding="utf-8"
    )
    assert _lint(app) == []


def test_a_suite_of_another_app_does_not_make_a_resource_a_dataset(tmp_path: Path) -> None:
    app = tmp_path / "app"
    shutil.copytree(LOOKALIKES, app)
    other = tmp_path / "other" / ".resources" / "suites"
    other.mkdir(parents=True)
    (other / "shipping.xml").write_text(
        _SUITE_NAMING.format(dataset="provinces.yml", line="EMPTY-RESPONSE"), encoding="utf-8"
    )
    found = _lint(tmp_path)
    assert [f for f in found if f[0] in ("provinces.yml", "empty-response.json")] == []
