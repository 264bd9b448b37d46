"""JSON datasets (one array of tests, or one test): each element is a test in the tree; a
changed element is written back as JSON in the file's style and every other byte stays as
it was (Pilot, the command and the model behind them)."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest
from textual.widgets import Input, TextArea
from tui_support import answer, make_editor, select, settle

from ait_datasets.cli import main
from ait_datasets.tui.layout import JSON, JSON_SINGLE
from ait_datasets.tui.model import DatasetModel

ARRAY = """\
[
  {
    "name": "DESK",
    "question": "I need a desk",
    "expected_data": {"qty": 1}
  },
  {
    "name": "CHAIR",
    "question": "Retrieve a chair",
    "given": ["Items"]
  },
  {"name": "LAMP", "question": "Copy both"}
]
"""


def changed_lines(before: str, after: str) -> list[str]:
    """The lines a diff of the two texts removes (-) or adds (+)."""
    return [
        line
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
        if line[:1] in "-+" and not line.startswith(("---", "+++"))
    ]


def test_elements_are_tests_and_render_back_exactly() -> None:
    model = DatasetModel("tests.json", ARRAY)
    assert model.layout.kind == JSON
    assert len(model) == 3 and model.text() == ARRAY
    assert [model.name(i) for i in range(3)] == ["DESK", "CHAIR", "LAMP"]
    assert model.summary(1).name == "CHAIR"
    base, edits = model.edits_to_save(model.chunks)
    assert base == ARRAY and edits == []
    # Lines of the tests in the file (the chunks have lines of their own).
    assert [model.first_line(i) for i in range(3)] == [2, 7, 12]


@pytest.mark.parametrize(
    "text",
    [
        '[{"name":"A","question":"x"},{"name":"B"}]',
        '\n\n  [ {"name": "A"} ,\r\n\t{"name": "B",\r\n\t "question": "q"}  ]  \n\n',
        "[]",
        "[\n]\n",
        '{\n  "name": "ONE",\n  "question": "q"\n}',
        '[{"name": "caf\\u00e9", "q": "a\\/b \\\\u00e9", "n": 1e5, "t": "tab\\tin"}]\n',
    ],
)
def test_any_standard_layout_renders_back_byte_for_byte(text: str) -> None:
    model = DatasetModel("tests.json", text)
    assert model.text() == text
    assert not model.dirty


def test_a_value_typed_in_place_changes_only_that_value() -> None:
    model = DatasetModel("tests.json", ARRAY)
    model.set_value(1, ("question",), "Retrieve two chairs")
    assert model.text() == ARRAY.replace("Retrieve a chair", "Retrieve two chairs")
    base, edits = model.edits_to_save(model.chunks)
    assert base == ARRAY and len(edits) == 1
    # The edit spans the second element only.
    assert ARRAY[edits[0].start : edits[0].end].startswith('{\n    "name": "CHAIR"')


def test_a_structural_change_rewrites_that_element_in_the_files_style() -> None:
    model = DatasetModel("tests.json", ARRAY)
    model.add_turn(1, None, kind="question", texts={"question": "And a lamp?"})
    saved = model.text()
    assert json.loads(saved)[1] == {
        "name": "CHAIR",
        # `given` is not a turn's key: it stays on the test (see `shape.ensure_turns`).
        "given": ["Items"],
        "turns": [
            {"question": "Retrieve a chair"},
            {"question": "And a lamp?", "expected_data": {}},
        ],
    }
    # Indented as the file indents: two spaces a level, the element at column 2.
    assert '\n  {\n    "name": "CHAIR",\n    "given": [\n      "Items"\n    ],' in saved
    # Only the second element's lines change.
    first, third = ARRAY.split('\n  {\n    "name": "CHAIR"')[0], '  {"name": "LAMP"'
    assert saved.startswith(first) and third in saved
    assert all("CHAIR" in line or "DESK" not in line for line in changed_lines(ARRAY, saved))
    assert not any("DESK" in line or "LAMP" in line for line in changed_lines(ARRAY, saved))


def test_add_delete_and_move_keep_the_separators_and_the_other_elements() -> None:
    model = DatasetModel("tests.json", ARRAY)
    model.add_test(None, name="NEW", texts={"question": "Which lamp?"}, kind="question")
    added = model.text()
    assert json.loads(added)[3] == {"name": "NEW", "question": "Which lamp?", "expected_data": {}}
    # The last element gains the separator the file writes between elements.
    assert changed_lines(ARRAY, added) == [
        '-  {"name": "LAMP", "question": "Copy both"}',
        '+  {"name": "LAMP", "question": "Copy both"},',
        "+  {",
        '+    "name": "NEW",',
        '+    "question": "Which lamp?",',
        '+    "expected_data": {}',
        "+  }",
    ]
    model.delete_test(3)
    assert model.text() == ARRAY
    model.delete_test(2)  # the last: the one before it loses its comma
    assert changed_lines(ARRAY, model.text()) == [
        "-  },",
        '-  {"name": "LAMP", "question": "Copy both"}',
        "+  }",
    ]
    model.delete_test(0)
    assert json.loads(model.text()) == [json.loads(ARRAY)[1]]
    model.undo()
    model.undo()
    assert model.text() == ARRAY
    model.move_test(2, -1)
    assert [t["name"] for t in json.loads(model.text())] == ["DESK", "LAMP", "CHAIR"]
    model.undo()
    assert model.text() == ARRAY


def test_an_empty_array_gains_its_first_test_on_lines_of_its_own() -> None:
    model = DatasetModel("new.json", "[]\n")
    model.add_test(None, name="FIRST", texts={"question": "Hello?"}, kind="question")
    assert model.text() == (
        '[\n  {\n    "name": "FIRST",\n    "question": "Hello?",\n    "expected_data": {}\n  }\n]\n'
    )


def test_one_line_arrays_stay_one_line_and_compact() -> None:
    text = '[{"name":"A","question":"x"},{"name":"B","question":"y"}]'
    model = DatasetModel("tests.json", text)
    model.add_turn(0, None, kind="question", texts={"question": "z"})
    assert model.text() == (
        '[{"name":"A","turns":[{"question":"x"},{"question":"z","expected_data":{}}]},'
        '{"name":"B","question":"y"}]'
    )


def test_an_ascii_file_with_escapes_keeps_escaping() -> None:
    text = '[\n  {\n    "name": "caf\\u00e9",\n    "question": "x"\n  }\n]\n'
    model = DatasetModel("tests.json", text)
    model.add_test(None, name="NA\u00cfVE", texts={"question": "\u00e9t\u00e9"}, kind="question")
    assert model.text().isascii() and "NA\\u00cfVE" in model.text()
    assert json.loads(model.text())[1]["question"] == "\u00e9t\u00e9"


def test_a_file_that_is_one_test_is_edited_as_that_test() -> None:
    text = '{\n  "name": "ONE",\n  "question": "q"\n}\n'
    model = DatasetModel("one.json", text)
    assert model.layout.kind == JSON_SINGLE and not model.layout.holds_tests
    model.set_value(0, ("question",), "q2")
    assert model.text() == text.replace('"q"', '"q2"')


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('[{"name": "A"},]', "line 1, column 16: Expecting value"),
        ('[{"name": "A", "name": "B"}]', "the key 'name' appears twice"),
        ('[{"name": "A"}] trailing', "unexpected text after the array at line 1, column 17"),
        ("[{'name': 'A'}]", "is not standard JSON at line 1, column 3"),
        ('[{"name": "A"}, 3]', "element 2 (line 1, column 17) is not an object"),
        ('[{"q": NaN}]', "NaN is not JSON"),
        ('[{"q": "\\ud83d\\ude00"}]', "surrogate escape"),
        ('"text"', "must be a JSON array of tests"),
        ('{"tests": []}', "an object with tests:"),
    ],
)
def test_a_file_the_editor_cannot_rewrite_is_refused_with_where_and_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, why: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    code = main(["edit", str(path)])
    err = capsys.readouterr().err
    assert code in (1, 2)
    assert f"{path}: cannot edit this file: " in err and why in err
    assert "Traceback" not in err
    assert path.read_text(encoding="utf-8") == text


def test_a_missing_json_file_opens_as_an_empty_array_and_is_not_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ait_datasets.tui.app as app_module

    path = tmp_path / "new.json"
    opened: list[DatasetModel] = []

    class Editor:
        """Stands in for the editor: records what it was given, quits at once."""

        def __init__(self, model: DatasetModel, **_: object) -> None:
            opened.append(model)

        def run(self) -> None:
            pass

    monkeypatch.setattr(app_module, "DatasetEditor", Editor)
    assert main(["edit", str(path)]) == 0
    assert not path.exists()
    assert opened[0].text() == "[]\n" and opened[0].new_file


@pytest.mark.asyncio
async def test_edit_add_and_delete_elements_then_save(tmp_path: Path) -> None:
    path = tmp_path / "tests.json"
    path.write_text(ARRAY, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert str(app.query_one("#file-title").render()) == "JSON file"
        assert app.query_one("#file-name", Input).disabled
        # A field typed into: the value changes in place.
        await select(pilot, 1)
        # A Copilot test (it asks question:): its name is in the Copilot form.
        name = app.query_one("#copilot-name", Input)
        name.focus()
        await pilot.press("end", "S")
        await settle(pilot)
        # The raw view of the first element: changed, it is written back as JSON.
        await select(pilot, 0)
        await pilot.press("f3")
        await settle(pilot)
        raw = app.query_one("#raw-text", TextArea)
        raw.load_text(raw.text.replace("I need a desk", "I need two desks"))
        await settle(pilot)
        await pilot.press("f3")
        await settle(pilot)
        # A new element asks for what the tests hold: a name and a question.
        await select(pilot, 2)
        app.dataset_tree.focus()
        await pilot.press("n")
        await answer(pilot, name="NEW", question="Which lamp?")
        assert app.dataset_tree.current == (3, None)
        # Deleting the third element asks first.
        await select(pilot, 2)
        app.dataset_tree.focus()
        await pilot.press("delete")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert len(app.model) == 3
        await pilot.press("ctrl+s")
        await settle(pilot)
    saved = path.read_text(encoding="utf-8")
    assert json.loads(saved) == [
        {"name": "DESK", "question": "I need two desks", "expected_data": {"qty": 1}},
        {"name": "CHAIRS", "question": "Retrieve a chair", "given": ["Items"]},
        {"name": "NEW", "question": "Which lamp?", "expected_data": {}},
    ]
    # The second element changed in place: only its name line.
    assert '  {\n    "name": "CHAIRS",\n    "question": "Retrieve a chair",\n' in saved
    assert not any("given" in line for line in changed_lines(ARRAY, saved))


@pytest.mark.asyncio
async def test_findings_are_mapped_to_their_element(tmp_path: Path) -> None:
    path = tmp_path / "tests.json"
    path.write_text(ARRAY.replace('"name": "LAMP"', '"name": "DESK"'), encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        duplicate = [f for f in app.findings if f.diagnostic.line == 12]
        assert duplicate and all(f.test == 2 for f in duplicate)


def test_a_crlf_file_gets_crlf_lines_in_a_rewritten_element() -> None:
    text = '[\r\n  {\r\n    "name": "A",\r\n    "question": "x"\r\n  }\r\n]\r\n'
    model = DatasetModel("tests.json", text)
    model.add_turn(0, None, kind="question", texts={"question": "y"})
    model.add_test(None, name="B", texts={"question": "z"}, kind="question")
    saved = model.text()
    assert "\n" not in saved.replace("\r\n", "")
    assert [t["name"] for t in json.loads(saved)] == ["A", "B"]
