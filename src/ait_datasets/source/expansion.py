"""How big a document's data becomes once YAML aliases are expanded into copies.

The loader never copies an aliased node: every alias shares its anchor's data, so nine
levels of nine aliases (a "billion laughs" file) cost a few kilobytes. Code that copies
the data or writes it out (``migrate``'s check, ``resolve``'s output) would expand them;
it asks :func:`expansion_limit_crossed` first and refuses such a file with a message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ait_datasets.source.document import Document

# Values after expansion that no dataset needs; a file without aliases never exceeds
# its own length in values, so only aliases can cross max(this, len(text)).
MAX_EXPANDED_VALUES = 1_000_000


def expanded_size(data: object, stop_at: int) -> int:
    """The number of values in ``data`` with shared lists/dicts counted once per use.

    Shared containers are measured once (memoised by identity), so the cost is linear in
    the distinct values. Counting stops early once the total passes ``stop_at``.
    """
    sizes: dict[int, int] = {}

    def size(value: object) -> int:
        if not isinstance(value, (dict, list)):
            return 1
        known = sizes.get(id(value))
        if known is not None:
            return known
        total = 1
        for item in value.values() if isinstance(value, dict) else value:
            total += size(item)
            if total > stop_at:
                break
        sizes[id(value)] = total
        return total

    return size(data)


def may_expand(fmt: str, text: str) -> bool:
    """Whether the data of a ``fmt`` file with ``text`` can be larger than the text.

    Only YAML aliases share data, and an alias is written ``*name``: a text without a
    ``*`` cannot have one, and the (linear) measuring walk is skipped.
    """
    return fmt == "yaml" and "*" in text


def too_big_when_expanded(data: object, text_length: int) -> int | None:
    """The limit crossed when aliases in ``data`` expand past it, else None."""
    limit = max(MAX_EXPANDED_VALUES, text_length)
    return limit if expanded_size(data, limit) > limit else None


def expansion_limit_crossed(doc: Document) -> int | None:
    """The limit ``doc``'s data crosses once its aliases are expanded, else None.

    Only a YAML document can have aliases (:func:`may_expand`), so its data is the
    root's; a file without any is not walked at all.
    """
    if not may_expand(doc.format, doc.text):
        return None
    return too_big_when_expanded(doc.data, len(doc.text))
