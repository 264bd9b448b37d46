"""Every `datasets ...` command line of the README's and the site's snippets parses.

The lines of `sh` blocks, and the steps of the CI recipes (`yaml` blocks: `run:`,
`script:`), are meant to be copied: each `datasets` invocation on them must be accepted by
the command's own argument parser (options spelt right, values of the right kind), as
`datasets ... --help` would describe them. Nothing is run.
"""

from __future__ import annotations

import contextlib
import io

import pytest
from doc_blocks import all_blocks, command_lines, datasets_invocations

from ait_datasets.cli import _protect_negative_formulas, build_parser

LINES = [
    (f"{block.where.rsplit(':', 1)[0]}:{line}", args)
    for block in all_blocks("sh", "bash", "shell", "yaml")
    for line, text in command_lines(block)
    for args in datasets_invocations(text)
]


@pytest.mark.parametrize(("where", "args"), LINES, ids=[w for w, _ in LINES])
def test_snippet_command_line_parses(where: str, args: list[str]) -> None:
    assert args, f"{where}: `datasets` without a command"
    errors = io.StringIO()
    try:
        with contextlib.redirect_stderr(errors):
            build_parser(args[0]).parse_args(_protect_negative_formulas(args))
    except SystemExit as exc:
        if exc.code == 0:  # `--help` or `--version`: parsed, and answered
            return
        pytest.fail(
            f"{where}: `datasets {' '.join(args)}` does not parse ({exc.code}): "
            f"{errors.getvalue().strip()}"
        )


def test_a_misspelt_option_is_caught() -> None:
    """The check above can fail: an option the command does not have is refused."""
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors), pytest.raises(SystemExit):
        build_parser("lint").parse_args(["lint", "--baseline-file", "x.json", "."])
    assert "--baseline-file" in errors.getvalue()


def test_the_snippets_cover_the_commands() -> None:
    commands = {args[0] for _, args in LINES if args}
    assert {"lint", "migrate", "report", "pull", "schema", "edit", "init"} <= commands


def test_a_line_is_cut_at_shell_operators() -> None:
    assert datasets_invocations("pip install -e '.[dev]' && datasets lint examples/") == [
        ["lint", "examples/"]
    ]
    assert datasets_invocations(
        "datasets schema > dataset.schema.json && check-jsonschema --schemafile x my.yaml"
    ) == [["schema"]]
    assert datasets_invocations("datasets lint --diff . > fix.patch && git apply fix.patch") == [
        ["lint", "--diff", "."]
    ]
