"""Write the saved initialize answer again (:mod:`.saved_answer`): what pygls computes
now, for each case of the client's capabilities, with the installed versions.

    python -m ait_datasets.lsp.save_answer

It imports the server (pygls and lsprotocol), so it is kept apart from the module the
server reads at start.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from ait_datasets.lsp.saved_answer import DISTRIBUTIONS, SAVED, cases, client_of_case


def computed_capabilities(client_capabilities: Any) -> dict[str, Any]:
    """What pygls computes for this client now (imports the server: for tests and for
    writing the saved file)."""
    from lsprotocol import types as lsp
    from pygls.capabilities import ServerCapabilitiesBuilder

    from ait_datasets.lsp.server import SERVER

    convert = SERVER.protocol._converter
    client = convert.structure(client_capabilities, lsp.ClientCapabilities)
    features = SERVER.protocol.fm
    built = ServerCapabilitiesBuilder(
        client,
        set({**features.features, **features.builtin_features}),
        features.feature_options,
        list(features.commands),
        SERVER._text_document_sync_kind,
        SERVER._notebook_document_sync,
        ServerCapabilitiesBuilder.choose_position_encoding(client),
    ).build()  # type: ignore[no-untyped-call]
    # As JSON (enumerations as their values), as the client receives it.
    out: dict[str, Any] = json.loads(json.dumps(convert.unstructure(built)))
    return out


def write(path: str = SAVED) -> None:
    """Save pygls's answers for the installed versions in ``path``."""
    from importlib.metadata import version

    from ait_datasets.atomic import write_text_atomically

    answers = {}
    for case in cases():
        answers[case] = computed_capabilities(client_of_case(case))
        del answers[case]["positionEncoding"]
    saved = {"versions": {d: version(d) for d in DISTRIBUTIONS}, "capabilities": answers}
    write_text_atomically(path, json.dumps(saved, indent=1, sort_keys=True) + "\n")
    print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    write()
