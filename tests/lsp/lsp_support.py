"""A small test app on disk and helpers to drive `datasets lsp` through pytest-lsp."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path

from lsprotocol import types as lsp

SERVER_COMMAND = [sys.executable, "-m", "ait_datasets", "lsp"]

SETUP = """\
name: SHOP-SETUP
suite_setup:
  customers:
    - name: Adatum
"""

# Findings (as `datasets lint` reports them): PH007 line 7, EXP001 line 11, TRN003 lines
# 14 and 19, QRY003 line 20. Emoji and CJK text before the findings on the same line.
ORDERS = """\
suite_setup: SHOP-SETUP
tests:
  - name: T1 😀 注文
    turns:
      - query:
          from: 山田 😀
          title: 注文 😀 by $DateFormula-<CM+1D>$
          message: ok
          attachments:
            - file: attachments/mail.txt
        expected_data:
          intervention_request:
            type: reviewrecord
            suggestions:
              - APPROVE
      - query:
          intervention:
            suggestion: APPROVE
  - name: T2
    turns:
      - query:
          title: no sender
"""

SUITE = """\
<?xml version="1.0" encoding="UTF-8"?>
<Root>
  <AITSuite Code="SHOP" Description="Shop" Dataset="ORDERS.yaml" TestRunnerId="130451"
            TestType="Agent">
    <Line Codeunit="50100" Dataset="MISSING.yaml" />
  </AITSuite>
</Root>
"""


def make_app(root: Path) -> Path:
    """An app with a suite-setup file, a dataset with findings, an attachment and a suite."""
    resources = root / "app" / ".resources"
    (resources / "datasets" / "setup").mkdir(parents=True)
    (resources / "attachments").mkdir()
    (resources / "suites").mkdir()
    (resources / "datasets" / "setup" / "SETUP.yaml").write_text(SETUP, encoding="utf-8")
    (resources / "datasets" / "ORDERS.yaml").write_text(ORDERS, encoding="utf-8")
    (resources / "attachments" / "mail.txt").write_text("Hello\n", encoding="utf-8")
    (resources / "suites" / "SHOP.xml").write_text(SUITE, encoding="utf-8")
    return resources


async def until(predicate: Callable[[], bool], what: str, timeout: float = 90) -> None:
    """Wait (polling) until ``predicate()`` holds. The client records every notification
    it gets; waiting on the next notification instead would miss one that arrives right
    after another."""
    for _ in range(int(timeout / 0.02)):
        if predicate():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def pulls(client: object) -> bool:
    """Whether the client pulls diagnostics (the server then does not push them)."""
    caps = getattr(client, "capabilities", None)
    text_document = getattr(caps, "text_document", None)
    return getattr(text_document, "diagnostic", None) is not None


async def diagnostics_of(client: object, uri: str) -> list[lsp.Diagnostic]:
    """The diagnostics of ``uri`` the way this client gets them: pulled, or pushed (then
    the next ones the server publishes; call it right after the edit, before awaiting)."""
    from pytest_lsp import LanguageClient

    assert isinstance(client, LanguageClient)
    if pulls(client):
        report = await client.text_document_diagnostic_async(
            lsp.DocumentDiagnosticParams(lsp.TextDocumentIdentifier(uri))
        )
        assert isinstance(report, lsp.RelatedFullDocumentDiagnosticReport)
        return list(report.items)
    client.diagnostics.pop(uri, None)
    await until(lambda: uri in client.diagnostics, f"diagnostics of {uri}")
    return list(client.diagnostics[uri])


def client_column(line: str, column: int, encoding: str) -> int:
    """A code-point column in the client's units (UTF-16 code units, UTF-8 bytes...)."""
    codec = {"utf-16": "utf-16-le", "utf-8": "utf-8", "utf-32": "utf-32-le"}[encoding]
    width = {"utf-16": 2, "utf-8": 1, "utf-32": 4}[encoding]
    return len(line[:column].encode(codec)) // width


def accept_registrations(client: object) -> list[lsp.RegistrationParams]:
    """Let the test client accept `client/registerCapability` (as editors do); the
    registrations are kept in the returned list."""
    from pytest_lsp import LanguageClient

    assert isinstance(client, LanguageClient)
    seen: list[lsp.RegistrationParams] = []

    @client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def _register(params: lsp.RegistrationParams) -> None:
        seen.append(params)

    client.registrations = seen  # type: ignore[attr-defined]
    return seen
