"""Italian and Russian typography that no translator has to type: a count and the word it
counts are never split across two lines (a non-breaking space: "61 очко", "3 tavoli" on a
390 px phone), whatever the catalog says; English is left as written."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from tourney import i18n

PLACEHOLDER = r"(\{\w*\}|%\(\w+\)[ds])"


def counts(singular: str, plural: str) -> set[str]:
    """The placeholders that count in a plural entry: those right before the word that
    changes between its singular and its plural ("{n} round" / "{n} rounds": ``{n}``)."""
    one = re.findall(PLACEHOLDER + r" (\w+)", singular)
    many = dict(re.findall(PLACEHOLDER + r" (\w+)", plural))
    return {field for field, word in one if many.get(field, word) != word}


def entries(language: str, domain: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each entry of a catalog: its msgid(s) and its translation(s)."""
    path = i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    found = []
    for message in catalog:
        ids, strings = message.id, message.string
        if ids:
            found.append(
                (
                    tuple(ids) if isinstance(ids, (tuple, list)) else (str(ids),),
                    tuple(strings) if isinstance(strings, (tuple, list)) else (str(strings),),
                )
            )
    return found


def split(value: str, text: str) -> bool:
    """Whether ``value`` stands before a word with a breaking space in ``text``."""
    return re.search(re.escape(value) + r" (?=[^\W\d_])", text) is not None


@pytest.mark.parametrize("language", ["it", "ru"])
@pytest.mark.parametrize("domain", ["messages", "site"])
def test_every_count_keeps_its_word_on_its_line(language: str, domain: str) -> None:
    apart: list[str] = []
    with i18n.using(language):
        for ids, forms in entries(language, domain):
            if len(ids) == 2:
                for field in counts(*ids):
                    kept = [i18n.kept_together(form) for form in forms]
                    apart += [form for form in kept if split(field, form)]
    assert not apart, apart[:5]


def test_a_russian_count_is_kept_with_its_word_and_english_is_not_touched() -> None:
    with i18n.using("ru"):
        said = i18n.npage_("%(num)d deal to play", "%(num)d deals to play", 21) % {"num": 21}
        assert said.startswith("21\u00a0сдача")
        assert i18n.ngettext("{n} round", "{n} rounds", 5).format(n=5) == "5\u00a0туров"
    assert i18n.ngettext("{n} round", "{n} rounds", 5).format(n=5) == "5 rounds"


def test_the_scan_finds_a_count_of_its_own() -> None:
    assert counts("{n} table", "{n} tables") == {"{n}"}
    assert counts("{name} has {tables} table", "{name} has {tables} tables") == {"{tables}"}
    assert counts("%(num)d deal to play", "%(num)d deals to play") == {"%(num)d"}


UNIT = re.compile(PLACEHOLDER[:-1] + r"|\{\w+:[^}]*\}) (?:min|minutes?|s|seconds?)\b")
"""A value and its unit of time in an English msgid: ``{minutes} min``, ``{value:.2f} s``."""


@pytest.mark.parametrize("language", ["it", "ru"])
@pytest.mark.parametrize("domain", ["messages", "site"])
def test_a_time_keeps_its_unit_on_its_line(language: str, domain: str) -> None:
    """``+5 мин.``, ``3,2 s``: the translation of a value with its unit binds them."""
    apart = [
        forms[0]
        for ids, forms in entries(language, domain)
        if len(ids) == 1
        for found in UNIT.finditer(ids[0])
        if split(found[0].split(" ")[0], forms[0])
    ]
    assert not apart, apart[:5]
