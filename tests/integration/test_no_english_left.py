"""No English word reaches a player or a director in Italian or in Russian.

A scenario evening is run in each language: the director's commands at the console (their
confirmations, their refusals, a help page), a Horse Race and a Racehorse table scored on
the phone, the door, /me, the wall display, the director's page and the published site; the
visible text of every page and the output of every command is scanned for English words.

An English word is a word of the product's English (every msgid of both catalogs, and the
English the code printed before it went through them) that the language does not use itself:
for Italian, a word that no Italian translation uses where its English does not; for
Russian, any such word in Latin letters. What may stay is listed in ALLOWED: names (of the
games, the rating model, file formats), codes a director types (commands, options, ids), and
the recorded data of the night (the players' and the tournament's names).

The HTTP test client reads the pages (no browser), so this runs in `make test`.
"""

from __future__ import annotations

import enum
import html
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from tests.cli.conftest import Cli, template_db
from tests.web.conftest import (
    CARD_PLAYERS,
    PLAYERS,
    Night,
    a_card_match,
    a_match,
    card_db,
    copied,
    paired_db,
    serving,
)
from tests.web.phone import Phone
from tests.web.test_conduct_web import dispute, finish, press
from tourney.i18n import LOCALE_DIR
from tourney.web.language import COOKIE
from tourney.web.table_routes import move_value

__all__ = ["card_db", "paired_db", "template_db"]

LANGUAGES = ("it", "ru")

ALLOWED = {
    # the games, the rating model, formats and names a club reads as they are
    "horse", "race", "racehorse", "openskill", "plackett", "luce", "mu", "sigma", "smudge",
    "json", "csv", "sqlite", "postgresql", "markdown", "wal", "utf",
    # what a page or a command names as code: the program, its pages' addresses
    "tourney", "checkin", "display", "director", "login", "site", "index", "html",
    # the language switcher names each language in itself
    "english",
    # a surname and keys: the same in every language
    "buchholz", "tab",
}  # fmt: skip
ALLOWED_IN = {
    "it": {"database", "hash", "file", "backup", "bot", "rating", "club", "link", "min", "complete"}
}
"""Words Italian writes as English does."""
CLICK_WORDS = {"OPTIONS", "COMMAND", "ARGS"}
"""Click's words in a usage line: caught although they are in capitals."""
"""Words that may stay in Latin letters, in both languages."""

DATA = (*PLAYERS, *CARD_PLAYERS, "Club Night", "Card Night", "club-night", "card-night")
"""The night's recorded names: data, shown as they were typed."""


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}


@cache
def english() -> frozenset[str]:
    """The product's English words: every msgid of both catalogs."""
    found: set[str] = set()
    for pot in ("messages.pot", "site.pot"):
        with (LOCALE_DIR / pot).open("rb") as handle:
            for message in read_po(handle):
                ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
                for text in ids:
                    found |= _words(re.sub(r"\{[^}]*\}|%\(\w+\)[sd]", " ", str(text)))
    return frozenset(found - ALLOWED)


@cache
def own_words(language: str) -> frozenset[str]:
    """The Latin-letter words the language's translations use of their own accord (a word
    of the translation that its English does not have: Italian "come", "per", "non")."""
    found: set[str] = set()
    for domain in ("messages", "site"):
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as handle:
            for message in read_po(handle, locale=language):
                ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
                strings = (
                    message.string
                    if isinstance(message.string, (tuple, list))
                    else (message.string,)
                )
                used = set().union(*(_words(str(t)) for t in ids))
                for text in strings:
                    found |= _words(str(text)) - used
    return frozenset(found)


def code_free(text: str) -> str:
    """``text`` without what is code or data: the night's names, commands (``tourney
    director result``), options, ids, file names and addresses."""
    for name in sorted(DATA, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"\btourney(?: [a-z][a-z-]*)*", " ", text)  # a command line
    text = re.sub(r"`[^`]*`|\"[^\"\n]*\"|<[^>\n]*>|\bJSON Lines\b", " ", text)
    text = re.sub(r"(?<![A-Za-zà-ù])'[^'\s][^'\n]*?'(?![A-Za-zà-ù])", " ", text)  # a value
    text = re.sub(r"--[\w-]+[ =][\w,.-]+", " ", text)  # an option and its value
    # a hash ("v2 add4962ed1e3": a stream's version and the head of its chain), whose
    # letters a-f once spelled "add", "fee", "bad"
    text = re.sub(r"\bv\d+ [0-9a-f]{6,}\b|\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b", " ", text)
    # a metavar (MINUTES, NAME) is code; Click's own words are not
    text = re.sub(r"\b[A-Z]{3,}\b", lambda m: m[0] if m[0] in CLICK_WORDS else " ", text)
    return re.sub(r"\S*[-_/=.:@\\]\S*[A-Za-z]\S*|\S*[A-Za-z]\S*[-_/=.@\\]\S*", " ", text)


