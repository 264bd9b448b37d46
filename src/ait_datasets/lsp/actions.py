"""Code actions: each finding's fix, "suppress CODE on this line", fix-all, migrate.

Fixes are the linter's own (the same edits ``datasets lint --fix`` applies); safe fixes
are marked preferred, unsafe ones say so in their title. ``source.fixAll.datasets``
applies every safe fix the way ``--fix`` does (repeated passes, nothing that breaks the
file), so it can run on save. Migration is ``datasets migrate``'s plan for the buffer.
"""

from __future__ import annotations

from lsprotocol import types as lsp

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.config import LintConfig
from ait_datasets.lsp.convert import Converter, minimal_edit, to_lsp
from ait_datasets.lsp.linting import fix_document_text, migrated_text
from ait_datasets.lsp.suppress import suppression_edit

FIX_ALL = "source.fixAll.datasets"
UNSAFE_NOTE = " (unsafe: may change what the test does)"


def _wanted(only: list[str] | None, kind: str) -> bool:
    if not only:
        return True
    return any(kind == k or kind.startswith(k + ".") for k in only)


def _overlaps(diag: Diagnostic, conv: Converter, rng: lsp.Range) -> bool:
    """Whether ``diag`` concerns the lines of ``rng`` (an editor asks with the cursor's
    position, which need not be inside the finding's own columns)."""
    d = conv.diagnostic_range(diag)
    return d.start.line <= rng.end.line and rng.start.line <= d.end.line


def code_actions(
    uri: str,
    text: str,
    path: str,
    fmt: str,
    found: list[Diagnostic],
    config: LintConfig,
    rng: lsp.Range,
    only: list[str] | None,
    encoding: str,
) -> list[lsp.CodeAction]:
    """The actions for ``rng`` of the buffer, given the buffer's current findings."""
    conv = Converter(text, encoding)
    out: list[lsp.CodeAction] = []
    here = [d for d in found if _overlaps(d, conv, rng)]
    if _wanted(only, lsp.CodeActionKind.QuickFix):
        for diag in here:
            shown = to_lsp(diag, conv, uri)
            fix = diag.fix
            if fix is not None and fix.edits:
                title = fix.description + ("" if fix.safe else UNSAFE_NOTE)
                out.append(
                    lsp.CodeAction(
                        title=f"{diag.code}: {title}",
                        kind=lsp.CodeActionKind.QuickFix,
                        diagnostics=[shown],
                        is_preferred=fix.safe,
                        edit=_edit(uri, [conv.text_edit(e) for e in fix.edits]),
                    )
                )
        for diag in here:
            edit = suppression_edit(text, path, diag, fmt)
            if edit is not None:
                out.append(
                    lsp.CodeAction(
                        title=f"Suppress {diag.code} on this line",
                        kind=lsp.CodeActionKind.QuickFix,
                        diagnostics=[to_lsp(diag, conv, uri)],
                        edit=_edit(uri, [conv.text_edit(edit)]),
                    )
                )
    if _wanted(only, FIX_ALL) and any(d.fix is not None and d.fix.safe for d in found):
        fixed = fix_document_text(text, path, config)
        change = minimal_edit(conv, text, fixed)
        if change is not None:
            out.append(
                lsp.CodeAction(
                    title="Fix all safe findings (datasets lint --fix)",
                    kind=FIX_ALL,
                    edit=_edit(uri, [change]),
                )
            )
    if _wanted(only, lsp.CodeActionKind.RefactorRewrite) and fmt == "yaml":
        migrated = migrated_text(text, path)
        change = minimal_edit(conv, text, migrated) if migrated is not None else None
        if change is not None:
            out.append(
                lsp.CodeAction(
                    title="Migrate this file to `query:` (datasets migrate)",
                    kind=lsp.CodeActionKind.RefactorRewrite,
                    edit=_edit(uri, [change]),
                )
            )
    return out


def _edit(uri: str, edits: list[lsp.TextEdit]) -> lsp.WorkspaceEdit:
    return lsp.WorkspaceEdit(changes={uri: edits})
