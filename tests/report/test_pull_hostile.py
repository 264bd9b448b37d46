"""`datasets pull` against hostile servers: redirects elsewhere, trickling or huge
responses, unreadable JSON, odd links, error bodies, and users who forget a variable.

Each server is the standard library's, in a thread on the loopback interface, and does
what the test tells it; two servers on two ports are two origins.
"""

from __future__ import annotations

import base64
import json
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.report.pull import MAX_RESPONSE_BYTES, Auth, Limits, PullError, Query, pull
from ait_datasets.report.pull_url import redacted

TOKEN = "secret-token"
PATH = "/api/microsoft/aiTestToolkit/v2.0/companies(1)/aitTestLogEntries"
ROW = {"aitCode": "SUITE", "status": "Success", "version": 1}


class Server(ThreadingHTTPServer):
    """Answers every GET with ``respond`` and records (path, Authorization) of each."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.requests: list[tuple[str, str | None]] = []
        self.respond: Callable[[_Handler], None] = lambda h: send(h, 200, {"value": [ROW]})

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    @property
    def authorizations(self) -> list[str]:
        return [auth for _, auth in self.requests if auth is not None]


class _Handler(BaseHTTPRequestHandler):
    server: Server

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        self.server.requests.append((self.path, self.headers.get("Authorization")))
        try:
            self.server.respond(self)
        except OSError:  # the client gave up (a timeout): nothing more to send
            self.close_connection = True


def send(
    handler: BaseHTTPRequestHandler,
    status: int,
    body: object,
    headers: dict[str, str] | None = None,
) -> None:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    for name, value in (headers or {}).items():
        handler.send_header(name, value)
    handler.end_headers()
    handler.wfile.write(data)


def redirect(status: int, location: str) -> Callable[[_Handler], None]:
    return lambda h: send(h, status, b"", {"Location": location})


@pytest.fixture
def servers() -> Iterator[tuple[Server, Server]]:
    """The endpoint's server and another origin (same host, another port)."""
    started = [Server(), Server()]
    threads = [threading.Thread(target=s.serve_forever, args=(0.01,), daemon=True) for s in started]
    for thread in threads:
        thread.start()
    try:
        yield started[0], started[1]
    finally:
        for server, thread in zip(started, threads, strict=True):
            server.shutdown()
            server.server_close()
            thread.join()


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("BC_TOKEN", "BC_USER", "BC_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("BC_TOKEN", TOKEN)


def _pull(capsys: pytest.CaptureFixture[str], url: str, out: Path, *extra: str) -> tuple[int, str]:
    argv = ["pull", url, "-o", str(out), "--backoff", "0", "--retries", "0", "--timeout", "10"]
    code = main([*argv, *extra])
    return code, capsys.readouterr().err


def _basic(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BC_TOKEN")
    monkeypatch.setenv("BC_USER", "admin")
    monkeypatch.setenv("BC_PASSWORD", "P@ss")


# --- 1. the credentials never leave the first request's origin ---------------------------


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
@pytest.mark.parametrize("credentials", ["bearer", "basic"])
def test_a_redirect_to_another_origin_is_refused_and_gets_no_credentials(
    servers: tuple[Server, Server],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    status: int,
    credentials: str,
) -> None:
    endpoint, elsewhere = servers
    if credentials == "basic":
        _basic(monkeypatch)
    endpoint.respond = redirect(status, elsewhere.base + PATH)
    out = tmp_path / "e.json"
    code, err = _pull(capsys, endpoint.base + PATH, out)
    assert code == 2 and not out.exists()
    assert f"{status} " in err and "(a redirect) leads to another origin" in err
    assert "refusing to send the credentials there" in err
    assert elsewhere.authorizations == []
    assert len(endpoint.requests) == 1 and endpoint.authorizations != []


def test_a_redirect_of_a_next_page_to_another_origin_is_refused(
    servers: tuple[Server, Server], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    endpoint, elsewhere = servers

    def respond(handler: _Handler) -> None:
        if "skiptoken" in handler.path:
            redirect(302, elsewhere.base + PATH)(handler)
        else:
            send(handler, 200, {"value": [ROW], "@odata.nextLink": PATH + "?$skiptoken=1"})

    endpoint.respond = respond
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert code == 2 and "refusing to send the credentials there" in err
    assert len(endpoint.requests) == 2 and elsewhere.authorizations == []


def test_a_next_link_to_another_port_is_refused(
    servers: tuple[Server, Server], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    endpoint, elsewhere = servers
    endpoint.respond = lambda h: send(
        h, 200, {"value": [ROW], "@odata.nextLink": elsewhere.base + PATH}
    )
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert code == 2 and "'@odata.nextLink' leads to another origin" in err
    assert elsewhere.requests == []


def test_a_redirect_on_the_same_origin_is_followed_with_the_credentials(
    servers: tuple[Server, Server], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    endpoint, _ = servers

    def respond(handler: _Handler) -> None:
        if handler.path == "/old":
            redirect(307, PATH)(handler)  # relative: resolved against /old
        else:
            send(handler, 200, {"value": [ROW]})

    endpoint.respond = respond
    out = tmp_path / "e.json"
    code, err = _pull(capsys, endpoint.base + "/old", out)
    assert code == 0, err
    assert [path for path, _ in endpoint.requests] == ["/old", PATH]
    assert endpoint.authorizations == [f"Bearer {TOKEN}"] * 2
    assert json.loads(out.read_text(encoding="utf-8"))["value"] == [ROW]


def test_redirects_are_bounded(
    servers: tuple[Server, Server], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    endpoint, _ = servers
    endpoint.respond = redirect(302, PATH)  # to itself, forever
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert code == 2 and "more than 10 redirects" in err
    assert len(endpoint.requests) == 11


# --- 3. a URL's user name and password are never printed ---------------------------------


def test_credentials_in_the_endpoint_are_refused_and_not_printed(
    servers: tuple[Server, Server], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    endpoint, _ = servers
    url = endpoint.base.replace("//", "//admin:s3cret@") + PATH
    code, err = _pull(capsys, url, tmp_path / "e.json")
    assert code == 2
    assert f"'http://***@127.0.0.1:{endpoint.server_address[1]}{PATH}'" in err
    assert "holds a user name or password" in err
    assert "s3cret" not in err and "admin" not in err
    assert endpoint.requests == []


def test_credentials_in_a_next_link_are_not_printed(
    servers: tuple[Server, Server], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    endpoint, _ = servers
    link = endpoint.base.replace("//", "//admin:s3cret@") + PATH + "?$skiptoken=1"
    endpoint.respond = lambda h: send(h, 200, {"value": [ROW], "@odata.nextLink": link})
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert code == 2 and "http://***@127.0.0.1" in err
    assert "s3cret" not in err and "admin" not in err
    assert len(endpoint.requests) == 1


def test_credentials_in_a_redirect_are_not_printed(
    servers: tuple[Server, Server], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    endpoint, elsewhere = servers
    endpoint.respond = redirect(302, elsewhere.base.replace("//", "//admin:s3cret@") + PATH)
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert code == 2 and "http://***@127.0.0.1" in err
    assert "s3cret" not in err and "admin" not in err
    assert elsewhere.requests == []


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("https://user:pass@host/x", "https://***@host/x"),
        (
            "see https://user@host:8080/x and http://a:b@c",
            "see https://***@host:8080/x and http://***@c",
        ),
        ("https://user:pa/ss@host/x", "https://***@host/x"),  # a slash in the password
        ("https://host/x@y", "https://***@y"),  # hiding too much is harmless
        ("https://host/x", "https://host/x"),
    ],
)
def test_redacted_hides_every_userinfo(text: str, shown: str) -> None:
    assert redacted(text) == shown


# --- 10. --timeout bounds the whole request, and the response's size is bounded ----------


def _trickle(handler: _Handler, data: bytes) -> None:
    """``data`` one byte every 50 ms: 60 bytes take 3 s, far past a 0.5 s timeout,
    while no single read waits anywhere near 0.5 s."""
    for byte in data:
        handler.wfile.write(bytes([byte]))
        handler.wfile.flush()
        time.sleep(0.05)


def _trickled_body(handler: _Handler) -> None:
    body = json.dumps({"value": [ROW], "padding": "x" * 10}).encode()
    assert len(body) >= 60
    handler.send_response(200)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.flush()
    _trickle(handler, body)


def _trickled_headers(handler: _Handler) -> None:
    handler.wfile.write(b"HTTP/1.1 200 OK\r\n")
    _trickle(handler, b"X-Slow: " + b"y" * 60 + b"\r\n")
    send_body = json.dumps({"value": [ROW]}).encode()
    handler.wfile.write(b"Content-Length: %d\r\n\r\n" % len(send_body) + send_body)


@pytest.mark.parametrize("respond", [_trickled_body, _trickled_headers])
def test_a_trickling_server_meets_the_timeout(
    servers: tuple[Server, Server],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    respond: Callable[[_Handler], None],
) -> None:
    endpoint, _ = servers
    endpoint.respond = respond
    out = tmp_path / "e.json"
    code, err = _pull(capsys, endpoint.base + PATH, out, "--timeout", "0.5")
    assert code == 2 and not out.exists()
    assert "no complete response within 0.5 s (--timeout); gave up after 0 retries" in err


def test_a_timeout_is_retried(
    servers: tuple[Server, Server], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    endpoint, _ = servers
    answers = [_trickled_body]

    def respond(handler: _Handler) -> None:
        if answers:
            answers.pop()(handler)
        else:
            send(handler, 200, {"value": [ROW]})

    endpoint.respond = respond
    code, err = _pull(
        capsys, endpoint.base + PATH, tmp_path / "e.json", "--timeout", "0.5", "--retries", "1"
    )
    assert code == 0, err
    assert len(endpoint.requests) == 2


@pytest.mark.parametrize("declared", [True, False])
def test_a_response_past_the_size_limit_is_refused(
    servers: tuple[Server, Server], declared: bool
) -> None:
    endpoint, _ = servers
    body = json.dumps({"value": [ROW] * 100}).encode()
    assert len(body) > 1000

    def respond(handler: _Handler) -> None:
        handler.send_response(200)
        if declared:
            handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)  # without a length: until the connection closes
        handler.close_connection = True

    endpoint.respond = respond
    with pytest.raises(PullError) as caught:
        pull(endpoint.base + PATH, Query(), Auth(token=TOKEN), Limits(max_bytes=1000))
    assert str(caught.value) == (
        f"{endpoint.base}{PATH}: the response is larger than 1000 bytes; narrow the filter"
    )


def test_the_size_limit_is_256_mib_by_default() -> None:
    assert Limits().max_bytes == MAX_RESPONSE_BYTES == 256 * 1024 * 1024


# --- 11. what used to be an internal error is one line, exit 2 ---------------------------


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b'{"value": [{"n": ' + b"7" * 5000 + b"}]}", "holds a number of more than 4,300 digits"),
        (
            b'{"value": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
            "nests arrays or objects too deeply",
        ),
        (b"\xff\xfe{}", "is not UTF-8 text"),
        (b'{"value": [', "is not JSON"),
    ],
    ids=["5000-digit number", "100000-deep nesting", "not UTF-8", "not JSON"],
)
def test_an_unreadable_page_is_one_line(
    servers: tuple[Server, Server],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    body: bytes,
    message: str,
) -> None:
    endpoint, _ = servers
    endpoint.respond = lambda h: send(h, 200, body)
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert code == 2 and "internal error" not in err
    assert err.startswith(f"datasets pull: {endpoint.base}{PATH}: the response ")
    assert message in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("http://[evil/x", "'@odata.nextLink' is not a valid URL (http://[evil/x)"),
        ("http://a[b]c/x", "'@odata.nextLink' is not a valid URL (http://a[b]c/x)"),
        ("http://127.0.0.1:99999/x", "is not a valid URL (Port out of range 0-65535)"),
        ("/x y", "holds a space, a control or a non-ASCII character"),
        ("/x\x01y", "holds a space, a control or a non-ASCII character"),
        ("/caf\u00e9", "holds a space, a control or a non-ASCII character"),
    ],
)
def test_a_next_link_that_is_not_a_url_is_one_line(
    servers: tuple[Server, Server],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    link: str,
    message: str,
) -> None:
    endpoint, _ = servers
    endpoint.respond = lambda h: send(h, 200, {"value": [ROW], "@odata.nextLink": link})
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert code == 2 and "internal error" not in err
    progress, refusal = err.splitlines()  # the refusal is one line
    assert progress == "datasets pull: page 1: 1 row (1 in all)"
    assert message in refusal
    assert len(endpoint.requests) == 1


@pytest.mark.parametrize("option", ["--timeout", "--backoff"])
@pytest.mark.parametrize("value", ["nan", "-1", "inf", "1e400", "abc", "100000"])
def test_a_bad_number_of_seconds_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["pull", "http://127.0.0.1:9/x", "-o", str(tmp_path / "e.json"), f"{option}={value}"])
    err = capsys.readouterr().err
    assert caught.value.code == 2
    assert f"argument {option}: '{value}' is not a number of seconds" in err


def test_a_timeout_of_0_is_a_usage_error_and_a_backoff_of_0_is_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["pull", "http://127.0.0.1:9/x", "-o", str(tmp_path / "e.json"), "--timeout", "0"])
    assert caught.value.code == 2
    assert "'0' is not a number of seconds more than 0" in capsys.readouterr().err


