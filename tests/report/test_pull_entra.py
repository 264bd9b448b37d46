"""`datasets pull --auth entra|device-code`, `--store` and `--evidence`, against the fake
Business Central of test_pull.py (a real HTTP server on the loopback interface).

The credential is a stub with azure-identity's interface (`get_token(scope)` returning an
`AccessToken`): what the pull sends, when it asks again, and that it never prints it.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from azure.core.credentials import AccessToken
from azure.core.exceptions import ClientAuthenticationError
from tests.report.test_pull import PATH, ROWS, FakeBC, _Handler, _Server

from ait_datasets.cli import main
from ait_datasets.report import pull_auth

SECRET = "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.entra-secret-token"
EXTENSIONS = PATH.replace("aiTestToolkit", "automation").replace("aitTestLogEntries", "extensions")


class StubCredential:
    """azure-identity's credential interface; each token lives ``lifetime`` seconds."""

    def __init__(self, lifetime: int = 3600, error: Exception | None = None) -> None:
        self.lifetime = lifetime
        self.error = error
        self.scopes: list[tuple[str, ...]] = []

    def get_token(self, *scopes: str, **kwargs: object) -> AccessToken:
        self.scopes.append(scopes)
        if self.error is not None:
            raise self.error
        import time

        return AccessToken(SECRET, int(time.time()) + self.lifetime)


class _AppsHandler(_Handler):
    def do_GET(self) -> None:
        fake = self.server.fake
        if self.path.startswith(EXTENSIONS):
            fake.requests.append((self.path, self.headers.get("Authorization", "")))
            if self.headers.get("Authorization") != fake.auth or getattr(fake, "no_apps", False):
                self._send(403, {"error": {"code": "Forbidden"}})
                return
            self._send(
                200,
                {
                    "value": [
                        {
                            "displayName": "Sales Order Agent",
                            "publisher": "Microsoft",
                            "versionMajor": 26,
                            "versionMinor": 0,
                            "versionBuild": 1,
                            "versionRevision": 2,
                            "isInstalled": True,
                        },
                        {"displayName": "Old", "publisher": "X", "isInstalled": False},
                    ]
                },
            )
            return
        super().do_GET()


@pytest.fixture
def server() -> Iterator[tuple[FakeBC, str]]:
    httpd = _Server(("127.0.0.1", 0), _AppsHandler)
    httpd.fake = FakeBC()
    httpd.fake.auth = f"Bearer {SECRET}"
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd.fake, f"http://127.0.0.1:{httpd.server_address[1]}{PATH}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> StubCredential:
    credential = StubCredential()
    monkeypatch.setattr(pull_auth, "credential", lambda kind, tenant="", client_id="": credential)
    monkeypatch.delenv("BC_TOKEN", raising=False)
    return credential


def _pull(capsys: pytest.CaptureFixture[str], url: str, out: Path, *extra: str) -> tuple[int, str]:
    code = main(["pull", url, "-o", str(out), "--backoff", "0", "--timeout", "10", *extra])
    stdout, stderr = capsys.readouterr()
    return code, stdout + stderr


