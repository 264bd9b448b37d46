"""Child process of :mod:`ait_datasets.tui.lint_runner`: pickled request in, result out."""

from __future__ import annotations

import pickle
import sys

from ait_datasets.tui.findings import lint_text


def main() -> None:
    path, text, config = pickle.loads(sys.stdin.buffer.read())
    sys.stdout.buffer.write(pickle.dumps(lint_text(path, text, config)))


if __name__ == "__main__":
    main()
