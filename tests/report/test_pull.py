"""`datasets pull` against a fake Business Central OData server on the loopback interface.

The server is the standard library's, in a thread; our client is not mocked. It serves
aitTestLogEntries in pages (``@odata.nextLink``) and can refuse credentials (401), ask to
slow down (429), fail (500) or drop the connection in the middle of a page.
"""

from __future__ import annotations

import base64
import json
import threading
import urllib.parse
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from ait_datasets.cli import main

TOKEN = "secret-token"
PATH = "/v2.0/tenant/env/api/microsoft/aiTestToolkit/v2.0/companies(1)/aitTestLogEntries"


def _row(n: int) -> dict[str, object]:
    return {
        "@odata.etag": f'W/"{n}"',
        "id": f"00000000-0000-0000-0000-{n:012d}",
        "aitCode": "AGENT-SUITE",
        "lineNumber": 10000,
        "tag": "rc-1",
        "version": 1 + n // 4,
        "procedureName": "RunScenario",
        "status": "Success" if n % 5 else "Error",
        "message": "" if n % 5 else "Assert failed",
        "dataset": "ORDERS",
        "datasetLineNumber": f"T{n % 4}",
        "tokensConsumed": 100,
        "durationMs": 1000,
        # Agent task IDs as the API page gives them (AITLogEntryAPI.Page.al line 67):
        # comma-separated text, empty for an entry without agent tasks.
        "agentTaskIDs": f"{100 + n},{200 + n}" if n % 3 else "",
    }


ROWS = [_row(n) for n in range(12)]


