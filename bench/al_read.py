"""How fast the AL reader is: tokenize, read and follow every `.al` file under a folder.

Run: ``python bench/al_read.py FOLDER`` (e.g. a checkout of microsoft/BCApps). Prints the
files, characters and CPU seconds of each step and any file the reader failed on (it is
built never to fail: a failure is a bug to report).
"""

from __future__ import annotations

import os
import sys
import time

from ait_datasets.al.declarations import read_al
from ait_datasets.al.reads import AppCode
from ait_datasets.al.tokens import tokenize


def main(folder: str) -> int:
    paths = sorted(
        os.path.join(root, name)
        for root, _, names in os.walk(folder)
        for name in names
        if name.lower().endswith(".al")
    )
    texts = []
    for path in paths:
        with open(path, "rb") as fh:
            texts.append(fh.read().decode("utf-8-sig", errors="replace"))
    chars = sum(map(len, texts))
    start = time.process_time()
    tokens = sum(len(tokenize(text)) for text in texts)
    tokenized = time.process_time() - start
    start = time.process_time()
    files = []
    failed = 0
    for path, text in zip(paths, texts, strict=True):
        try:
            files.append(read_al(path, text))
        except Exception as exc:  # the reader must never fail: report, do not stop
            failed += 1
            print(f"FAILED {path}: {exc!r}")
    read = time.process_time() - start
    start = time.process_time()
    code = AppCode(files)
    reads = sum(len(code.reach(codeunit).reads) for codeunit in code.codeunits)
    followed = time.process_time() - start
    print(
        f"{len(paths)} files, {chars / 1e6:.2f} M characters, {tokens} tokens\n"
        f"tokenize: {tokenized:.2f} CPU s ({chars / 1e6 / max(tokenized, 1e-9):.2f} M chars/s)\n"
        f"tokenize + read declarations: {read:.2f} CPU s, {failed} failures\n"
        f"follow {len(code.codeunits)} codeunits: {followed:.2f} CPU s, {reads} key reads"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
