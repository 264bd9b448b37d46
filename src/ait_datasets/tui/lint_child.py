"""Child process of :mod:`ait_datasets.tui.lint_runner`: a pickled request in (``("lint",
path, text, config)`` or ``("check", path, text, dash_lines)``), the pickled answer out."""

from __future__ import annotations

import pickle
import sys

from ait_datasets.gc_pause import paused_gc
from ait_datasets.tui.findings import lint_text
from ait_datasets.tui.save import RefusedToSave, check_parses


def main() -> None:
    request = pickle.loads(sys.stdin.buffer.read())
    answer: object
    if request[0] == "check":
        # None when the text parses, else the refusal message.
        try:
            check_parses(request[1], request[2], request[3])
            answer = None
        except RefusedToSave as exc:
            answer = str(exc)
    else:
        _, path, text, config = request
        # Like the command line: no garbage collection while the tree is built.
        with paused_gc():
            answer = lint_text(path, text, config)
    sys.stdout.buffer.write(pickle.dumps(answer))


if __name__ == "__main__":
    main()
