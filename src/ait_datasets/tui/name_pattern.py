"""The name a new test is offered: the next one in the file's own naming pattern.

Authors number their tests (``ORDER-001``, ``ORDER-002``), count them in words
(``RETURN-ONE``, ``RETURN-TWO``) or give them a shared prefix and a word
(``ORDER-DESK``, ``ORDER-CHAIR``). The rule, from the test the new one follows (else the
last test):

1. its name ends in digits: the same stem and the next number after the highest one
   the tests with that stem have, padded to the same width (``ORDER-007`` → ``ORDER-008``,
   ``Q9`` → ``Q10``);
2. it ends in a number word after a separator (``RETURN-TWO``): the next word after the
   highest one with that stem, in the same case (``RETURN-THREE``);
3. the file's names share a prefix that ends in a separator (``ORDER-``): the prefix and
   the test's number, three digits (``ORDER-003``);
4. otherwise ``TEST-`` and the test's number (``TEST-003``), as before.

A name some test has already (compared without case, as the framework does) moves on to
the next number.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

_TRAILING_NUMBER = re.compile(r"^(.*?)(\d+)$")
_SEPARATORS = "-_ ."
WORDS = (
    *("ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN"),
    *("ELEVEN", "TWELVE", "THIRTEEN", "FOURTEEN", "FIFTEEN", "SIXTEEN", "SEVENTEEN"),
    *("EIGHTEEN", "NINETEEN", "TWENTY"),
)
# How many candidates are tried before giving up on the pattern (bounded: a file holds
# fewer tests than this many names of one stem).
_TRIES = 100_000


def proposed_name(names: Sequence[str], anchor: int | None) -> str:
    """The name offered for a test added after test ``anchor`` (None: the last) of a
    file whose tests are ``names`` (in file order)."""
    taken = {n.upper() for n in names}
    count = len(names) + 1
    base = names[anchor] if anchor is not None and 0 <= anchor < len(names) else None
    if base is None and names:
        base = names[-1]
    for propose in (_numbered, _counted_in_words):
        found = None if base is None else propose(base, names, taken)
        if found is not None:
            return found
    prefix = _shared_prefix(names) or "TEST-"
    return _free(lambda n: f"{prefix}{n:03d}", count, taken)


def _free(make: Callable[[int], str], start: int, taken: set[str]) -> str:
    for n in range(start, start + _TRIES):
        name = make(n)
        if name.upper() not in taken:
            return name
    return make(start + _TRIES)


def _numbered(base: str, names: Sequence[str], taken: set[str]) -> str | None:
    match = _TRAILING_NUMBER.match(base)
    if match is None:
        return None
    stem, digits = match.group(1), match.group(2)
    highest = 0
    for name in names:
        other = _TRAILING_NUMBER.match(name)
        if other is not None and other.group(1).upper() == stem.upper():
            highest = max(highest, int(other.group(2)))
    width = len(digits) if digits.startswith("0") else 1
    return _free(lambda n: f"{stem}{n:0{width}d}", highest + 1, taken)


def _word_split(name: str) -> tuple[str, int] | None:
    """``("RETURN-", 2)`` for ``RETURN-TWO``: the stem and the number its last word says."""
    cut = max(name.rfind(sep) for sep in _SEPARATORS)
    if cut < 0:
        return None
    word = name[cut + 1 :].upper()
    return (name[: cut + 1], WORDS.index(word)) if word in WORDS else None


def _counted_in_words(base: str, names: Sequence[str], taken: set[str]) -> str | None:
    split = _word_split(base)
    if split is None:
        return None
    stem = split[0]
    numbers = [s[1] for s in map(_word_split, names) if s is not None and s[0] == stem]
    following = max(numbers) + 1
    if following >= len(WORDS):
        return None
    word = WORDS[following]
    last = base[len(stem) :]
    # The case of the base's word: RETURN-TWO → RETURN-THREE, Return-Two → Return-Three.
    if last.islower():
        word = word.lower()
    elif not last.isupper():
        word = word.capitalize()
    name = stem + word
    return None if name.upper() in taken else name


def _shared_prefix(names: Sequence[str]) -> str | None:
    """The prefix every name has, up to and with its last separator (``ORDER-``)."""
    if len(names) < 2:
        return None
    upper = [n.upper() for n in names]
    first, last = min(upper), max(upper)  # the shortest common prefix is theirs
    pairs = enumerate(zip(first, last, strict=False))
    length = next((i for i, (a, b) in pairs if a != b), len(first))
    common = first[:length]
    cut = max(common.rfind(sep) for sep in _SEPARATORS)
    return names[0][: cut + 1] if cut > 0 else None
