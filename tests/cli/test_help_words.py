"""Every command's ``--help`` in Italian and Russian names what each option holds in the
reader's words (``--round ТУР``, ``clock set {MINUTI}``): no Python type (``<str>``,
``<int range>``, ``<bool>``), no Click type word (``TEXT``, ``INTEGER``), no English
placeholder (``TABLE``, ``MINUTES``) and no English usage line (``Usage:``, ``[OPTIONS]``).
A flag shows no value; an option with choices shows its choices, which are typed as they
are."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from tourney import i18n
from tourney.cli import metavars
from tourney.cli.app import app, every_command
from tourney.cli.catalog import club_words
from tourney.cli.language import params

LANGUAGES = ("it", "ru")

CLICK_TYPES = {"TEXT", "INTEGER", "FLOAT", "BOOLEAN", "PATH", "FILENAME", "CHOICE", "RANGE"}
CLICK_WORDS = {"OPTIONS", "COMMAND", "ARGS", "ARGUMENTS", "USAGE"}

CAPITALS = re.compile(r"(?<![\w/:@.=$-])[A-Z][A-Z_-]*[A-Z](?![\w/:@.=-])")
"""A word in capitals, not part of an address, a path or an option's value."""


def command_paths() -> Iterator[tuple[str, ...]]:
    def walk(command: object, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        yield path
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            yield from walk(sub, (*path, name))

    yield from walk(every_command(), ())


def english_capitals() -> set[str]:
    """Every metavar word the CLI names in English, with Click's own type and usage words."""
    root = every_command()
    ctx = root.make_context("tourney", ["-h"], resilient_parsing=True)
    found = {w for p in params(root, ctx) for w in metavars.words(metavars.english(p) or "")}
    # A club's game installed beside tourney names its values in its own capitals, in every
    # language (ARCHITECTURE.md, add a game: its words), not in tourney's catalog.
    club = {name.upper() for name in club_words()[1]}
    return (found - club) | CLICK_TYPES | CLICK_WORDS


def help_page(language: str, path: tuple[str, ...]) -> str:
    result = CliRunner().invoke(app, ["--lang", language, *path, "-h"], terminal_width=200)
    assert result.exit_code == 0, (path, result.stdout, result.stderr)
    return result.stdout


@cache
def said_the_same(language: str) -> frozenset[str]:
    """The metavar words ``language``'s catalog translates as English writes them (Italian
    ``DATABASE``): an untranslated one is not among them."""
    path = i18n.LOCALE_DIR / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    return frozenset(
        str(m.id) for m in catalog if m.context == metavars.CONTEXT and m.string == m.id
    )


def english_in(page: str, language: str, english: set[str]) -> list[str]:
    """What ``page`` shows in English where a value's word belongs: a Python type name in
    angle brackets (a list of choices is codes), a capitalised English word of ``english``
    (Italian writes a few as English does: those its catalog says the same). Other
    capitals are codes the director types (a card: ``QH``) or names (``$TOURNEY_LANG``)."""
    found = re.findall(r"<[^<>|\n]*>", page)
    for word in CAPITALS.findall(page):
        if word in english and word not in said_the_same(language):
            found.append(word)
    return found


def scan(language: str, paths: Iterable[tuple[str, ...]]) -> None:
    english = english_capitals()
    with i18n.using(language):
        usage = i18n._("Usage:")
    left: dict[str, list[str]] = {}
    for path in paths:
        page = help_page(language, path)
        assert page.lstrip().startswith(usage), (path, page[:200])
        for word in english_in(page, language, english):
            left.setdefault(word, []).append(" ".join(("tourney", *path)))
    assert not left, {word: where[:3] for word, where in left.items()}


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_help_page_names_its_values_in_the_language(language: str) -> None:
    scan(language, command_paths())


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_directors_help_pages_name_their_values_in_the_language(language: str) -> None:
    """A few pages of every kind (the root, a group, arguments, choices, repeated values, a
    game's verb), in `make test`; every page in `make test-all`."""
    scan(
        language,
        [(), ("clock",), ("clock", "set"), ("director", "forfeit"), ("pair",), ("place",),
         ("checkin",), ("tournament", "create"), ("roster", "merge"), ("verify",)],
    )  # fmt: skip


def test_every_value_has_a_word() -> None:
    """An option or argument that holds a value (not a flag, not a choice) has a metavar:
    declared, or `metavars.BY_NAME` by its name (a new option needs one)."""
    root = every_command()
    ctx = root.make_context("tourney", ["-h"], resilient_parsing=True)
    missing = {
        p.name
        for p in params(root, ctx)
        if not metavars.holds_nothing(p)
        and not getattr(p.type_descriptor, "is_choice", False)
        and metavars.english(p) is None
    }
    assert not missing, sorted(missing)


def test_english_help_shows_words_not_types() -> None:
    page = help_page("en", ("clock", "set"))
    assert "{MINUTES}" in page and "--round" in page and "ROUND" in page
    assert "<int range>" not in page and "<str>" not in page and "<bool>" not in page
    again = help_page("ru", ("clock", "set"))
    assert "{МИНУТЫ}" in again and "ТУР" in again and "<str>" not in again


def test_the_scan_finds_english_values() -> None:
    english = english_capitals()
    assert english_in("│ --round <int range> ТУР │", "ru", english) == ["<int range>"]
    assert english_in("Использование: tourney pair [OPTIONS] {TABLE}", "ru", english) == [
        "OPTIONS",
        "TABLE",
    ]
    assert english_in("Uso: tourney clock set [OPZIONI] {MINUTES}", "it", english) == ["MINUTES"]
    assert english_in("--game <horse-race|racehorse> --db DATABASE", "it", english) == []
    assert english_in("sqlite:///PATH, JSON, QH", "ru", english) == []
    assert english_in("--sides TEXT  --round INTEGER RANGE", "ru", english) == [
        "TEXT",
        "INTEGER",
        "RANGE",
    ]
