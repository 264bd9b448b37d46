"""Whether a rule's fix can be applied where it is, and why not.

A rule builds its fix from the node's span, and the span of a YAML value written with an
anchor (``&t assistance``) or reached through an alias (``*t``) covers more than the value:
replacing it would delete the anchor (and break every alias to it) or the alias. Such a
fix is not applied, not counted as fixable, and the finding says why.
"""

from __future__ import annotations

import re

from ait_datasets.diagnostics import Diagnostic, Fix
from ait_datasets.lint.discover import is_xml

_NAME = re.compile(r"[&*]([^\s,\[\]{}]+)")


def unapplicable(fix: Fix, text: str, path: str = "") -> str | None:
    """Why ``fix`` cannot be applied to ``text`` (the content of ``path``), or None when it
    can. Only YAML has anchors, aliases and tags: in XML a value may start with ``&amp;``."""
    if is_xml(path):
        return None
    for edit in fix.edits:
        replaced = text[edit.start : edit.end].lstrip()
        if replaced.startswith("&"):
            found = _NAME.match(replaced)
            name = found.group(1) if found else ""
            return (
                f"the value has an anchor (&{name}) that the fix would remove: change the "
                "value after the anchor by hand (every alias to it changes too)"
            )
        if replaced.startswith("*"):
            return "the value is an alias: change it at its anchor by hand"
        if replaced.startswith("!"):
            return "the value has a tag: change it by hand"
    return None


def mark_unapplicable(diagnostics: list[Diagnostic], sources: dict[str, str]) -> list[Diagnostic]:
    """The diagnostics, with each fix that cannot be applied replaced by its reason.

    The reason is a fix without edits: reporters show it and do not count it as fixable.
    """
    out = []
    for diag in diagnostics:
        text = sources.get(diag.path)
        reason = None
        if diag.fix is not None and diag.fix.edits and text is not None:
            reason = unapplicable(diag.fix, text, diag.path)
        if reason is None:
            out.append(diag)
            continue
        out.append(diag.with_fix(Fix(reason, (), diag.fix.safe if diag.fix else True)))
    return out
