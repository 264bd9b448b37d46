"""Did-you-mean for misspelt keys and enum values, and whether the fix is the only reading."""

from __future__ import annotations

from collections.abc import Iterable


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """The closest choice, also matching case-insensitively (``Review`` -> ``ReviewRecord``)."""
    options = sorted(choices)
    for option in options:
        if option.lower() == word.lower():
            return option
    import difflib  # only when a word is misspelt: most runs have none

    match = difflib.get_close_matches(word, options, n=1, cutoff=0.75)
    if match:
        return match[0]
    lowered = {o.lower(): o for o in options}
    match = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.75)
    return lowered[match[0]] if match else None


def hint(word: str, choices: Iterable[str]) -> str:
    """`` Did you mean 'x'?`` or an empty string."""
    best = did_you_mean(word, choices)
    return f" Did you mean '{best}'?" if best else ""


def only_reading(word: str, best: str, choices: Iterable[str]) -> bool:
    """Whether ``best`` is the one choice ``word`` can be read as.

    It is when ``best`` differs from ``word`` by letter case and at most one edit (a
    letter added, dropped, changed, or two neighbours swapped: ``Asistance``,
    ``expected_date``) and no other choice is that close. Anything further is a guess
    among readings, so its fix is unsafe.
    """
    folded = word.lower()
    near = [c for c in set(choices) if _within_one_edit(folded, c.lower())]
    return near == [best]


def _within_one_edit(a: str, b: str) -> bool:
    """Damerau-Levenshtein distance of at most 1 (bounded: linear in the length)."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        # One letter changed, or two neighbours swapped.
        return a[i + 1 :] == b[i + 1 :] or (
            i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2 :] == b[i + 2 :]
        )
    return a[i:] == b[i + 1 :]  # one letter added to ``a``