def english_words(text: str, language: str, codes: frozenset[str] = frozenset()) -> list[str]:
    """The English words left in ``text`` (a page's visible text or a command's output);
    ``codes``: words that are code there (a help page's command names and option values)."""
    words = _words(code_free(text)) - codes - ALLOWED_IN.get(language, set())
    return sorted((words & english()) - own_words(language))


@cache
def command_words() -> frozenset[str]:
    """What a help page names as code: every command's name, every option's name and
    choices, and the record's event types its texts mention (``undone``)."""
    from tourney.cli.app import every_command

    found: set[str] = {"undone"}

    def walk(command: object) -> None:
        found.update(_words(str(getattr(command, "name", "") or "")))
        for param in getattr(command, "params", []):
            for option in getattr(param, "opts", []):
                found.update(_words(option))
            annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
            if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
                found.update(_words(" ".join(str(c.value) for c in annotation)))
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(every_command())  # the root group builds its commands lazily: all of them here
    return frozenset(found)


def visible(page: str) -> str:
    """A page's text as its reader sees it (no markup, styles or scripts, no <head>)."""
    page = re.sub(r"<(head|style|script|svg)[^>]*>.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page))


# -- the evening -------------------------------------------------------------------------


class Scan:
    """What the evening showed, and the English found in it, by where."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.found: dict[str, list[str]] = {}

    def text(self, where: str, text: str, codes: frozenset[str] = frozenset()) -> None:
        for word in english_words(text, self.language, codes):
            self.found.setdefault(word, []).append(where)

    def page(self, where: str, page: str) -> None:
        assert f'<html lang="{self.language}"' in page, where
        self.text(where, visible(page))

    def command(self, cli: Cli, *args: str, ok: bool = True) -> str:
        if args == ("-h",):  # the root's help takes no --db
            from tourney.cli.app import app

            result = cli.runner.invoke(app, ["--lang", self.language, "-h"])
        else:
            result = cli("--lang", self.language, *args)
        assert (result.exit_code == 0) == ok, (args, result.stdout, result.stderr)
        assert "Traceback" not in result.stdout + result.stderr
        codes = command_words() if "-h" in args else frozenset()
        self.text("tourney " + " ".join(args), result.stdout + result.stderr, codes)
        return result.stdout


def languages(quick: str) -> list[Any]:
    """Every language, each a case of its own: `make test` scans the evening in `quick`
    alone, the others are `slow` (`make test-all`). Each of the three evenings is scanned in
    a different language from the one before, so that `make test` runs both languages'
    checks (Italian's words, Russian's Latin letters) and every evening."""
    return [
        pytest.param(language, marks=() if language == quick else pytest.mark.slow)
        for language in LANGUAGES
    ]


@pytest.fixture
def horse_night(tmp_path: Path, paired_db: Path) -> Iterator[Night]:
    with serving(copied(paired_db, tmp_path / "night.db")) as night:
        yield night


@pytest.mark.parametrize("language", languages("it"))
def test_a_horse_race_evening_speaks_only_the_language(
    language: str, horse_night: Night, tmp_path: Path
) -> None:
    scan = Scan(language)
    night = horse_night
    cli = night.cli
    night.client.cookies.set(COOKIE, language)
    cli.ok("tournament", "language", language)
    # the phone at table 1: every move of a whole match
    players = night.seats(1)
    phone = Phone(night.client, night.link(1))
    for number, event in enumerate(a_match(players)):
        scan.page(f"table 1, move {number}", phone.look())
        move, tiles = move_value(event, players)
        phone.tap(move, tiles)
    scan.page("table 1, over", phone.look())
    # the director's page, the door, /me, the wall display
    night.sign_in()
    for address in ("/director", "/checkin", "/me", "/display", "/"):
        response = night.client.get(address)
        if response.status_code == 200 and "<html" in response.text:
            scan.page(address, response.text)
    # the console: the director's everyday commands and refusals
    cli_scan(scan, cli, night)
    site = tmp_path / "site"
    scan.command(cli, "publish", str(site))
    for path in sorted(site.glob("*.html")):
        scan.page(path.name, path.read_text(encoding="utf-8"))
    for path in sorted(site.glob("*.md")):
        scan.text(path.name, path.read_text(encoding="utf-8"))
    assert not scan.found, f"English left in {language}: {shown(scan.found)}"


def cli_scan(scan: Scan, cli: Cli, night: Night) -> None:
    tables = night.server.night.tables(night.server.night.loaded())  # type: ignore[arg-type]
    second = next(t for t in tables if t.number == 2)
    third = next(t for t in tables if t.number == 3)
    scan.command(cli, "clock", "set", "30")
    scan.command(cli, "clock", "start")
    scan.command(cli, "clock", "status")
    scan.command(cli, "clock", "pause")
    scan.command(cli, "show", "T1")
    scan.command(cli, "director", "forfeit", "T2", "--sides", "Zed", ok=False)
    scan.command(cli, "director", "forfeit", "T2", "--sides", "7", ok=False)
    scan.command(
        cli, "director", "result", "T2", "--scores", f"{second.seats[0]}=61,{second.seats[1]}=40"
    )
    scan.command(cli, "director", "forfeit", "T3", "--sides", "1", "--reason", "x")
    del third
    scan.command(cli, "clock", "set", "0", ok=False)
    scan.command(cli, "player", "withdraw", "Zed", ok=False)
    scan.command(cli, "standings")
    scan.command(cli, "pairings")
    scan.command(cli, "tournament", "show")
    scan.command(cli, "tournament", "list")
    scan.command(cli, "ratings")
    scan.command(cli, "roster")
    scan.command(cli, "roster", "show", PLAYERS[0])
    scan.command(cli, "-h")
    scan.command(cli, "pair", "-h")
    scan.command(cli, "director", "forfeit", "-h")


@pytest.mark.parametrize("language", languages("ru"))
def test_the_nights_new_features_speak_only_the_language(language: str, horse_night: Night) -> None:
    """What the last branches added, seen in the language: a dispute from the phone and the
    director's answer, penalties and warnings, the door's code, the near-name refusal, and
    a tournament with prizes whose round 1 is drawn by lot."""
    scan = Scan(language)
    night = horse_night
    cli = night.cli
    night.client.cookies.set(COOKIE, language)
    cli.ok("tournament", "language", language)
    phone = finish(night, 1)
    scan.page("table 1, a result to dispute", phone.look())
    scan.page("table 1, disputed", dispute(night, 1, "2", "12-61").text)
    night.sign_in()
    scan.page("/director, a dispute", night.client.get("/director").text)
    scan.command(cli, "disputes")
    scan.command(cli, "disputes", "uphold", "T1", "--note", "61-12")
    scan.page("table 1, upheld", night.client.get(night.link(1)).text)
    player = night.seats(1)[0]
    scan.command(cli, "penalty", player, "--points", "1", "--reason", "x")
    scan.command(cli, "warning", player, "--reason", "x")
    scan.command(cli, "penalty", player, "--lift", "--reason", "x")
    scan.command(cli, "penalty", player, "--reason", "x", ok=False)
    scan.command(cli, "standings")
    press(night, "/director/sanction", sanction="warning", player=player, reason="x")
    scan.page("/director, sanctions", night.client.get("/director").text)
    scan.command(cli, "checkin", "--new-door-code")
    scan.command(cli, "checkin")
    scan.command(cli, "disputes", "-h")
    scan.command(cli, "penalty", "-h")
    scan.command(cli, "checkin", "-h")
    scan.command(cli, "tournament", "create", "Kubok", "--entry-fee", "5", "--prizes", "50,30,20",
                 "--first-round", "random")  # fmt: skip
    scan.command(cli, "tournament", "show", "-t", "kubok")
    # a name like one of another night's people: refused until --same or --new says who
    scan.command(cli, "player", "add", PLAYERS[0] + "e", "-t", "kubok", ok=False)
    assert not scan.found, f"English left in {language}: {shown(scan.found)}"


@pytest.fixture
def card_evening(tmp_path: Path, card_db: Path) -> Iterator[Night]:
    with serving(copied(card_db, tmp_path / "cards.db")) as night:
        yield night


@pytest.mark.parametrize("language", languages("it"))
def test_a_racehorse_table_speaks_only_the_language(language: str, card_evening: Night) -> None:
    scan = Scan(language)
    night = card_evening
    night.client.cookies.set(COOKIE, language)
    players = night.seats(1)
    phone = Phone(night.client, night.link(1))
    for number, event in enumerate(a_card_match(players)):
        scan.page(f"card table, move {number}", phone.look())
        move, _tiles = move_value(event, players)
        phone.tap(move)
    scan.command(night.cli, "show", "T2")
    assert not scan.found, f"English left in {language}: {shown(scan.found)}"


def shown(found: dict[str, list[str]]) -> str:
    """Each English word found and the first three places it was seen."""
    return "; ".join(f"{word!r} in {', '.join(where[:3])}" for word, where in found.items())


def test_the_scan_sees_english() -> None:
    """The scan itself: the review's examples are found, the languages' own words are not."""
    assert english_words("Записано: Аня: 5-5", "ru") == []
    assert english_words("Recorded: Аня: 5-5", "ru") == ["recorded"]
    assert english_words("На 5-5 · linear 5 · end 4", "ru") == ["end", "linear"]
    assert english_words("fallita (upped)", "it") == ["upped"]
    assert english_words("Su 5-5 · lato lungo 5 · come per non", "it") == []
    assert english_words("'Zed' не сидит за table 1 (club-night-r4-t1)", "ru") == ["table"]
    assert english_words("командой tourney director result T2", "ru") == []
    assert english_words("Usage: tourney [OPTIONS] COMMAND", "it") == [
        "command",
        "options",
        "usage",
    ]
    assert english_words("# Club Night: standings", "it") == ["standings"]
    # a chain's hash is data, whatever its letters spell (CI met "add" and "fee" in them)
    assert english_words("night-r1-t1: до 61 · v2 add4962ed1e3 · fee0d4a9", "ru") == []
    assert english_words("добавить: add 61", "ru") == ["add"]
