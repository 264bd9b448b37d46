"""Did-you-mean for misspelt keys and enum values."""

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
