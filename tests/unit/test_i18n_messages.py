"""The messages catalog (what the CLI says) in Italian and Russian: complete, not fuzzy, the
same placeholders as the English, compiled; counted words in each language's plural forms;
names in each language's alphabetical order, and found whatever their accents."""

from __future__ import annotations

import gettext
import re

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from tourney import i18n
from tourney.names import find

OTHERS = [language for language in i18n.LANGUAGES if language != i18n.DEFAULT]
FIELD = re.compile(r"\{[^{}]*\}")
QUOTED = re.compile(r"«\{(\w+)\}»|“\{(\w+)\}”")
"""A value in the language's own quotes."""


def _fields(text: str, english: str) -> set[str]:
    """The placeholders a text names. A ``{name!r}`` of the English (the value in straight
    quotes) may be ``«{name}»`` or ``“{name}”`` in a translation, quoted as the language
    quotes (docs/translating.md): the same value, so it counts as ``{name!r}``. Dropping the
    quotes is still a change."""
    quoted = {a or b for a, b in QUOTED.findall(text)} & {
        field[1:-3] for field in FIELD.findall(english) if field.endswith("!r}")
    }
    return {f"{{{f[1:-1]}!r}}" if f[1:-1] in quoted else f for f in FIELD.findall(text)}


def _catalog(language: str) -> Catalog:
    path = i18n.LOCALE_DIR / language / "LC_MESSAGES" / "messages.po"
    with open(path, "rb") as handle:
        return read_po(handle, locale=language)


def _template() -> list[Message]:
    with open(i18n.LOCALE_DIR / "messages.pot", "rb") as handle:
        return [message for message in read_po(handle) if message.id]


@pytest.mark.parametrize("language", OTHERS)
def test_every_message_is_translated_and_not_fuzzy(language: str) -> None:
    catalog = _catalog(language)
    problems = []
    for wanted in _template():
        found = catalog.get(wanted.id, context=wanted.context)
        if found is None:
            problems.append(f"missing: {wanted.id!r}")
            continue
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        if found.fuzzy or not all(strings):
            problems.append(f"{'fuzzy' if found.fuzzy else 'untranslated'}: {wanted.id!r}")
    assert not problems, f"{len(problems)} in {language}: {problems[:5]}"


@pytest.mark.parametrize("language", OTHERS)
def test_translations_keep_the_placeholders(language: str) -> None:
    """A translation that drops or renames ``{name}`` would print the wrong thing or fail."""
    catalog = _catalog(language)
    problems: list[object] = []
    for wanted in _template():
        found = catalog.get(wanted.id, context=wanted.context)
        if found is None:
            continue
        if isinstance(wanted.id, tuple):
            english = wanted.id[0] + wanted.id[1]
            allowed = _fields(wanted.id[1], english) | _fields(wanted.id[0], english)
            forms = tuple(found.string) if isinstance(found.string, tuple) else ()
            if len(forms) != catalog.num_plurals:
                problems.append(wanted.id)
            problems += [wanted.id for s in forms if not _fields(s, english) <= allowed]
        elif _fields(str(found.string), str(wanted.id)) != _fields(str(wanted.id), str(wanted.id)):
            problems.append(wanted.id)
    assert not problems, problems[:5]


@pytest.mark.parametrize("language", OTHERS)
def test_the_compiled_catalog_is_the_catalog(language: str) -> None:
    """The .mo shipped says what the .po says (`make messages-catalog` compiles it)."""
    compiled = gettext.translation(
        "messages", i18n.LOCALE_DIR, languages=[language], fallback=False
    )
    for message in _catalog(language):
        if not isinstance(message.id, str) or not message.id:
            continue
        said = (
            compiled.gettext(message.id)
            if message.context is None
            else compiled.pgettext(message.context, message.id)
        )
        assert said == message.string, message.id


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "ru",
            {
                1: "1\u00a0тур",
                2: "2\u00a0тура",
                5: "5\u00a0туров",
                11: "11\u00a0туров",
                21: "21\u00a0тур",
                22: "22\u00a0тура",
            },
        ),
        ("it", {1: "1\u00a0turno", 2: "2\u00a0turni", 5: "5\u00a0turni", 21: "21\u00a0turni"}),
        ("en", {1: "1 round", 2: "2 rounds", 5: "5 rounds", 21: "21 rounds"}),
    ],
)
def test_counted_words_take_the_language_plural_forms(
    language: str, expected: dict[int, str]
) -> None:
    with i18n.using(language):
        said = {n: i18n.ngettext("{n} round", "{n} rounds", n).format(n=n) for n in expected}
    assert said == expected


def test_russian_players_in_three_forms() -> None:
    with i18n.using("ru"):
        said = [i18n.ngettext("{n} player", "{n} players", n).format(n=n) for n in (1, 2, 5, 21)]
    assert said == ["1\u00a0игрок", "2\u00a0игрока", "5\u00a0игроков", "21\u00a0игрок"]


MIXED = ["Zoë Park", "Ольга", "Ábel", "abel", "Borya", "Борис", "Émile", "Ёлка", "Елена", "Anna"]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            [
                "abel",
                "Ábel",
                "Anna",
                "Borya",
                "Émile",
                "Zoë Park",
                "Борис",
                "Елена",
                "Ёлка",
                "Ольга",
            ],
        ),
        (
            "it",
            [
                "abel",
                "Ábel",
                "Anna",
                "Borya",
                "Émile",
                "Zoë Park",
                "Борис",
                "Елена",
                "Ёлка",
                "Ольга",
            ],
        ),
        (
            "ru",
            [
                "Борис",
                "Елена",
                "Ёлка",
                "Ольга",
                "abel",
                "Ábel",
                "Anna",
                "Borya",
                "Émile",
                "Zoë Park",
            ],
        ),
    ],
)
def test_names_sort_in_the_language_alphabetical_order(language: str, expected: list[str]) -> None:
    """Accents and case only break ties (Ábel beside abel, Émile among the E's); Cyrillic
    after Latin, or first in Russian (as ICU's ru collation orders them)."""
    assert i18n.collate(MIXED, language) == expected
    with i18n.using(language):
        assert sorted(MIXED, key=i18n.sort_key()) == expected


def test_names_are_found_whatever_their_accents() -> None:
    names = ["José Ruiz", "Алёна Петрова", "Zoë Park"]
    assert find("Jose", names) == ["José Ruiz"]
    assert find("jose ruiz", names) == ["José Ruiz"]
    assert find("Алена", names) == ["Алёна Петрова"]
    assert find("zoe park", names) == ["Zoë Park"]
