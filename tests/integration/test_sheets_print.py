"""Printed scoresheets fit the paper in every language (issue 32, item 19): each game's blank
sheets of a round and its played match sheets, in English, Italian and Russian, printed by
headless Chromium on A4 and on Letter, read back from the PDF with poppler's ``pdftotext
-bbox``. Every word's box lies inside the printable area, no two words overlap, and every
character of the page's text is in the PDF: Chromium drops what passes the margin, so a
table cut at the edge (the Horse Race hand totals, the Racehorse payments, worst in
Russian) or a name cut to "Brzęczyszczykiew…" loses characters. The games: Horse Race,
Racehorse and High card (the tests' third game, whose sheets are tourney's generic ones)."""

from __future__ import annotations

import html
import json
import random
import re
import shutil
import subprocess
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest

from tests.browser import INSTALL, artifact
from tests.cli.conftest import Cli, template_db
from tests.support import fail_or_skip
from tourney.scorer.desk import Desk
from tourney.store.eventstore import EventStore

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, PdfMargins

__all__ = ["template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAPERS = {"A4": ("8.27in", "11.69in"), "Letter": ("8.5in", "11in")}
# Chromium's own print margins: what a person printing the page from a browser gets.
INSET = 0.4  # inches, as MARGIN says
MARGIN: PdfMargins = {"top": "0.4in", "right": "0.4in", "bottom": "0.4in", "left": "0.4in"}
# Long names, as a club has them: a name heading a column is the widest thing on a sheet.
NAMES = (
    "Anastasia Konstantinopolskaya", "Maximilian von Hohenberg", "Mariangela Bevilacqua",
    "Bartholomew Fitzwilliam", "Evgeniya Vladimirovna", "Giancarlo Santangelo",
    "Ngozi Okafor-Adeyemi", "Włodzimierz Brzęczyszczykiewicz",
)  # fmt: skip
# Each game at its widest table: Horse Race at 4, Racehorse at 8, High card at 3.
GAMES = {"horse-race": 4, "racehorse": 8, "highcard": 3}
LANGUAGES = ("en", "it", "ru")
WORD = re.compile(
    r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">(.*?)</word>'
)
PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)


@dataclass(frozen=True)
class Box:
    page: int
    left: float
    top: float
    right: float
    bottom: float
    text: str


def _play(desk: Desk, game: str, rng: random.Random) -> None:
    """Play the table's match to its end by bots, one event at a time, as a scorer would."""
    if game == "horse-race":
        from tourney.demo.clubnight import play_table
        from tourney.games.horserace.face import RandomBot

        play_table(desk, [RandomBot() for _ in desk.match.players], rng)
    elif game == "racehorse":
        from tourney.games.racehorse.simulate import play_on

        for dealt in play_on(cast(Any, desk.match).copy(), rng):
            desk.append_events(partial(list, (dealt,)))
    while not desk.match.finished:  # a game's legal moves, whatever the game
        move = rng.choice(list(desk.game.legal_moves(desk.match)))
        desk.append_events(partial(list, (move,)))


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory, template_db: Path) -> dict[str, Path]:
    """Each game's night of one round, played, published in each language:
    ``{"racehorse-ru": folder}``."""
    from tourney.gamekit import game as find_game

    built = {}
    for game, size in GAMES.items():
        folder = tmp_path_factory.mktemp(game)
        db = folder / "night.db"
        shutil.copyfile(template_db, db)
        cli = Cli(str(db))
        deals = ["--deals", "8"] if game == "racehorse" else []
        name = find_game(game).name
        cli.ok("tournament", "create", "Long Names Night", "--game", name, "--table-size",
               str(size), "--rounds", "1", *deals)  # fmt: skip
        for player in NAMES[:size]:
            cli.ok("player", "add", player)
        tables = json.loads(cli.ok("pair", "--json").stdout)
        rng = random.Random(7)
        with EventStore.from_url(str(db)) as store:
            for table in tables["tables"]:
                _play(Desk(store, str(table["match"])), game, rng)
        for language in LANGUAGES:
            cli.ok("tournament", "language", language)
            site = folder / f"site-{language}"
            cli.ok("publish", str(site))
            built[f"{game}-{language}"] = site
    return built


