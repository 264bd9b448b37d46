"""Is a resource an AI-test file: by folder, by content, by the suites that name it."""

from __future__ import annotations

from pathlib import Path

from ait_datasets.dataset.ai_files import is_ai_test_file, referenced_by_suite
from ait_datasets.dataset.suites import Apps
from ait_datasets.source.load import load_bytes

SUITE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Root>\n'
    '  <AITSuite Code="S" Dataset="provinces.yml">\n'
    '    <Line CodeunitID="50100" Dataset="mock" />\n  </AITSuite>\n</Root>\n'
)
PROVINCES = "provinces:\n  - code: ON\n"


def _resources(tmp_path: Path) -> Path:
    resources = tmp_path / "app" / ".resources"
    (resources / "data").mkdir(parents=True)
    (resources / "data" / "provinces.yml").write_text(PROVINCES, encoding="utf-8")
    (resources / "data" / "mock.json").write_text('{"status": 200}', encoding="utf-8")
    (resources / "data" / "cities.yml").write_text("cities: [Toronto]\n", encoding="utf-8")
    return resources


def test_a_resource_named_by_a_suite_is_an_ai_test_file(tmp_path: Path) -> None:
    resources = _resources(tmp_path)
    (resources / "suites").mkdir()
    (resources / "suites" / "s.xml").write_text(SUITE, encoding="utf-8")
    apps = Apps()
    for name in ("provinces.yml", "mock.json"):
        path = resources / "data" / name
        doc = load_bytes(str(path), path.read_bytes())
        # Neither its folder nor its content says so; the suite's `Dataset=` does.
        assert not is_ai_test_file(doc), name
        assert referenced_by_suite(str(path), apps), name
        assert is_ai_test_file(doc, apps), name
    cities = resources / "data" / "cities.yml"
    assert not is_ai_test_file(load_bytes(str(cities), cities.read_bytes()), apps)


def test_without_a_suite_naming_it_a_resource_stays_a_resource(tmp_path: Path) -> None:
    resources = _resources(tmp_path)
    path = resources / "data" / "provinces.yml"
    assert not is_ai_test_file(load_bytes(str(path), path.read_bytes()), Apps())