def test_the_backoff_doubles_up_to_a_minute(servers: tuple[Server, Server]) -> None:
    endpoint, _ = servers
    endpoint.respond = lambda h: send(h, 503, {})
    waits: list[float] = []
    with pytest.raises(PullError, match="gave up after 5 retries"):
        pull(endpoint.base + PATH, Query(), Auth(token=TOKEN), Limits(backoff=20), waits.append)
    assert waits == [20, 40, 60, 60, 60]


def test_a_token_that_would_break_the_header_is_refused_unprinted(
    servers: tuple[Server, Server],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    endpoint, _ = servers
    monkeypatch.setenv("BC_TOKEN", "abc\r\nX-Injected: 1")
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert code == 2 and "the token holds a space, a control or a non-ASCII character" in err
    assert "Injected" not in err and endpoint.requests == []


# --- 15. Business Central's error message, and missing credentials -----------------------


@pytest.mark.parametrize("status", [400, 404, 500])
def test_the_odata_error_message_is_shown(
    servers: tuple[Server, Server],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    status: int,
) -> None:
    endpoint, _ = servers
    error = {"code": "BadRequest", "message": "Could not find a property named 'aitCod'."}
    endpoint.respond = lambda h: send(h, status, {"error": error})
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert code == 2
    assert f": {status} " in err
    assert "BadRequest: Could not find a property named 'aitCod'." in err


def test_the_odata_error_message_is_shown_when_credentials_are_refused(
    servers: tuple[Server, Server], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    endpoint, _ = servers
    error = {"code": "Authorization_Failed", "message": "The user has no permission."}
    endpoint.respond = lambda h: send(h, 403, {"error": error})
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert code == 2
    assert "403 Forbidden: the credentials were refused (Authorization_Failed: The user" in err


def test_a_hostile_error_message_stays_on_one_line_and_is_cut(
    servers: tuple[Server, Server], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    endpoint, _ = servers
    message = "bad\n##vso[task.setvariable variable=x]1\x1b[31m" + "y" * 5000
    endpoint.respond = lambda h: send(h, 400, {"error": {"code": "X", "message": message}})
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert code == 2 and err.count("\n") == 1
    assert "X: bad\\n##vso[task.setvariable variable=x]1\\x1b[31myyy" in err
    assert "y" * 300 not in err and err.rstrip().endswith("...")


def test_no_credentials_is_said_before_anything_is_sent(
    servers: tuple[Server, Server],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    endpoint, _ = servers
    monkeypatch.setenv("BC_TOKEN", "")  # empty, as a missing CI secret is
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert code == 2
    assert err == "datasets pull: no credentials: set BC_TOKEN, or BC_USER and BC_PASSWORD\n"
    assert endpoint.requests == []


@pytest.mark.parametrize(
    ("variable", "message"),
    [
        ("BC_USER", "BC_USER is set but BC_PASSWORD is not: set both, or BC_TOKEN"),
        ("BC_PASSWORD", "BC_PASSWORD is set but BC_USER is not: set both, or BC_TOKEN"),
    ],
)
def test_half_of_basic_credentials_is_a_usage_error(
    servers: tuple[Server, Server],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    variable: str,
    message: str,
) -> None:
    endpoint, _ = servers
    monkeypatch.delenv("BC_TOKEN")
    monkeypatch.setenv(variable, "x")
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert (code, err) == (2, f"datasets pull: {message}\n")
    assert endpoint.requests == []


def test_the_variables_named_by_options_are_the_ones_named(
    servers: tuple[Server, Server],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    endpoint, _ = servers
    monkeypatch.delenv("BC_TOKEN")
    code, err = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json", "--token-env", "T")
    assert (code, err) == (2, "datasets pull: no credentials: set T, or BC_USER and BC_PASSWORD\n")


def test_basic_credentials_are_sent_when_both_are_set(
    servers: tuple[Server, Server],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    endpoint, _ = servers
    _basic(monkeypatch)
    code, _ = _pull(capsys, endpoint.base + PATH, tmp_path / "e.json")
    assert code == 0
    assert endpoint.authorizations == ["Basic " + base64.b64encode(b"admin:P@ss").decode()]