def boxes(pdf: bytes) -> Iterator[tuple[float, float, Box]]:
    """Each word of the PDF as poppler reads it: (page width, page height, its box)."""
    pdftotext = shutil.which("pdftotext")
    if pdftotext is None:
        fail_or_skip(f"pdftotext is not on PATH; {INSTALL}")
    xml = subprocess.run(
        [pdftotext, "-bbox", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    for number, (width, height, body) in enumerate(PAGE.findall(xml), 1):
        for found in WORD.finditer(body):
            left, top, right, bottom = map(float, found.groups()[:4])
            word = html.unescape(found.group(5))
            yield float(width), float(height), Box(number, left, top, right, bottom, word)


def misprinted(page: Page, paper: str) -> tuple[int, list[str]]:
    """Print ``page`` on ``paper``: its page count, and what does not fit."""
    width, height = PAPERS[paper]
    page.emulate_media(media="print")  # the text a printer gets: no screen-only lines
    text = page.inner_text("main")
    pdf = page.pdf(width=width, height=height, margin=MARGIN)
    found = list(boxes(pdf))
    problems = []
    inset = INSET * 72 - 1  # points, a point's leeway
    for page_width, page_height, box in found:
        if (
            min(box.left, box.top) < inset
            or box.right > page_width - inset
            or box.bottom > page_height - inset
        ):
            problems.append(f"{box.text!r} outside the printable area on page {box.page}")
    problems += overlapping([box for *_, box in found])
    wanted = Counter("".join(text.split()))
    printed = Counter("".join(box.text for *_, box in found))
    lost = wanted - printed
    if lost:
        problems.append(f"{''.join(sorted(lost.elements()))!r} not printed (cut off)")
    pages = max((box.page for *_, box in found), default=0)
    return pages, problems


def overlapping(found: list[Box]) -> list[str]:
    """Words printed over each other (a heading running into the next column)."""
    problems = []
    ordered = sorted(found, key=lambda box: (box.page, box.left))
    for index, one in enumerate(ordered):
        for other in ordered[index + 1 :]:
            if other.page != one.page or other.left >= one.right - 0.5:
                break
            across = min(one.right, other.right) - max(one.left, other.left)
            down = min(one.bottom, other.bottom) - max(one.top, other.top)
            if across > 0.5 and down > 0.5:
                problems.append(f"{one.text!r} and {other.text!r} overlap on page {one.page}")
    return problems


def test_the_checks_see_a_cut_and_an_overlap(browser: Browser, tmp_path: Path) -> None:
    """The harness itself: a table wider than the page, and two words printed over each
    other, are each found."""
    sheet = tmp_path / "cut.html"
    sheet.write_text(
        '<html><body><main><table><tr><td style="white-space: nowrap">'
        + " ".join(f"word{n}" for n in range(60))
        + '</td></tr></table><p style="position: relative">Raised'
        '<span style="position: absolute; left: 1em">Overlap</span></p></main></body></html>',
        encoding="utf-8",
    )
    page = browser.new_page()
    try:
        page.goto(sheet.as_uri())
        _pages, problems = misprinted(page, "A4")
    finally:
        page.close()
    assert any("not printed (cut off)" in problem for problem in problems), problems
    assert any("'Raised' and 'Overlap' overlap" in problem for problem in problems), problems


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_printed_sheet_fits_a4_and_letter(
    browser: Browser, sites: dict[str, Path], game: str, language: str
) -> None:
    site = sites[f"{game}-{language}"]
    sheets = [site / "round-1-scoresheets.html", *sorted(site.glob("match-*.html"))]
    assert len(sheets) >= 2
    page = browser.new_page()
    try:
        misfits = {}
        for sheet in sheets:
            page.goto(sheet.resolve().as_uri(), wait_until="load")
            tables = page.locator("section.sheet").count()
            for paper in PAPERS:
                pages, problems = misprinted(page, paper)
                if sheet.name.startswith("round-") and pages != tables:
                    problems.append(f"{pages} pages for {tables} tables")
                if problems:
                    misfits[f"{sheet.name} on {paper}"] = problems[:5]
                    pdf = page.pdf(width=PAPERS[paper][0], height=PAPERS[paper][1], margin=MARGIN)
                    artifact(f"misfit-{game}-{language}-{paper}-{sheet.stem}.pdf").write_bytes(pdf)
        assert not misfits, misfits
    finally:
        page.close()
