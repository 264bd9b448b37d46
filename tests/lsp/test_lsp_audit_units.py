"""The audit's marks and command without a server: where a mark goes (and follows its
line after edits), what the command audits, and the setting that switches marks off."""

from __future__ import annotations

import shutil
from pathlib import Path

from lsprotocol import types as lsp
from pygls.uris import from_fs_path

from ait_datasets.lsp.audit import (
    CODE,
    SOURCE,
    audit_folder,
    command_folders,
    diagnostics,
    message_only_marks,
)
from ait_datasets.lsp.convert import Converter
from ait_datasets.lsp.settings import Settings, settings_from

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "audit-app"
DATASET = Path(".resources") / "datasets" / "ORDERS-AUDIT.yaml"
NAME_LINE = "  - name: ASK-STATUS"


def _app(tmp_path: Path) -> Path:
    app = tmp_path / "app"
    shutil.copytree(EXAMPLE, app)
    return app


def test_the_message_only_test_is_marked_on_its_name_line(tmp_path: Path) -> None:
    app = _app(tmp_path)
    marks = message_only_marks(str(app))
    dataset = str(app / DATASET)
    assert list(marks) == [dataset]
    (mark,) = marks[dataset]
    line = (app / DATASET).read_text("utf-8").splitlines().index(NAME_LINE)
    assert (mark.line, mark.start, mark.end) == (line, 4, len(NAME_LINE))
    assert (mark.test, mark.keys, mark.line_text) == ("ASK-STATUS", ("reply_mentions",), NAME_LINE)


def test_a_name_that_is_not_the_first_key_is_marked_where_it_is(tmp_path: Path) -> None:
    app = _app(tmp_path)
    path = app / DATASET
    text = path.read_text("utf-8").replace(
        NAME_LINE + "\n",
        "  - description: only the reply\n    name: 'ASK-STATUS'  # the reply\n",
    )
    path.write_text(text, encoding="utf-8")
    (mark,) = message_only_marks(str(app))[str(path)]
    assert mark.line_text == "    name: 'ASK-STATUS'  # the reply"
    assert (mark.start, mark.end) == (4, len("    name: 'ASK-STATUS'"))


def test_no_marks_without_al_code(tmp_path: Path) -> None:
    app = _app(tmp_path)
    for al in app.glob("src/*.al"):
        al.unlink()
    assert message_only_marks(str(app)) == {}


def test_only_a_test_app_with_an_app_json_is_audited_for_marks(tmp_path: Path) -> None:
    app = _app(tmp_path)
    dataset = str(app / DATASET)
    assert audit_folder(dataset) == str(app)
    (app / "app.json").unlink()
    assert audit_folder(dataset) is None
    assert audit_folder(str(tmp_path / "elsewhere.yaml")) is None


def _shown(app: Path, text: str) -> list[lsp.Diagnostic]:
    marks = message_only_marks(str(app))[str(app / DATASET)]
    return diagnostics(marks, Converter(text, "utf-16"))


def test_the_diagnostic_follows_its_line_and_hides_when_the_line_is_edited(
    tmp_path: Path,
) -> None:
    app = _app(tmp_path)
    text = (app / DATASET).read_text("utf-8")
    line = text.splitlines().index(NAME_LINE)
    (diag,) = _shown(app, text)
    assert (diag.source, diag.code, diag.severity) == (
        SOURCE,
        CODE,
        lsp.DiagnosticSeverity.Information,
    )
    assert diag.range == lsp.Range(lsp.Position(line, 4), lsp.Position(line, len(NAME_LINE)))
    # Lines added above: it moves with its test.
    (moved,) = _shown(app, "# one\r\n# two\r\n" + text)
    assert moved.range.start == lsp.Position(line + 2, 4)
    # Its own line edited, or a second line reading the same: not shown (never on
    # another test) until the next audit.
    assert _shown(app, "#\n" + text.replace(NAME_LINE, NAME_LINE + "X")) == []
    assert _shown(app, "#\n" + text + NAME_LINE + "\n") == []


def test_the_command_audits_the_documents_app_else_the_workspace(tmp_path: Path) -> None:
    app = _app(tmp_path)
    uri = from_fs_path(str(app / DATASET))
    workspace = [str(tmp_path), str(tmp_path / "gone")]
    assert command_folders(uri, workspace) == [str(app)]
    assert command_folders({"uri": uri}, workspace) == [str(app)]
    assert command_folders(None, workspace) == [str(tmp_path)]
    assert command_folders("untitled:Untitled-1", workspace) == [str(tmp_path)]
    assert command_folders(from_fs_path(str(tmp_path / "README.md")), workspace) == [str(tmp_path)]
    # Without app.json: the .resources folder (its AL code, if any, cannot be followed).
    (app / "app.json").unlink()
    assert command_folders(uri, workspace) == [str(app / ".resources")]


def test_the_setting_is_read_nested_or_dotted_and_kept_from_the_start() -> None:
    assert settings_from({}).audit_message_only is True
    assert settings_from({"audit": {"messageOnly": False}}).audit_message_only is False
    whole_tree = {"datasets": {"audit": {"messageOnly": False}}}
    assert settings_from(whole_tree).audit_message_only is False
    assert settings_from({"audit.messageOnly": False}).audit_message_only is False
    initial = settings_from({"audit": {"messageOnly": False}})
    assert settings_from({"workDate": ""}, initial).audit_message_only is False
    bad = settings_from({"audit": {"messageOnly": "no"}}, Settings())
    assert bad.audit_message_only is True
    assert bad.problems == ["datasets.audit.messageOnly: 'no' is not true or false"]
