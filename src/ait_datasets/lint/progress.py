"""A progress bar on a terminal, shown only when linting takes longer than a second."""

from __future__ import annotations

import sys
import time
from typing import TextIO

DELAY = 1.0
WIDTH = 30


class ProgressBar:
    def __init__(self, stream: TextIO | None = None, delay: float = DELAY) -> None:
        # The bar draws with carriage returns on purpose: past the stream that neutralises
        # control characters in messages (ait_datasets.terminal_text).
        raw: TextIO = getattr(sys.stderr, "terminal_raw", sys.stderr)
        self.stream = stream or raw
        self.enabled = self.stream.isatty()
        self.start = time.monotonic()
        self.delay = delay
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        if not self.shown and time.monotonic() - self.start < self.delay:
            return
        filled = WIDTH * done // total
        bar = "#" * filled + "-" * (WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} files")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """Erase the bar, so the report starts on a clean line."""
        if self.shown:
            self.stream.write("\r" + " " * (WIDTH + 30) + "\r")
            self.stream.flush()
