"""The new formats' pages published in Italian and in Russian: a single elimination (a bye,
a result from a paper scoresheet), a double elimination, groups then a knockout (and its
pools alone, before the knockout), rotating partners and balanced seating, each played to
its end, then `tourney publish --lang it|ru`. The pages' visible text (without what is
shown as recorded: data-recorded, an old note of unknown shape) holds no English string of
the site catalog -- the words these formats build in Python (slot notes, round names,
bracket sections, pool notes, every table's why) as much as their templates'. No browser: the text a
page shows is read from its HTML (the browser scan, test_languages_browser.py, reads the
demo night's)."""

from __future__ import annotations

import json
import random
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.integration.test_languages_browser import HEX, english_strings_of
from tourney.demo.clubnight import play_table
from tourney.director.desk import DirectorDesk
from tourney.games.horserace.bots import Bot, GreedyBot
from tourney.scorer.desk import Desk
from tourney.store.eventstore import EventStore

pytestmark = pytest.mark.slow

PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")
FORMATS = {
    "elimination": ["--format", "elimination", "--table-size", "2", "--third-place"],
    "double": ["--format", "double_elimination", "--table-size", "2"],
    "groups": ["--format", "groups", "--pools", "2", "--table-size", "2"],
    "pools": ["--format", "groups", "--pools", "2", "--table-size", "2"],
    "rotating": ["--format", "rotating", "--rounds", "3"],
    "balanced": ["--format", "balanced", "--rounds", "3"],
}
USER_DATA = (*PLAYERS, "Hal", "Kappa Cup", "kappa-cup", "Markdown", "CSV", "JSON")
HIDDEN = {"script", "style", "title", "head"}


class _VisibleText(HTMLParser):
    """A page's text as a reader sees it: no <head>, scripts, styles or SVG tooltips, and
    nothing inside an element marked data-recorded (an old note shown as recorded)."""

    VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta"))

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.stack: list[bool] = []  # per open element: is its content hidden

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        hidden = tag in HIDDEN or any(name == "data-recorded" for name, _ in attrs)
        if tag not in self.VOID:
            self.stack.append(hidden or (bool(self.stack) and self.stack[-1]))
        if tag in ("br", "p", "li", "tr", "h1", "h2", "h3", "h4", "div", "text"):
            self.lines.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()
        self.lines.append("\n" if tag in ("td", "th", "p", "li", "text") else "")

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1]):
            self.lines.append(data)


def visible_text(html: str) -> str:
    parser = _VisibleText()
    parser.feed(html)
    return "".join(parser.lines)


def english_left(text: str, language: str) -> list[str]:
    for name in sorted(USER_DATA, key=len, reverse=True):
        text = text.replace(name, "·")
    text = HEX.sub("·", text)  # a version's hash: "3ace1f…" once read as the English "ace"
    return sorted(
        {
            msgid
            for line in text.splitlines()
            for msgid, pattern in english_strings_of(language)
            if pattern.search(line)
        }
    )


def _play_open_tables(db: str) -> None:
    """Every table of the latest round without a result played to its end by bots."""
    with EventStore.from_url(db) as store:
        director = DirectorDesk(store)
        state = director.load(director.resolve(None)).state
        number = state.rounds[-1].round
        for match in state.round_matches(number):
            if match.outcome is None:
                desk = Desk(store, match.match_id)
                bots: list[Bot] = [GreedyBot() for _ in match.seats]
                play_table(desk, bots, random.Random(match.table))


def _played_out(cli: Cli, players: tuple[str, ...], options: list[str], rounds: int) -> None:
    cli.ok("tournament", "create", "Kappa Cup", *options)
    for name in players:
        cli.ok("player", "add", name)
    for number in range(1, rounds + 1):
        if cli("pair").exit_code != 0:
            break
        if number == 1 and "elimination" in options:  # a result from a paper scoresheet
            table = json.loads(cli.ok("pairings", "--json").stdout)["tables"][0]
            first, second = table["seats"][:2]
            cli.ok("director", "result", "T1", "--scores", f"{first}=61,{second}=12")
        _play_open_tables(cli.db)


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    built = {}
    for key, options in FORMATS.items():
        folder = tmp_path_factory.mktemp(key)
        cli = Cli(str(folder / "tourney.db"))
        players = PLAYERS if "elimination" in options[1] else (*PLAYERS, "Hal")
        # "pools": the pools played out, the knockout not begun: their notes are the
        # page's own (computed in its language), not yet recorded with the knockout.
        _played_out(cli, players, options, 3 if key == "pools" else 12)
        for language in ("it", "ru"):
            site = folder / f"site-{language}"
            cli.ok("publish", str(site), "--lang", language)
            built[key, language] = site
    return built


def test_the_scan_reads_what_a_page_shows() -> None:
    page = (
        "<html><head><title>Standings</title></head><body><p>Турнир</p><svg><text>final"
        "</text><title>bye</title></svg><ul data-recorded><li>Ann advances on a bye</li></ul>"
        "</body></html>"
    )
    text = visible_text(page)
    assert "final" in text and "Standings" not in text and "advances" not in text
    assert english_left(text, "ru") == ["final"]


@pytest.mark.parametrize("language", ["it", "ru"])
@pytest.mark.parametrize("key", list(FORMATS))
def test_the_formats_pages_are_translated(
    sites: dict[tuple[str, str], Path], key: str, language: str
) -> None:
    site = sites[key, language]
    pages = sorted(site.glob("*.html"))
    assert len(pages) >= 5
    left = {}
    for path in pages:
        html = path.read_text(encoding="utf-8")
        assert f'<html lang="{language}"' in html, path.name
        found = english_left(visible_text(html), language)
        if found:
            left[path.name] = found
    assert not left, f"English left on the {language} {key} site: {left}"
    if key == "pools":
        pools = visible_text((site / "pools.html").read_text(encoding="utf-8"))
        assert ("girone A:" if language == "it" else "группа A:") in pools, pools[:2000]
    if key in ("elimination", "double"):
        bracket = visible_text((site / "bracket.html").read_text(encoding="utf-8"))
        words = {
            ("elimination", "it"): ("finale", "riposa", "foglio cartaceo"),
            ("elimination", "ru"): ("финал", "свободный тур", "бумажный протокол"),
            ("double", "it"): ("Tabellone dei vincenti", "Finalissima"),
            ("double", "ru"): ("Сетка победителей", "Суперфинал"),
        }[key, language]
        for word in words:
            assert word in bracket, (word, bracket[:2000])
