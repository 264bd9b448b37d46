"""Configuration: discovery upward from each file, keys, overrides, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.diagnostics import Severity
from ait_datasets.lint.config_files import ConfigError, ConfigResolver, read_config_file

NO_FROM = (
    "tests:\n  - name: T1\n    turns:\n      - query: {title: Hi, message: Hi}\n"
    "        expected_data: {}\n"
)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_pyproject_table_is_found_upward(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[tool.ait-datasets]\nignore = ["QRY003"]\n')
    data = write(tmp_path / "app" / ".resources" / "d" / "a.yaml", NO_FROM)
    config = ConfigResolver().for_file(str(data))
    assert config.ignore == ("QRY003",)
    assert config.source == str(tmp_path / "pyproject.toml")


def test_pyproject_without_our_table_is_skipped(tmp_path: Path) -> None:
    write(tmp_path / ".ait-datasets.toml", 'select = ["QRY"]\n')
    write(tmp_path / "sub" / "pyproject.toml", "[tool.other]\nx = 1\n")
    data = write(tmp_path / "sub" / "a.yaml", NO_FROM)
    assert ConfigResolver().for_file(str(data)).select == ("QRY",)


def test_dot_file_wins_over_pyproject_in_the_same_folder(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[tool.ait-datasets]\nselect = ["TST"]\n')
    write(tmp_path / ".ait-datasets.toml", 'select = ["QRY"]\n')
    data = write(tmp_path / "a.yaml", NO_FROM)
    assert ConfigResolver().for_file(str(data)).select == ("QRY",)


def test_config_applies_wherever_the_command_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path / "repo" / ".ait-datasets.toml", 'ignore = ["QRY003"]\n')
    data = write(tmp_path / "repo" / "d" / "a.yaml", NO_FROM)
    monkeypatch.chdir(tmp_path)
    assert main(["lint", str(data)]) == 0
    # An explicit --config replaces the search: this one ignores nothing.
    other = write(tmp_path / "c.toml", "select = []\n")
    assert main(["lint", "--config", str(other), str(data)]) == 1
    capsys.readouterr()


def test_all_keys(tmp_path: Path) -> None:
    path = write(
        tmp_path / ".ait-datasets.toml",
        'select = ["QRY", "EXP"]\nignore = ["QRY007"]\nwork-date = 2026-03-17\n'
        'intervention-types = ["Assistance"]\nfail-level = "warning"\n'
        'include = ["**/*.yaml"]\nexclude = ["drafts/**"]\n'
        '[severity]\nQRY003 = "warning"\n',
    )
    found = read_config_file(str(path))
    assert found is not None
    config = found.base
    assert config.select == ("QRY", "EXP") and config.ignore == ("QRY007",)
    assert str(config.work_date) == "2026-03-17"
    assert config.intervention_types == ("Assistance",)
    assert config.fail_level is Severity.WARNING
    assert config.severity_for("QRY003") is Severity.WARNING
    assert config.include == ("**/*.yaml",) and config.exclude == ("drafts/**",)


def test_per_path_overrides(tmp_path: Path) -> None:
    write(
        tmp_path / ".ait-datasets.toml",
        '[[overrides]]\nfiles = ["legacy/**"]\nignore = ["LEG"]\n'
        '[overrides.severity]\nQRY003 = "info"\n',
    )
    resolver = ConfigResolver()
    legacy = resolver.for_file(str(tmp_path / "legacy" / "x" / "a.yaml"))
    other = resolver.for_file(str(tmp_path / "new" / "a.yaml"))
    assert legacy.ignore == ("LEG",) and legacy.severity_for("QRY003") is Severity.INFO
    assert other.ignore == () and other.severity_for("QRY003") is None


def test_severity_override_changes_the_exit_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path / ".ait-datasets.toml", '[severity]\nQRY003 = "warning"\n')
    data = write(tmp_path / "a.yaml", NO_FROM)
    assert main(["lint", "--format", "json", str(data)]) == 0
    assert '"severity": "warning"' in capsys.readouterr().out


def test_fail_level_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = write(
        tmp_path / "a.yaml",
        NO_FROM.replace("name: T1\n", "description: x\n").replace(
            "{title: Hi", "{from: J, title: Hi"
        ),
    )
    assert main(["lint", str(data)]) == 0
    assert main(["lint", "--fail-level", "warning", str(data)]) == 1
    capsys.readouterr()


def test_exclude_skips_discovered_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path / ".ait-datasets.toml", 'exclude = ["drafts/**"]\n')
    write(tmp_path / "drafts" / "a.yaml", NO_FROM)
    write(tmp_path / "ok" / "b.yaml", NO_FROM.replace("{title", "{from: J, title"))
    assert main(["lint", str(tmp_path)]) == 0
    assert "All checks passed (1 file)." in capsys.readouterr().out


def test_command_line_overrides_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path / ".ait-datasets.toml", 'ignore = ["QRY003"]\n')
    data = write(tmp_path / "a.yaml", NO_FROM)
    assert main(["lint", "--ignore", "TST", str(data)]) == 1
    capsys.readouterr()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("select = [", "invalid TOML"),
        ("colour = 1\n", "unknown key 'colour'"),
        ('fail-level = "fatal"\n', "not error, warning or info"),
        ('work-date = "someday"\n', "'work-date' must be a date"),
        ("select = 3\n", "'select' must be a list"),
        ("[[overrides]]\nignore = []\n", "'files'"),
        ("intervention-types = []\n", "non-empty list"),
    ],
)
def test_invalid_config_is_exit_2_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    write(tmp_path / ".ait-datasets.toml", text)
    data = write(tmp_path / "a.yaml", NO_FROM)
    with pytest.raises(ConfigError, match=message):
        ConfigResolver().for_file(str(data))
    assert main(["lint", str(data)]) == 2
    err = capsys.readouterr().err
    assert "invalid configuration" in err and ".ait-datasets.toml" in err


def test_explicit_config_without_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "pyproject.toml", "[project]\nname = 'x'\n")
    assert main(["lint", "--config", str(path), str(tmp_path)]) == 2
    assert "no [tool.ait-datasets] table" in capsys.readouterr().err


@pytest.mark.parametrize(
    "text",
    [
        '[tool.ait-datasets]\nignore = ["QRY003"]\n',
        '[tool."ait-datasets"]\nignore = ["QRY003"]\n',
        "[ tool . 'ait-datasets' ]\nignore = ['QRY003']\n",
        'tool.ait-datasets.ignore = ["QRY003"]\n',
        '[tool]\nait-datasets = { ignore = ["QRY003"] }\n',
        'tool = { "ait-datasets" = { ignore = ["QRY003"] } }\n',
        '[tool.ait-datasets.severity]\nTST001 = "info"\n[tool.ait-datasets]\nignore = ["QRY003"]\n',
    ],
    ids=["table", "quoted", "spaced", "dotted", "inline", "inline-quoted", "subtable-first"],
)
def test_every_spelling_of_our_pyproject_table_is_read(tmp_path: Path, text: str) -> None:
    path = write(tmp_path / "pyproject.toml", text + '[project]\nname = "ait-datasets"\n')
    found = read_config_file(str(path))
    assert found is not None
    assert found.base.ignore == ("QRY003",)


def test_pyproject_naming_us_only_as_a_value_is_skipped(tmp_path: Path) -> None:
    write(tmp_path / ".ait-datasets.toml", 'select = ["QRY"]\n')
    write(
        tmp_path / "sub" / "pyproject.toml",
        '[project]\nname = "ait-datasets"\nauthors = [{ name = "ait-datasets people" }]\n'
        'urls = { home = "https://example.com/ait-datasets/" }\n',
    )
    data = write(tmp_path / "sub" / "a.yaml", NO_FROM)
    assert read_config_file(str(tmp_path / "sub" / "pyproject.toml")) is None
    assert ConfigResolver().for_file(str(data)).select == ("QRY",)


def test_another_tools_broken_pyproject_is_not_our_business(tmp_path: Path) -> None:
    # It cannot hold our table, so it is skipped like a valid one without it.
    write(tmp_path / ".ait-datasets.toml", 'select = ["QRY"]\n')
    write(tmp_path / "sub" / "pyproject.toml", "[tool.other\nx = \n")
    data = write(tmp_path / "sub" / "a.yaml", NO_FROM)
    assert ConfigResolver().for_file(str(data)).select == ("QRY",)


def test_broken_pyproject_with_our_table_is_an_error(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[tool.ait-datasets]\nselect = ["QRY"\n')
    data = write(tmp_path / "a.yaml", NO_FROM)
    with pytest.raises(ConfigError, match=r"pyproject\.toml: invalid TOML"):
        ConfigResolver().for_file(str(data))


def test_config_that_is_not_utf8_is_a_config_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".ait-datasets.toml").write_bytes(b'select = ["QRY\xff"]\n')
    data = write(tmp_path / "a.yaml", NO_FROM)
    with pytest.raises(ConfigError, match=r"\.ait-datasets\.toml: invalid TOML: not UTF-8"):
        ConfigResolver().for_file(str(data))
    assert main(["lint", str(data)]) == 2
    assert "invalid configuration" in capsys.readouterr().err


def test_the_audit_table_declares_must_nevers_and_files(tmp_path: Path) -> None:
    from ait_datasets.lint.config_files import audit_settings

    (tmp_path / ".ait-datasets.toml").write_text(
        '[audit]\nmust-never = { MN-01 = "never post" }\n'
        'quarantine = "q.txt"\nfail-under = "90%"\n',
        encoding="utf-8",
    )
    settings = audit_settings(None, str(tmp_path))
    assert settings.must_never == (("MN-01", "never post"),)
    assert settings.quarantine == str(tmp_path / "q.txt")
    assert settings.fail_under == "90%"


def test_an_unknown_audit_key_is_named(tmp_path: Path) -> None:
    from ait_datasets.lint.config_files import ConfigError, audit_settings

    (tmp_path / ".ait-datasets.toml").write_text("[audit]\nmust-nevers = {}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="unknown key 'must-nevers'"):
        audit_settings(None, str(tmp_path))


def test_lint_accepts_an_audit_table(tmp_path: Path) -> None:
    path = tmp_path / ".ait-datasets.toml"
    path.write_text('[audit]\nmust-never = { MN-01 = "never post" }\n', encoding="utf-8")
    assert read_config_file(str(path)) is not None
