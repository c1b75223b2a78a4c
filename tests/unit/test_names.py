"""Names are cleaned once where they enter and folded the same way wherever they are compared."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tourney import names
from tourney.errors import printable, quote
from tourney.limits import NAME_LENGTH
from tourney.names import BadNameError, EmptyNameError, clean_name, clean_optional, find, fold


@pytest.mark.parametrize(
    "typed, stored",
    [
        ("  Ann   Lee ", "Ann Lee"),
        ("Ann\nLee", "Ann Lee"),
        ("Ann\tLee\r\n", "Ann Lee"),
        ("T3\n", "T3"),
        ("Eve\x1b[31m", "Eve[31m"),  # ESC gone: what is left is harmless text
        ("Bo\x07\x00", "Bo"),
        ("Zo\u200be", "Zoe"),  # zero-width space
        ("\u202eevE", "evE"),  # right-to-left override
        ("\ufeffAnn", "Ann"),  # a byte-order mark pasted in
        ("Zoe\u0308", "Zoë"),  # NFC: e + combining diaeresis is one character
        ("Ann\u2028Lee", "Ann Lee"),  # a line separator is whitespace
        ("美咲", "美咲"),
        ("Дима", "Дима"),
    ],
)
def test_a_name_is_stored_cleaned(typed: str, stored: str) -> None:
    assert clean_name(typed) == stored


@pytest.mark.parametrize("typed", ["", "   ", "\x00\x1b\x07", "\u200b\u200d"])
def test_a_name_with_nothing_left_is_refused(typed: str) -> None:
    with pytest.raises(EmptyNameError, match="player name"):
        clean_name(typed, "player name")


def test_a_lone_surrogate_is_refused_with_the_text_escaped() -> None:
    with pytest.raises(BadNameError) as caught:
        clean_name("Ann\udcff", "player name")
    message = str(caught.value)
    assert "\\udcff" in message and "not valid text" in message
    message.encode("utf-8")  # printable: the message itself can be written


def test_a_name_longer_than_the_limit_is_refused_naming_the_limit() -> None:
    assert clean_name("x" * NAME_LENGTH) == "x" * NAME_LENGTH
    with pytest.raises(BadNameError, match=f"{NAME_LENGTH + 1} characters long: at most"):
        clean_name("x" * (NAME_LENGTH + 1))


def test_an_optional_name_left_blank_is_none() -> None:
    assert clean_optional(None, "club") is None
    assert clean_optional(" \x07 ", "club") is None
    assert clean_optional(" River\nside ", "club") == "River side"
    with pytest.raises(BadNameError):
        clean_optional("x" * 500, "club")


@given(st.text())
def test_cleaning_is_idempotent_and_leaves_no_control_or_format_character(text: str) -> None:
    try:
        name = clean_name(text, limit=10_000)
    except BadNameError:
        return
    assert clean_name(name, limit=10_000) == name
    assert name == name.strip() and "  " not in name
    assert unicodedata.is_normalized("NFC", name)
    assert not any(unicodedata.category(c) in ("Cc", "Cf", "Cs") for c in name)


@pytest.mark.parametrize(
    "one, other",
    [("Zoë Park", "zoe park"), ("ZOË  PARK", "Zoe Park"), ("José", "jose"), ("Straße", "STRASSE")],
)
def test_names_that_differ_in_case_accents_or_spacing_fold_alike(one: str, other: str) -> None:
    assert fold(one) == fold(other)


def test_different_names_fold_apart() -> None:
    assert fold("Ann") != fold("Anna")
    assert fold("Lee") != fold("Lea")


def test_find_prefers_the_exact_name_then_the_fold_then_a_prefix() -> None:
    names = ["Zoë Park", "Tom", "Tomás", "Ngozi Okafor"]
    assert find("Tom", names) == ["Tom"]
    assert find("tomas", names) == ["Tomás"]
    assert find("zoe", names) == ["Zoë Park"]
    assert find("ngozi", names) == ["Ngozi Okafor"]
    assert find("to", names) == ["Tom", "Tomás"]  # ambiguous: the caller says so
    assert find("Bo", names) == []
    assert find("  ", names) == []


def test_printable_escapes_what_a_terminal_would_obey() -> None:
    assert printable("Ann") == "Ann"
    assert printable("Eve\x1b[2J") == "Eve\\x1b[2J"
    assert printable("a\nb\x07\u202e") == "a\\nb\\x07\\u202e"
    assert printable("bad\udcff") == "bad\\udcff"
    assert printable("Zoë 美咲") == "Zoë 美咲"


def test_quote_cuts_long_text_and_summarises_huge_numbers() -> None:
    assert quote("T3\n") == "'T3\\n'"
    assert quote("x" * 100).endswith("…'") and len(quote("x" * 100)) == 42
    assert quote(10**5000) == "a number of about 5001 digits"
    assert quote(-7) == "-7"


@pytest.mark.parametrize(
    ("first", "second", "alike"),
    [
        ("Mary Kate Lee", "Mary-Kate Lee", True),
        ("Zoë Park", "Park Zoe", True),
        ("Sean O'Brien", "Seán OBrien", True),
        ("Ann Lee", "Ann Lea", False),
        ("Ann Lee", "Anne Lee", False),
    ],
)
def test_names_that_look_like_one_person_are_alike(first: str, second: str, alike: bool) -> None:
    assert names.alike(first, second) is alike
