"""A Windows client's URIs (``file:///c%3A/...``, as VS Code sends them) name the file on
its drive, and the file's app is found from that path (simulated with ``ntpath``)."""

from __future__ import annotations

import ntpath
from types import SimpleNamespace

import pygls.uris
import pytest

from ait_datasets.dataset import app
from ait_datasets.lsp import scope
from ait_datasets.lsp.convert import file_uri

WINDOWS_OS = SimpleNamespace(path=ntpath, sep="\\")


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygls.uris, "IS_WIN", True)
    monkeypatch.setattr(scope, "os", WINDOWS_OS)
    monkeypatch.setattr(app, "os", WINDOWS_OS)


@pytest.mark.usefixtures("windows")
@pytest.mark.parametrize(
    "uri",
    [
        "file:///c%3A/Users/J%C3%B6rg/My%20App/.resources/datasets/a.yaml",
        "file:///C:/Users/J%C3%B6rg/My%20App/.resources/datasets/a.yaml",
    ],
)
def test_a_drive_letter_uri_names_the_file_and_its_app(uri: str) -> None:
    path = scope.path_of(uri)
    assert path == "c:\\Users\\J\u00f6rg\\My App\\.resources\\datasets\\a.yaml"
    assert app.app_root(path) == "c:\\Users\\J\u00f6rg\\My App\\.resources"


@pytest.mark.usefixtures("windows")
def test_a_path_on_a_drive_or_a_share_becomes_its_uri_and_back() -> None:
    for path, uri in [
        ("c:\\Users\\J\u00f6rg\\a b.yaml", "file:///c:/Users/J%C3%B6rg/a%20b.yaml"),
        ("\\\\server\\share\\x\\a.yaml", "file://server/share/x/a.yaml"),
    ]:
        assert file_uri(path) == uri
        assert scope.path_of(uri) == path
