"""The `datasets` command itself: help, version, --debug, negative date formulas."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from ait_datasets.cli import COMMANDS, build_parser, main


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for name in COMMANDS:
        assert f"    {name} " in out


def test_no_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage: datasets" in capsys.readouterr().out


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["lnit"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv", [["--debug", "rules"], ["rules", "--debug"]], ids=["before", "after"]
)
def test_debug_works_before_or_after_the_command(argv: list[str]) -> None:
    assert build_parser().parse_args(argv).debug is True
    assert build_parser().parse_args(["rules"]).debug is False


def test_debug_shows_the_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import ait_datasets.commands.rules as rules

    def boom(args: object) -> int:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(rules, "run", boom)
    assert main(["rules"]) == 2
    assert "internal error: RuntimeError: kaboom" in capsys.readouterr().err
    with pytest.raises(RuntimeError, match="kaboom"):
        main(["--debug", "rules"])


def test_in_process_callers_keep_the_garbage_collector() -> None:
    assert gc.isenabled()
    main(["rules", "QRY003"])
    assert gc.isenabled()


def test_negative_formula_without_double_dash(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["date", "--work-date", "2026-03-17", "-CM"]) == 0
    assert capsys.readouterr().out.strip() == "2026-03-01"


@pytest.mark.parametrize("name", COMMANDS)
def test_command_help_is_the_same_from_its_own_parser(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # `datasets NAME --help` builds only NAME's parser; it must read as from the full one.
    with pytest.raises(SystemExit):
        build_parser().parse_args([name, "--help"])
    full = capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        main(["--debug", name, "--help"])
    assert exc.value.code == 0
    assert capsys.readouterr().out == full
    assert f"usage: datasets {name} " in full


def test_a_command_imports_no_other_command_module() -> None:
    code = (
        "import sys\n"
        "from ait_datasets.cli import COMMANDS, main\n"
        "main(['rules', 'QRY003'])\n"
        "print(sorted(n for n in COMMANDS if 'ait_datasets.commands.' + n in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "['rules']"
