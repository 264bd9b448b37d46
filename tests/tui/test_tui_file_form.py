"""The file's own keys: a form for name, description, language and suite_setup, with the
app's suite-setup names completed (Pilot), and the text edits behind it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Label, TextArea
from tui_support import SAMPLE, make_editor, select, settle

from ait_datasets.lint.project import app_suite_setup_names
from ait_datasets.tui.file_meta import MetaError, set_meta

HEAD = "# head\nname: SR-SAMPLE\nsuite_setup: SR-ACCUR-SETUP\ntests:\n"


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("suite_setup", "OTHER", "# head\nname: SR-SAMPLE\nsuite_setup: OTHER\ntests:\n"),
        ("suite_setup", "", "# head\nname: SR-SAMPLE\ntests:\n"),
        (
            "language",
            "en-US",
            "# head\nname: SR-SAMPLE\nlanguage: en-US\nsuite_setup: SR-ACCUR-SETUP\ntests:\n",
        ),
        (
            "description",
            "two\nlines",
            "# head\nname: SR-SAMPLE\ndescription: |-\n  two\n  lines\n"
            "suite_setup: SR-ACCUR-SETUP\ntests:\n",
        ),
        ("name", "", "# head\nsuite_setup: SR-ACCUR-SETUP\ntests:\n"),
        ("name", "123", '# head\nname: "123"\nsuite_setup: SR-ACCUR-SETUP\ntests:\n'),
    ],
)
def test_set_meta_changes_only_that_key(key: str, value: str, expected: str) -> None:
    assert set_meta(HEAD, key, value) == expected


def test_a_removed_name_comes_back_first() -> None:
    assert set_meta(set_meta(HEAD, "name", ""), "name", "N") == HEAD.replace("SR-SAMPLE", "N")


def test_a_block_description_becomes_one_line_again() -> None:
    two = set_meta(HEAD, "description", "a\nb")
    assert set_meta(two, "description", "a b") == HEAD.replace(
        "suite_setup:", "description: a b\nsuite_setup:"
    )


def test_text_that_is_not_a_mapping_is_refused() -> None:
    with pytest.raises(MetaError):
        set_meta("- a\n- b\n", "name", "X")


def _app(tmp_path: Path, with_setups: bool) -> Path:
    folder = tmp_path / "test" / ".resources" / "datasets"
    folder.mkdir(parents=True)
    if with_setups:
        setups = folder / "suite_setup"
        setups.mkdir()
        (setups / "sr-accur-setup.yaml").write_text(
            "name: SR-ACCUR-SETUP\nsuite_setup:\n  setup_actions: []\n", encoding="utf-8"
        )
        (setups / "SR-OTHER-SETUP.yaml").write_text(
            "suite_setup:\n  setup_actions: []\n", encoding="utf-8"
        )
    path = folder / "returns.yaml"
    path.write_text(SAMPLE, encoding="utf-8")
    return path


def test_the_suite_setup_names_are_the_apps_group_names(tmp_path: Path) -> None:
    path = _app(tmp_path, with_setups=True)
    # A file without `name:` is found by its file name, as REF001 finds it.
    assert app_suite_setup_names(str(path)) == ["SR-ACCUR-SETUP", "SR-OTHER-SETUP.yaml"]
    assert app_suite_setup_names(str(tmp_path / "elsewhere.yaml")) == []


@pytest.mark.asyncio
async def test_the_file_form_edits_the_files_keys_and_undo_restores(tmp_path: Path) -> None:
    path = _app(tmp_path, with_setups=True)
    app = make_editor(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await select(pilot, None)
        field = app.query_one("#file-suite-setup", Input)
        assert field.value == "SR-ACCUR-SETUP"
        assert app.query_one("#file-name", Input).value == "SR-SAMPLE"
        shown = str(app.query_one("#file-setups", Label).render())
        assert "SR-ACCUR-SETUP, SR-OTHER-SETUP.yaml" in shown
        # With the real setup next to it, the REF001 finding is gone.
        assert "REF001" not in [f.diagnostic.code for f in app.findings]
        field.focus()
        await pilot.press("ctrl+u")  # clear the field, as a user would
        await pilot.press(*"sr-o")
        await settle(pilot)
        assert field._suggestion == "SR-OTHER-SETUP.yaml"
        await pilot.press("right")  # accepts the completion
        await settle(pilot)
        assert field.value == "SR-OTHER-SETUP.yaml"
        app.query_one("#file-language", Input).value = "da-DK"
        await settle(pilot)
        assert app.model.text() == SAMPLE.replace(
            "suite_setup: SR-ACCUR-SETUP\n",
            "language: da-DK\nsuite_setup: SR-OTHER-SETUP.yaml\n",
        )
        assert "[modified]" in app.sub_title
        await pilot.press("ctrl+z")  # the language
        await settle(pilot)
        await pilot.press("ctrl+z")  # the suite setup, typed as one step
        await settle(pilot)
        assert app.model.text() == SAMPLE and not app.model.dirty
        assert app.dataset_tree.current == (None, None)
        assert app.query_one("#file-suite-setup", Input).value == "SR-ACCUR-SETUP"
        app.query_one("#file-description", TextArea).load_text("Returns,\nall of them")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert path.read_text(encoding="utf-8") == SAMPLE.replace(
        "name: SR-SAMPLE\n", "name: SR-SAMPLE\ndescription: |-\n  Returns,\n  all of them\n"
    )


@pytest.mark.asyncio
async def test_without_suite_setup_files_the_form_says_so(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        shown = str(app.query_one("#file-setups", Label).render())
        assert shown == "No suite-setup file found in this app's .resources folder."
        codes = [f.diagnostic.code for f in app.findings]
        assert "REF001" in codes
        app.query_one("#file-suite-setup", Input).value = ""
        await settle(pilot)
        assert "REF001" not in [f.diagnostic.code for f in app.findings]
        assert "suite_setup" not in app.model.text()
