"""A real editor as the client: Neovim's built-in LSP client, headless, opens a dataset
copied from examples/, receives the findings and applies a quick fix in the buffer."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lsp_support import SERVER_COMMAND

REPO = Path(__file__).resolve().parents[2]
CLIENT = Path(__file__).with_name("neovim_client.lua")


@pytest.fixture
def nvim() -> str:
    found = shutil.which("nvim")
    if found is None:
        pytest.skip("Neovim is not installed (Debian: apt-get install neovim; .ci/run does)")
    return found


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="Neovim is installed for this test on Linux only (.ci/run)",
)
def test_neovim_shows_the_findings_and_applies_the_quick_fix(nvim: str, tmp_path: Path) -> None:
    app = tmp_path / "agent-app"
    shutil.copytree(REPO / "examples" / "agent-app", app)
    dataset = app / ".resources" / "datasets" / "ORDERS-REVIEW.yaml"
    text = dataset.read_text(encoding="utf-8")
    assert "type: ReviewRecord" in text
    dataset.write_text(text.replace("type: ReviewRecord", "type: reviewrecord", 1), "utf-8")
    out = tmp_path / "result.json"
    env = {
        **os.environ,
        "DATASETS_LSP_CMD": json.dumps(SERVER_COMMAND),
        "DATASETS_OUT": str(out),
        "DATASETS_CODE": "EXP001",
    }
    subprocess.run(
        [nvim, "--headless", "--clean", "-n", "-u", str(CLIENT), str(dataset)],
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=True,
        stdin=subprocess.DEVNULL,
        capture_output=True,
    )
    result = json.loads(out.read_text(encoding="utf-8"))
    assert "error" not in result, result.get("error")
    exp001 = [d for d in result["diagnostics"] if d["code"] == "EXP001"]
    line = next(i for i, t in enumerate(text.splitlines()) if "type: ReviewRecord" in t)
    assert len(exp001) == 1 and exp001[0]["lnum"] == line
    assert exp001[0]["col"] == text.splitlines()[line].index("ReviewRecord")
    assert "reviewrecord" in exp001[0]["message"] and exp001[0]["severity"] == 1
    assert "EXP001: Replace 'reviewrecord' with 'ReviewRecord'" in result["actions"]
    assert "Suppress EXP001 on this line" in result["actions"]
    # The preferred (safe) fix was applied in the buffer; the file on disk is untouched.
    assert result["lines"][line].strip() == "type: ReviewRecord"
    assert "type: reviewrecord" in dataset.read_text(encoding="utf-8")
