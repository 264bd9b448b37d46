"""Signing in to Business Central online with Entra ID, for ``datasets pull``.

Business Central online takes an Entra ID access token for the scope
``https://api.businesscentral.dynamics.com/.default``. The token comes from
``azure-identity`` (the ``entra`` extra), never from the command line:

- ``--auth entra``: ``DefaultAzureCredential``'s chain, in its order: a client secret or
  certificate from the standard ``AZURE_TENANT_ID``/``AZURE_CLIENT_ID``/
  ``AZURE_CLIENT_SECRET`` (or ``AZURE_CLIENT_CERTIFICATE_PATH``) variables (a service
  principal in CI), workload identity, a managed identity, then the Azure CLI's, Azure
  PowerShell's, the Azure Developer CLI's and VS Code's sign-in; no browser is opened.
- ``--auth device-code``: a person signs in on another device; the prompt (a URL and a
  code, never a token) goes to stderr.

A pull of many pages can outlive a token: :class:`EntraToken` asks the credential again
when less than :data:`REFRESH_MARGIN` seconds are left (the credential's own cache answers
until then). No token is ever printed; a failure to get one is said in one line.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, Protocol

SCOPE = "https://api.businesscentral.dynamics.com/.default"
EXTRA = "pip install 'ait-datasets[entra]'"
REFRESH_MARGIN = 300.0  # seconds: a token with less time left is not sent again


class TokenError(Exception):
    """No token could be had; the message says why (it never holds a token)."""


class Credential(Protocol):
    """What azure-identity's credentials offer: ``get_token(scope)`` returning an object
    with ``token`` and ``expires_on`` (seconds since the epoch)."""

    def get_token(self, *scopes: str, **kwargs: Any) -> Any: ...


class EntraToken:
    """A bearer token from a credential, fetched again when near its expiry."""

    def __init__(
        self, credential: Credential, clock: Callable[[], float] = time.time, scope: str = SCOPE
    ) -> None:
        self._credential = credential
        self._clock = clock
        self._scope = scope
        self._token = ""
        self._expires_on = 0.0

    def __repr__(self) -> str:  # never the token, whoever prints the object
        return f"EntraToken(scope={self._scope!r})"

    def token(self) -> str:
        """A token with at least :data:`REFRESH_MARGIN` seconds left (when the credential
        gives one); raise :class:`TokenError`."""
        if not self._token or self._expires_on - self._clock() < REFRESH_MARGIN:
            try:
                got = self._credential.get_token(self._scope)
            except Exception as exc:  # azure-identity's errors, whatever the credential
                raise TokenError(_first_line(exc)) from None
            token = getattr(got, "token", None)
            if not isinstance(token, str) or not token:
                raise TokenError("the credential returned no token")
            self._token = token
            self._expires_on = float(getattr(got, "expires_on", 0) or 0)
        return self._token


def _first_line(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__


def credential(kind: str, tenant: str = "", client_id: str = "") -> Credential:
    """The credential of ``--auth kind`` (``entra`` or ``device-code``); raise
    :class:`TokenError` naming the extra when azure-identity is not installed."""
    try:
        import azure.identity as identity
    except ImportError:
        raise TokenError(f"--auth {kind} needs azure-identity: {EXTRA}") from None
    if kind == "device-code":
        options: dict[str, Any] = {"prompt_callback": _prompt}
        if tenant:
            options["tenant_id"] = tenant
        if client_id:
            options["client_id"] = client_id
        found: Credential = identity.DeviceCodeCredential(**options)
        return found
    chain: Credential = identity.DefaultAzureCredential(exclude_interactive_browser_credential=True)
    return chain


def _prompt(verification_uri: str, user_code: str, expires_on: object) -> None:
    print(
        f"datasets pull: to sign in, open {verification_uri} and enter the code {user_code}",
        file=sys.stderr,
        flush=True,
    )
