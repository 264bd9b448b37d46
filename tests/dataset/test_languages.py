"""The one table of `language:` values the importer maps (Windows language tags)."""

from __future__ import annotations

import pytest

from ait_datasets.dataset import languages


def test_known_tags_map_to_their_windows_language_id() -> None:
    assert languages.language_id("en-US") == 1033
    assert languages.language_id("da-DK") == 1030
    assert languages.language_id("de-CH") == 2055
    assert languages.language_id("sr-Latn-RS") == 9242
    assert languages.language_id("ca-ES-valencia") == 2051


def test_unknown_values_map_to_language_zero() -> None:
    for value in ("ENU", "en_US", "1033", "english", "", "xx-YY"):
        assert languages.language_id(value) == 0, value


def test_every_lcid_is_one_row() -> None:
    # `Windows Language` is keyed by the Language ID: no two tags share one.
    table = languages.windows_languages()
    assert len(set(table.values())) == len(table)
    assert 0x1000 not in table.values()  # "custom unspecified": no row of its own


def test_abbreviated_names_point_at_tags_of_the_table() -> None:
    for code, lcid in languages.ABBREVIATED_NAMES.items():
        assert languages.tag_of(lcid) is not None, code
    assert languages.tag_of(languages.ABBREVIATED_NAMES["ENU"]) == "en-US"
    assert languages.tag_of(languages.ABBREVIATED_NAMES["DEA"]) == "de-AT"


@pytest.mark.parametrize(
    ("value", "tag"),
    [
        ("en-us", "en-US"),
        ("en_US", "en-US"),
        ("ENU", "en-US"),
        ("dan", "da-DK"),
        ("1030", "da-DK"),
        ("en-UK", "en-GB"),
        ("da-DKK", "da-DK"),
    ],
)
def test_meant_tag_finds_the_tag_behind_a_slip(value: str, tag: str) -> None:
    meant = languages.meant_tag(value)
    assert meant is not None and meant[0] == tag


def test_meant_tag_offers_nothing_for_a_tag_or_for_nonsense() -> None:
    assert languages.meant_tag("en-US") is None
    assert languages.meant_tag("klingon") is None
    assert languages.meant_tag("99999") is None