class FakeBC:
    """What the server does; tests set the failures before the request."""

    def __init__(self) -> None:
        self.page_size = 5
        self.fail_first: list[int | str] = []  # status codes, or "drop", for the next requests
        self.requests: list[tuple[str, str]] = []  # (path with query, Authorization)
        self.next_host = ""  # send the next link to another host
        self.repeat_link = False
        self.auth = f"Bearer {TOKEN}"


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        fake = self.server.fake
        fake.requests.append((self.path, self.headers.get("Authorization", "")))
        if self.headers.get("Authorization") != fake.auth:
            self._send(401, {"error": {"code": "Authentication_InvalidCredentials"}})
            return
        if fake.fail_first:
            failure = fake.fail_first.pop(0)
            if failure == "drop":
                body = json.dumps({"value": ROWS}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body[: len(body) // 2])  # then the connection closes
                self.wfile.flush()
                self.close_connection = True
                return
            assert isinstance(failure, int)
            self._send(failure, {"error": {"code": "x"}}, retry_after="0")
            return
        url = urllib.parse.urlsplit(self.path)
        assert url.path == PATH
        query = urllib.parse.parse_qs(url.query)
        rows = ROWS
        if "$filter" in query:
            rows = [r for r in rows if _matches(query["$filter"][0], r)]
        skip = int(query.get("$skiptoken", ["0"])[0])
        page = rows[skip : skip + fake.page_size]
        body: dict[str, object] = {
            "@odata.context": "http://fake/$metadata#aitTestLogEntries",
            "value": page,
        }
        if skip + fake.page_size < len(rows):
            host = fake.next_host or f"127.0.0.1:{self.server.server_address[1]}"
            # With repeat_link the second page links to itself.
            nxt = skip if fake.repeat_link and skip else skip + fake.page_size
            extra = ""
            if "$filter" in query:
                extra = f"$filter={urllib.parse.quote(query['$filter'][0])}&"
            body["@odata.nextLink"] = f"http://{host}{PATH}?{extra}$skiptoken={nxt}"
        self._send(200, body)

    def _send(self, code: int, body: object, retry_after: str = "") -> None:
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        if retry_after:
            self.send_header("Retry-After", retry_after)
        self.end_headers()
        self.wfile.write(data)


def _matches(expression: str, row: dict[str, object]) -> bool:
    """The tiny part of OData $filter our client sends: `field eq 'x'`, `version ge N`."""
    for part in expression.split(" and "):
        name, op, value = part.split(" ", 2)
        field = row.get(name)
        if op == "eq" and field != value.strip("'").replace("''", "'"):
            return False
        too_low = op == "ge" and isinstance(field, int) and field < int(value)
        too_high = op == "le" and isinstance(field, int) and field > int(value)
        if too_low or too_high:
            return False
    return True


class _Server(ThreadingHTTPServer):
    fake: FakeBC


@pytest.fixture
def server() -> Iterator[tuple[FakeBC, str]]:
    httpd = _Server(("127.0.0.1", 0), _Handler)
    httpd.fake = FakeBC()
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd.fake, f"http://127.0.0.1:{httpd.server_address[1]}{PATH}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def _pull(
    capsys: pytest.CaptureFixture[str], url: str, out: Path, *extra: str
) -> tuple[int, str, str]:
    code = main(["pull", url, "-o", str(out), "--backoff", "0", "--timeout", "10", *extra])
    stdout, stderr = capsys.readouterr()
    return code, stdout, stderr


@pytest.fixture(autouse=True)
def _token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BC_TOKEN", TOKEN)


def test_every_page_is_fetched_into_the_file_report_reads(
    server: tuple[FakeBC, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake, url = server
    out = tmp_path / "export.json"
    code, stdout, _ = _pull(capsys, url, out)
    assert code == 0, stdout
    assert stdout == f"wrote {out}: 12 log entries from 3 pages\n"
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["value"] == ROWS and "@odata.nextLink" not in data
    assert len(fake.requests) == 3
    assert all(auth == f"Bearer {TOKEN}" for _, auth in fake.requests)
    assert main(["report", "--format", "json", str(out)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["runs"] == 12 and report["warnings"] == []


def test_the_filter_is_sent_and_applied(
    server: tuple[FakeBC, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake, url = server
    out = tmp_path / "export.json"
    code, _, _ = _pull(capsys, url, out, "--suite", "AGENT-SUITE", "--versions", "2..3")
    assert code == 0
    rows = json.loads(out.read_text(encoding="utf-8"))["value"]
    assert {r["version"] for r in rows} == {2, 3} and len(rows) == 8
    first = urllib.parse.parse_qs(urllib.parse.urlsplit(fake.requests[0][0]).query)
    assert first["$filter"] == ["aitCode eq 'AGENT-SUITE' and version ge 2 and version le 3"]


def test_basic_authentication_from_the_environment(
    server: tuple[FakeBC, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake, url = server
    monkeypatch.delenv("BC_TOKEN")
    monkeypatch.setenv("BC_USER", "admin")
    monkeypatch.setenv("BC_PASSWORD", "P@ss")
    fake.auth = "Basic " + base64.b64encode(b"admin:P@ss").decode()
    assert _pull(capsys, url, tmp_path / "e.json")[0] == 0


def test_401_is_reported_and_not_retried(
    server: tuple[FakeBC, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake, url = server
    monkeypatch.setenv("BC_TOKEN", "wrong")
    out = tmp_path / "export.json"
    code, _, err = _pull(capsys, url, out)
    assert code == 2
    assert "401 Unauthorized: the credentials were refused" in err
    assert "wrong" not in err  # the token is never printed
    assert len(fake.requests) == 1 and not out.exists()


def test_429_and_500_are_retried(
    server: tuple[FakeBC, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake, url = server
    fake.fail_first = [429, 503, 500]
    out = tmp_path / "export.json"
    code, _, _ = _pull(capsys, url, out)
    assert code == 0
    assert len(json.loads(out.read_text(encoding="utf-8"))["value"]) == 12
    assert len(fake.requests) == 3 + 3


def test_a_connection_dropped_mid_page_is_retried(
    server: tuple[FakeBC, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake, url = server
    fake.page_size = 100
    fake.fail_first = ["drop"]
    out = tmp_path / "export.json"
    code, _, _ = _pull(capsys, url, out)
    assert code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["value"] == ROWS


def test_a_failure_that_persists_gives_up_after_the_retries(
    server: tuple[FakeBC, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake, url = server
    fake.fail_first = ["drop"] * 10
    out = tmp_path / "export.json"
    code, _, err = _pull(capsys, url, out, "--retries", "2")
    assert code == 2
    assert "connection failed" in err and "gave up after 2 retries" in err
    assert len(fake.requests) == 3 and not out.exists()


def test_a_next_link_to_another_host_is_refused(
    server: tuple[FakeBC, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake, url = server
    fake.next_host = "evil.example:80"
    code, _, err = _pull(capsys, url, tmp_path / "e.json")
    assert code == 2 and "refusing to send the credentials there" in err
    assert len(fake.requests) == 1


def test_a_repeating_next_link_stops(
    server: tuple[FakeBC, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake, url = server
    fake.repeat_link = True
    code, _, err = _pull(capsys, url, tmp_path / "e.json")
    assert code == 2 and "repeats an earlier page" in err


def test_max_pages_bounds_the_loop(
    server: tuple[FakeBC, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake, url = server
    code, _, err = _pull(capsys, url, tmp_path / "e.json", "--max-pages", "2")
    assert code == 2 and "stopped after 2 pages" in err
    assert len(fake.requests) == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--versions", "7..3"], "the range is empty"),
        (["--versions", "x"], "is not a Version or a range"),
    ],
)
def test_bad_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["pull", "http://127.0.0.1:9/x", "-o", str(tmp_path / "e.json"), *argv])
    assert caught.value.code == 2 and message in capsys.readouterr().err


def test_a_url_that_is_not_http(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["pull", "file:///etc/passwd", "-o", str(tmp_path / "e.json")])
    assert code == 2 and "is not an http(s) URL" in capsys.readouterr().err
