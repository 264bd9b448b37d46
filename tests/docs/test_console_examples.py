"""Every console example of the README and the site, run: the documented output is today's.

A `console` block shows `$ datasets ...` commands, each followed by the output it prints.
Each block runs in a fresh folder holding a copy of the shipped `examples/` (the commands
name them as from the repository root), one command after the other (a block may create a
file and lint it), through this checkout's package. What the command prints, standard
output and standard error in the order written, must be the output shown; paths are
normalised to `/` and the temporary folder's name is removed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from doc_blocks import REPO, Block, Command, all_blocks, console_commands

BLOCKS = [b for b in all_blocks("console") if console_commands(b)]
# The CI systems whose variables change `datasets lint`'s default format.
_CI_VARIABLES = ("GITHUB_ACTIONS", "TF_BUILD", "CI_PROJECT_DIR")


def _environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _CI_VARIABLES}
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO / "src"), env.get("PYTHONPATH", "")) if p
    )
    # Standard error is unbuffered: with this, both streams arrive in the order written.
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    env["NO_COLOR"] = "1"
    return env


def _run(command: Command, cwd: Path) -> str:
    assert command.argv[:1] == ("datasets",), (
        f"{command.where}: a console example runs `datasets` (shows {command.argv[:1]})"
    )
    done = subprocess.run(
        [sys.executable, "-m", "ait_datasets", *command.argv[1:]],
        cwd=cwd,
        env=_environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        timeout=120,
        check=False,
    )
    text = done.stdout.decode("utf-8").replace("\r\n", "\n")
    return _normalised(text, cwd)


def _normalised(text: str, cwd: Path) -> str:
    for folder in {str(cwd), str(cwd.resolve())}:
        text = text.replace(folder + os.sep, "").replace(folder, ".")
    return text.replace("\\", "/") if os.sep == "\\" else text


@pytest.mark.parametrize("block", BLOCKS, ids=[b.where for b in BLOCKS])
def test_console_example_prints_what_it_shows(block: Block, tmp_path: Path) -> None:
    shutil.copytree(REPO / "examples", tmp_path / "examples")
    for command in console_commands(block):
        assert _run(command, tmp_path) == command.output, command.where


def test_the_docs_have_console_examples_for_the_main_commands() -> None:
    """The examples this test runs are there (a parser that found none would pass)."""
    shown = {c.argv[1] for b in BLOCKS for c in console_commands(b) if len(c.argv) > 1}
    assert {"lint", "rules", "date", "resolve", "migrate", "init", "report"} <= shown
    readme = [b for b in BLOCKS if b.path.name == "README.md"]
    assert readme, "the README shows a sample finding"
