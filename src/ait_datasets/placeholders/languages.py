"""Localized DateFormula letters, for formulas written without ``< >``.

Without angle brackets, ``CalcDate`` reads a formula with the session language's letters.
The letters below come from Microsoft's translated user documentation ("Use date
formulas"), not from the runtime's own tables, so they are a best effort. French and
Italian are left out: their pages disagree with themselves about the "current" letter.
"""

from __future__ import annotations

from ait_datasets.placeholders.errors import FormulaError

# English letter -> the language's letter, for C (current), D, WD, W, M, Q, Y.
_LETTERS: dict[str, dict[str, str]] = {
    "en": {"C": "C", "D": "D", "WD": "WD", "W": "W", "M": "M", "Q": "Q", "Y": "Y"},
    "de": {"C": "L", "D": "T", "WD": "WT", "W": "W", "M": "M", "Q": "Q", "Y": "J"},
    "da": {"C": "L", "D": "D", "WD": "UD", "W": "U", "M": "M", "Q": "K", "Y": "Å"},
    "sv": {"C": "A", "D": "D", "WD": "VD", "W": "V", "M": "M", "Q": "K", "Y": "Å"},
    "es": {"C": "P", "D": "D", "WD": "SD", "W": "S", "M": "M", "Q": "T", "Y": "A"},
}

LANGUAGES = tuple(sorted(_LETTERS))


def language_key(tag: str) -> str:
    """``de-DE`` -> ``de``; raises ValueError for a language we have no letters for."""
    key = tag.strip().lower().split("-")[0].split("_")[0]
    if key not in _LETTERS:
        raise ValueError(
            f"no date formula letters known for '{tag}'; known: {', '.join(LANGUAGES)}"
        )
    return key


def to_english(formula: str, language: str) -> str:
    """The formula with the language's letters replaced by English ones.

    Letters are replaced one for one (two-letter weekday units first), so every position
    in the result is the same position in the original, and error positions stay true.
    Bracketed formulas are always English and are returned unchanged. Raises
    :class:`FormulaError` for a letter the language does not have.
    """
    if formula.lstrip().startswith("<"):
        return formula
    table = _LETTERS[language_key(language)]
    reverse = {local: english for english, local in table.items()}
    out: list[str] = []
    i = 0
    while i < len(formula):
        pair = formula[i : i + 2]
        if len(pair) == 2 and pair in reverse and len(reverse[pair]) == 2:
            out.append(reverse[pair])
            i += 2
            continue
        ch = formula[i]
        english = reverse.get(ch)
        if english is None and ch.isalpha() and ch.upper() == ch:
            # An English letter that is not one of this language's letters: Business
            # Central would not read it as English, so neither do we.
            letters = ", ".join(f"{e}={loc}" for e, loc in table.items())
            raise FormulaError(
                f"'{ch}' is not a date formula letter in '{language}' ({letters}); write "
                "the formula in < > to use English letters in any language",
                i,
                "a letter of the session language",
            )
        out.append(english if english is not None and len(english) == 1 else ch)
        i += 1
    return "".join(out)
