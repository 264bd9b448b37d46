"""The documentation site builds with `mkdocs build --strict`: every page, link and anchor.

Strict mode turns every warning into a failure: a link to a page that does not exist, an
anchor that no heading makes, a snippet that cannot be included, a page the rule hook
could not generate. `.ci/run` builds the site too; this test names the page at fault.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from doc_blocks import REPO

from ait_datasets.lint.rules import all_rules

pytest.importorskip("mkdocs", reason="the site needs the docs extra: pip install -e '.[docs]'")
pytest.importorskip("material", reason="the site needs the docs extra: pip install -e '.[docs]'")


@pytest.mark.slow
def test_the_site_builds_strictly_with_a_page_per_rule(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO / "src"), env.get("PYTHONPATH")) if p)
    env["NO_MKDOCS_2_WARNING"] = "1"
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    for rule in all_rules():
        assert (site / "rules" / rule.code / "index.html").is_file(), rule.code
    # Generated at build time only: nothing is written into docs/.
    assert not (REPO / "docs" / "rules").exists()
