"""The report's policy is read by the one TOML reader (lint's): a file that is not TOML is
one line naming it, whatever is wrong with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ait_datasets.report.policy import PolicyError, find_policy


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (b"[report\n", "invalid TOML"),
        (b"[report]\nbar = '\xff'\n", "invalid TOML: not UTF-8"),
        (b"[report]\nbar = " + b"[" * 5000 + b"]" * 5000 + b"\n", "nest too deeply"),
    ],
    ids=["not-toml", "not-utf-8", "nested-too-deeply"],
)
def test_a_policy_file_that_is_not_toml_is_one_line(tmp_path: Path, body: bytes, said: str) -> None:
    policy = tmp_path / "gates.toml"
    policy.write_bytes(body)
    with pytest.raises(PolicyError) as caught:
        find_policy(str(tmp_path), str(policy))
    message = str(caught.value)
    assert message.startswith(f"{policy}: ") and said in message
    assert "\n" not in message
