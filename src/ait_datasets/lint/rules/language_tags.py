"""What to say about a language tag the platform's `Windows Language` lookup does not find.

Two places look a tag up in the `Language Tag` column of `Windows Language`: a dataset's
`language:` (the importer, which silently keeps Language ID 0: STR007) and a suite XML's
`<Language Tag=...>` (the XmlPort, which fails the import: XML014). Both say the same
thing about the tag itself, and suggest the same tag, from here.
"""

from __future__ import annotations

from ait_datasets.dataset import languages
from ait_datasets.lint.suggest import only_reading
from ait_datasets.records import FrozenRecord


class TagProblem(FrozenRecord):
    """A tag the lookup does not find: the text, and the tag it most likely means."""

    text: str
    # The tag as Windows spells it, and why it is the likely one (None: no guess).
    meant: str | None = None
    why: str | None = None

    @property
    def case_only(self) -> bool:
        """Only the letter case differs from a tag: whether the platform's filter matches
        it is not in the framework's code."""
        return self.meant is not None and self.text.lower() == self.meant.lower()

    @property
    def only_reading(self) -> bool:
        """Whether ``meant`` is the one tag the text can be read as (its fix is safe): the
        tag in Windows' letter case or with `-` for `_`, the tag of a three-letter code or
        of an LCID, GB for UK; a near spelling only when no other tag is as near."""
        if self.meant is None:
            return False
        if self.why != languages.CLOSEST:
            return True
        return only_reading(self.text.strip(), self.meant, languages.windows_languages())

    def suggestion(self) -> str:
        """ " Did you mean 'en-US'? (why.)", or an example when there is no guess."""
        if self.meant is not None:
            return f" Did you mean '{self.meant}'? ({self.why}.)"
        return " Write a tag such as `en-US` or `da-DK`."


def tag_problem(text: str) -> TagProblem | None:
    """The problem with ``text`` as a Windows language tag, or None when the lookup finds it."""
    if languages.language_id(text) != 0:
        return None
    meant = languages.meant_tag(text)
    if meant is None:
        return TagProblem(text)
    return TagProblem(text, meant[0], meant[1])