def test_entra_sends_the_token_it_got_and_never_prints_it(
    server: tuple[FakeBC, str],
    stub: StubCredential,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    fake, url = server
    code, printed = _pull(capsys, url, tmp_path / "e.json", "--auth", "entra")
    assert code == 0, printed
    assert [auth for _, auth in fake.requests] == [f"Bearer {SECRET}"] * 3
    assert stub.scopes == [("https://api.businesscentral.dynamics.com/.default",)]
    assert SECRET not in printed and "entra-secret" not in printed


def test_a_token_near_its_expiry_is_fetched_again_for_the_next_page(
    server: tuple[FakeBC, str],
    stub: StubCredential,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    stub.lifetime = 60  # less than the refresh margin: every page asks again
    code, printed = _pull(capsys, server[1], tmp_path / "e.json", "--auth", "entra")
    assert code == 0, printed
    assert len(stub.scopes) == 3


def test_a_credential_that_cannot_sign_in_is_one_line_without_any_request(
    server: tuple[FakeBC, str],
    stub: StubCredential,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    fake, url = server
    stub.error = ClientAuthenticationError(
        "DefaultAzureCredential failed to retrieve a token from the included credentials.\n"
        "Attempted credentials:\n\tEnvironmentCredential: not configured"
    )
    code, printed = _pull(capsys, url, tmp_path / "e.json", "--auth", "entra")
    assert code == 2
    assert printed.splitlines() == [
        "datasets pull: cannot sign in with Entra ID: ClientAuthenticationError: "
        "DefaultAzureCredential failed to retrieve a token from the included credentials."
    ]
    assert fake.requests == []


@pytest.mark.parametrize("kind", ["entra", "device-code"])
def test_without_the_extra_entra_says_which_extra_to_install(
    kind: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "azure.identity", None)  # `import` raises ImportError
    code, printed = _pull(capsys, "https://bc.example/x", tmp_path / "e.json", "--auth", kind)
    assert code == 2
    assert printed.splitlines() == [
        f"datasets pull: --auth {kind} needs azure-identity: pip install 'ait-datasets[entra]'"
    ]


def test_the_chains_are_azure_identitys_own(monkeypatch: pytest.MonkeyPatch) -> None:
    import azure.identity

    monkeypatch.setenv("AZURE_TENANT_ID", "tenant")
    monkeypatch.setenv("AZURE_CLIENT_ID", "client")
    monkeypatch.setenv("AZURE_CLIENT_SECRET", "secret")
    assert isinstance(pull_auth.credential("entra"), azure.identity.DefaultAzureCredential)
    device = pull_auth.credential("device-code", "tenant", "client")
    assert isinstance(device, azure.identity.DeviceCodeCredential)
    assert "secret" not in repr(pull_auth.EntraToken(StubCredential()))


def test_tenant_is_only_for_device_code(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, printed = _pull(capsys, "https://bc.example/x", tmp_path / "e.json", "--tenant", "t")
    assert code == 2 and "--tenant and --client-id are for --auth device-code" in printed


# --- --store ---------------------------------------------------------------------------


def test_store_adds_the_pulled_entries_to_a_history(
    server: tuple[FakeBC, str],
    stub: StubCredential,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    store = tmp_path / "history"
    for _ in range(2):
        code, printed = _pull(
            capsys, server[1], tmp_path / "e.json", "--auth", "entra", "--store", str(store)
        )
        assert code == 0, printed
    assert f"added 0 log entries to the history {store} (12 already there)" in printed
    assert main(["history", str(store), "--format", "json"]) == 0
    (release,) = json.loads(capsys.readouterr().out)["releases"]
    assert release["runs"] == 12


def test_store_without_duckdb_is_refused_before_any_request(
    server: tuple[FakeBC, str],
    stub: StubCredential,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake, url = server
    monkeypatch.setitem(sys.modules, "duckdb", None)
    code, printed = _pull(capsys, url, tmp_path / "e.json", "--store", str(tmp_path / "h"))
    assert code == 2 and fake.requests == []
    assert printed.splitlines() == [
        "datasets pull: --store: the history needs DuckDB: pip install 'ait-datasets[history]'"
    ]


# --- --evidence ------------------------------------------------------------------------


def _git(folder: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


@pytest.fixture
def app(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    datasets = repo / "app" / ".resources" / "datasets"
    datasets.mkdir(parents=True)
    (datasets / "orders.yaml").write_text("tests:\n  - name: T1\n    query: hi\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "datasets")
    return repo


def test_evidence_names_the_commit_the_dataset_hashes_the_filter_and_the_apps(
    server: tuple[FakeBC, str],
    stub: StubCredential,
    tmp_path: Path,
    app: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "e.json"
    code, printed = _pull(
        capsys,
        server[1],
        out,
        "--auth",
        "entra",
        "--evidence",
        "--datasets",
        str(app / "app"),
        "--suite",
        "AGENT-SUITE",
        "--versions",
        "1..3",
    )
    assert code == 0, printed
    evidence = json.loads((tmp_path / "e.json.evidence.json").read_text(encoding="utf-8"))
    dataset = app / "app" / ".resources" / "datasets" / "orders.yaml"
    assert evidence["url"] == server[1]
    assert evidence["git"] == {"commit": _git(app, "rev-parse", "HEAD"), "dirty": False}
    assert evidence["datasets"] == [
        {
            "path": "app/.resources/datasets/orders.yaml",
            "sha256": hashlib.sha256(dataset.read_bytes()).hexdigest(),
        }
    ]
    assert (evidence["suite"], evidence["tag"]) == ("AGENT-SUITE", "")
    assert evidence["versions"] == {"from": 1, "to": 3}
    assert evidence["apps"] == [
        {"name": "Sales Order Agent", "publisher": "Microsoft", "version": "26.0.1.2"}
    ]
    assert set(evidence) == {
        "tool_version",
        "pulled_at",
        "url",
        "git",
        "datasets",
        "suite",
        "tag",
        "versions",
        "apps",
        "runs",
    }
    # Versions 1 to 3 of the fake rows; entries with agent tasks are kept with their case.
    traced = [r for r in ROWS if r["agentTaskIDs"] and 1 <= int(str(r["version"])) <= 3]
    assert evidence["runs"][0] == {
        "case": "AGENT-SUITE/ORDERS/T1/RunScenario",
        "run": 1,
        "tag": "rc-1",
        "agentTaskIds": ["101", "201"],
    }
    assert len(evidence["runs"]) == len(traced)
    assert SECRET not in printed


def test_evidence_says_dirty_and_null_apps_when_they_cannot_be_read(
    server: tuple[FakeBC, str],
    stub: StubCredential,
    tmp_path: Path,
    app: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    fake, url = server
    fake.no_apps = True  # type: ignore[attr-defined]
    (app / "app" / ".resources" / "datasets" / "orders.yaml").write_text("tests: []\n")
    out = tmp_path / "e.json"
    code, printed = _pull(
        capsys, url, out, "--auth", "entra", "--evidence", "--datasets", str(app / "app")
    )
    assert code == 0, printed
    evidence = json.loads((tmp_path / "e.json.evidence.json").read_text(encoding="utf-8"))
    assert evidence["git"]["dirty"] is True
    assert evidence["apps"] is None
    assert evidence["versions"] is None
