"""The published demo site in real headless Chromium (Debian's `chromium`, driven by
Playwright: see tests/browser.py).

Screenshots and PDFs are kept under tests/artifacts/browser/ (git-ignored).
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.browser import PageLog, artifact, pdf_pages, watch
from tests.factories.demo_site import (
    HOSTILE_NAME,
    DemoTournament,
    publish_demo,
)
from tourney.reports import paths
from tourney.tournament.formats.elimination.format import bracket_of
from tourney.tournament.standings.standings import standings_of

if TYPE_CHECKING:
    from playwright.sync_api import Page, PdfMargins

A4 = ("8.27in", "11.69in")
LETTER = ("8.5in", "11in")
# Chromium's own default print margins (Playwright's default is none): what a person
# printing the page from the browser gets.
MARGIN: PdfMargins = {"top": "0.4in", "right": "0.4in", "bottom": "0.4in", "left": "0.4in"}

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def sites(
    tmp_path_factory: pytest.TempPathFactory,
    swiss: DemoTournament,
    cup: DemoTournament,
    cup_of_four: DemoTournament,
) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("sites")
    built = {"swiss": swiss, "cup": cup, "cup4": cup_of_four}
    for name, demo in built.items():
        publish_demo(root / name, demo)
    return {name: root / name for name in built}


def _url(path: Path) -> str:
    return path.resolve().as_uri()


def _open(page: Page, log: PageLog, path: Path) -> None:
    """Go to `path` and let late console messages and exceptions arrive."""
    log.clear()
    page.goto(_url(path), wait_until="load")
    page.wait_for_timeout(50)


def _pdf(page: Page, paper: tuple[str, str]) -> bytes:
    return page.pdf(width=paper[0], height=paper[1], margin=MARGIN)


def test_the_page_log_hears_every_kind_of_complaint(page: Page, tmp_path: Path) -> None:
    """The harness itself: a page that errs in each way is caught each way."""
    bad = tmp_path / "bad.html"
    bad.write_text(
        '<img src="missing.png"><script>console.error("told"); alert("hi");'
        ' setTimeout(() => { throw new Error("boom"); });</script>',
        encoding="utf-8",
    )
    log = watch(page)
    _open(page, log, bad)
    assert log.dialogs == ["hi"]
    assert any("console.error: told" in error for error in log.errors), log.errors
    assert any("exception: " in error and "boom" in error for error in log.errors), log.errors
    assert any("missing.png" in error for error in log.errors), log.errors


def test_every_page_loads_without_console_errors(page: Page, sites: dict[str, Path]) -> None:
    log = watch(page)
    visited = 0
    for name, site in sites.items():
        for html in sorted(site.glob("*.html")):
            _open(page, log, html)
            assert log.errors == [], f"{name}/{html.name}: {log.errors}"
            assert log.dialogs == [], f"{name}/{html.name} opened a dialog: {log.dialogs}"
            links = page.evaluate(
                "[...document.querySelectorAll('a[href], link[href]')]"
                ".map(a => a.getAttribute('href'))"
            )
            for href in links:
                target = href.split("#")[0]
                assert not target or (site / target).is_file(), f"{html.name} links {href}"
            visited += 1
        _open(page, log, site / paths.INDEX)
        page.screenshot(path=artifact(f"{name}-index.png"), full_page=True)
    assert visited > 40


def test_standings_show_the_projected_winners(
    page: Page, sites: dict[str, Path], swiss: DemoTournament
) -> None:
    page.goto(_url(sites["swiss"] / "standings.html"))
    shown = page.evaluate(
        "[...document.querySelectorAll('#standings tbody tr')]"
        ".map(tr => [...tr.cells].slice(0, 2).map(td => td.textContent))"
    )
    rows = standings_of(swiss.state)
    assert shown == [[row.rank_text, row.name] for row in rows]
    leaders = [row.name for row in rows if row.rank == 1]
    assert page.evaluate("document.querySelector('#leaders').textContent") == ", ".join(leaders)
    page.screenshot(path=artifact("swiss-standings.png"), full_page=True)


@pytest.mark.parametrize("name", ["cup", "cup4"])
def test_bracket_shows_the_projected_winners(
    page: Page,
    sites: dict[str, Path],
    cup: DemoTournament,
    cup_of_four: DemoTournament,
    name: str,
) -> None:
    demo = cup if name == "cup" else cup_of_four
    bracket = bracket_of(demo.state)
    page.goto(_url(sites[name] / paths.BRACKET))
    champion = bracket.champion
    assert champion is not None
    assert page.evaluate("document.querySelector('#champion').textContent") == (
        demo.state.entrant_name(champion)
    )
    shown = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('li[data-winner]')]"
        ".map(li => [li.dataset.round + '/' + li.dataset.slot, li.dataset.winner]))"
    )
    expected = {
        f"{r.number}/{s.index}": demo.state.entrant_name(s.winner)
        for r in bracket.rounds
        for s in r.slots
        if s.winner is not None
    }
    if bracket.third_place is not None and bracket.third_place.winner is not None:
        final = bracket.rounds[-1].number
        expected[f"{final}/1"] = demo.state.entrant_name(bracket.third_place.winner)
    assert shown == expected
    svg_winners = page.evaluate("[...document.querySelectorAll('svg .entry-winner')].length")
    assert svg_winners >= len(expected)
    page.screenshot(path=artifact(f"{name}-bracket.png"), full_page=True)


def test_the_hostile_name_is_text_not_script(page: Page, sites: dict[str, Path]) -> None:
    log = watch(page)
    for page_name in ("standings.html", "wall-chart.html", "round-1.html", "bracket.html"):
        site = sites["cup"] if page_name == "bracket.html" else sites["swiss"]
        _open(page, log, site / page_name)
        assert log.dialogs == []
        assert page.evaluate("document.querySelectorAll('script').length") == 0
        assert page.evaluate(f"document.body.textContent.includes({HOSTILE_NAME!r})"), page_name
    page.goto(_url(sites["swiss"] / "standings.html"))
    page.screenshot(path=artifact("hostile-name.png"), full_page=True)


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["A4", "Letter"])
def test_blank_scoresheets_print_one_page_per_table(
    page: Page, sites: dict[str, Path], swiss: DemoTournament, paper: tuple[str, str]
) -> None:
    for number in (1, 2, 3):
        tables = len(swiss.state.round_matches(number))
        page.goto(_url(sites["swiss"] / paths.scoresheets_page(number)))
        pdf = _pdf(page, paper)
        artifact(f"round-{number}-scoresheets-{paper[0]}.pdf").write_bytes(pdf)
        assert tables == 4
        assert pdf_pages(pdf) == tables
        page.goto(_url(sites["swiss"] / paths.cards_page(number)))
        assert pdf_pages(_pdf(page, paper)) == tables


def test_every_page_fits_a_phone_screen(
    phone_page: Page, sites: dict[str, Path], racehorse_site: Path
) -> None:
    """At 390×844 no published page is wider than the screen (issue 25, defect 5: the
    blank scoresheets were 655 px wide): wide tables and sheets scroll inside their box.
    Every page of every site, so that the next wide page is found too."""
    folders = [*sites.values(), racehorse_site]
    pages = [page for folder in folders for page in sorted(folder.glob("*.html"))]
    assert len(pages) > 20
    wide = []
    for path in pages:
        phone_page.goto(_url(path))
        # A mobile browser widens its layout to a page wider than the screen.
        width = phone_page.evaluate(
            "Math.max(window.innerWidth, document.documentElement.scrollWidth)"
        )
        if width > 390:
            wide.append(f"{path.parent.name}/{path.name} is {width} px")
    assert not wide, wide
    phone_page.goto(_url(sites["swiss"] / paths.scoresheets_page(1)))
    phone_page.screenshot(path=artifact("phone-scoresheets.png"), full_page=True)


def test_phone_standings_say_the_table_scrolls_sideways(
    phone_page: Page, sites: dict[str, Path]
) -> None:
    """Standings wider than a phone say so above the table (they hid most columns behind
    a sideways scroll with no cue), and leave out the columns with nothing in them."""
    phone_page.goto(_url(sites["swiss"] / "standings.html"))
    box = phone_page.locator("#standings").locator("xpath=..")
    overflows = box.evaluate("b => b.scrollWidth > b.clientWidth")
    cue = phone_page.locator("#scroll-cue")
    assert overflows and cue.is_visible()
    assert cue.bounding_box()["y"] < box.bounding_box()["y"]  # type: ignore[index]
    headers = phone_page.locator("#standings th").all_inner_texts()
    assert "Club" not in headers  # nobody in the demo has a club
    assert f"all {len(headers)} columns" in cue.inner_text()
    phone_page.screenshot(path=artifact("phone-standings.png"), full_page=True)
    phone_page.set_viewport_size({"width": 1280, "height": 800})
    assert not cue.is_visible()  # a wide screen needs no cue


def test_the_bracket_on_a_phone_leaves_no_blank_gaps(
    phone_page: Page, sites: dict[str, Path]
) -> None:
    """On a phone the rounds stack below each other; the tree's spacing (there for the
    lines between rounds) left screens of blank between later rounds' boxes. No gap
    between one box and the next is taller than a box."""
    for site in ("cup", "cup4"):
        phone_page.goto(_url(sites[site] / paths.BRACKET))
        boxes = phone_page.evaluate(
            "[...document.querySelectorAll('g.slot rect.box')]"
            ".map(r => r.getBoundingClientRect()).filter(r => r.height > 0)"
            ".map(r => [r.top, r.bottom]).sort((a, b) => a[0] - b[0])"
        )
        assert len(boxes) == phone_page.evaluate(
            "document.querySelectorAll('.bracket-wide g.slot').length"
        )
        gaps = [b[0] - a[1] for a, b in pairwise(boxes)]
        assert max(gaps) <= 60, f"{site}: a gap of {max(gaps):.0f} px between boxes"
        phone_page.screenshot(path=artifact(f"phone-{site}-bracket-packed.png"), full_page=True)


def test_a_bracket_on_a_wide_screen_is_drawn_once(page: Page, sites: dict[str, Path]) -> None:
    """The phone's packed copy of the bracket stays hidden on a wide screen: it showed under
    the tree (a later rule of the same weight, `.bracket`, made it visible)."""
    for site in ("cup", "cup4"):
        page.goto(_url(sites[site] / paths.BRACKET))
        assert page.locator(".bracket-narrow").first.is_hidden()
        drawn = page.evaluate(
            "[...document.querySelectorAll('g.slot rect.box')]"
            ".filter(r => r.getBoundingClientRect().height > 0).length"
        )
        assert drawn == page.evaluate("document.querySelectorAll('.bracket-wide g.slot').length")


def test_every_bracket_box_fits_a_phone_screen(phone_page: Page, sites: dict[str, Path]) -> None:
    """At 390 px wide the rounds wrap below each other: no box (the final's included) is
    cut off at the side of the screen."""
    for site in ("cup", "cup4"):
        phone_page.goto(_url(sites[site] / paths.BRACKET))
        right = phone_page.evaluate(
            "Math.max(...[...document.querySelectorAll('g.slot rect.box')]"
            ".map(r => r.getBoundingClientRect().right))"
        )
        assert phone_page.evaluate("document.querySelectorAll('g.slot').length") > 0
        assert right <= 390, f"{site}: a bracket box reaches {right} px on a 390 px phone"
        phone_page.screenshot(path=artifact(f"phone-{site}-bracket.png"), full_page=True)


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["A4", "Letter"])
def test_a_table_card_fills_its_printed_page(
    page: Page, sites: dict[str, Path], paper: tuple[str, str]
) -> None:
    """Issue 12 item 10: the cards filled a third of the page in small type. Printed, each
    card is its own page, most of its height, its number large enough to read across a hall."""
    inch = 96  # CSS pixels
    width = round((float(paper[0][:-2]) - 0.8) * inch)
    height = round((float(paper[1][:-2]) - 0.8) * inch)
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(media="print")
    try:
        page.goto(_url(sites["swiss"] / paths.cards_page(1)))
        cards = page.evaluate(
            "[...document.querySelectorAll('section.card')].map(c => ["
            "c.getBoundingClientRect().height,"
            "parseFloat(getComputedStyle(c.querySelector('.table-number')).fontSize),"
            "parseFloat(getComputedStyle(c.querySelector('.seats')).fontSize)])"
        )
        assert len(cards) == 4
        for card_height, number_px, seats_px in cards:
            assert card_height >= 0.85 * height, (card_height, height)
            assert number_px >= 120 and seats_px >= 30, (number_px, seats_px)
        assert pdf_pages(_pdf(page, paper)) == 4
    finally:
        page.emulate_media(media="screen")


LONG_NAMES = [
    "Anastasia Papadopoulou", "Björk Guðmundsdóttir", "Cai", "Dev", "Élodie Lefèvre",
    "Finn", "Gus", "Hal", "Ivy", "José María", "Kai", "Lou", "Mo", "Ngozi Okafor", "Oona",
]  # fmt: skip

# Every word of every heading cell on one line (a word broken mid-word has two boxes),
# and no heading wider than its cell.
_BROKEN_HEADINGS = """[...document.querySelectorAll('section.sheet thead th')].flatMap(th => {
  const broken = th.scrollWidth > th.clientWidth + 1 ? [th.textContent + ' spills out'] : [];
  const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      if (range.getClientRects().length > 1) broken.push(word[0] + ' is broken');
    }
  }
  return broken;
})"""


@pytest.fixture(scope="module")
def racehorse_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Racehorse round of 15 at tables of 8 (8 + 7), long names, published."""
    from typer.testing import CliRunner

    from tourney.cli.app import app

    folder = tmp_path_factory.mktemp("racehorse")
    db = str(folder / "cards.db")
    runner = CliRunner()
    commands = [
        ["tournament", "create", "Card Night", "--game", "racehorse", "--table-size", "8"],
        *(["player", "add", name] for name in LONG_NAMES),
        ["pair"],
        ["publish", str(folder / "site")],
    ]
    for args in commands:
        done = runner.invoke(app, [*args, "--db", db])
        assert done.exit_code == 0, (args, done.stdout, done.stderr)
    return folder / "site"


@pytest.mark.parametrize("landscape", [False, True], ids=["portrait", "landscape"])
@pytest.mark.parametrize("paper", [A4, LETTER], ids=["A4", "Letter"])
def test_a_blank_racehorse_sheet_of_8_prints_its_headings_whole(
    page: Page, racehorse_site: Path, paper: tuple[str, str], landscape: bool
) -> None:
    """Issue 15: at 7-8 players the sheet's 21 columns broke 'Dealer', 'Pitcher' and the
    names mid-word. Printed either way round, every heading word is whole and inside its
    cell, the grid fits the page's width, and each table is one page."""
    width, height = paper[::-1] if landscape else paper
    inch = 96  # CSS pixels
    printable = round((float(width[:-2]) - 0.8) * inch)
    page.set_viewport_size({"width": printable, "height": round((float(height[:-2]) - 0.8) * inch)})
    page.emulate_media(media="print")
    try:
        page.goto(_url(racehorse_site / paths.scoresheets_page(1)))
        sizes = page.evaluate(
            "[...document.querySelectorAll('section.sheet')].map("
            "s => s.querySelectorAll('thead tr:nth-child(2) th').length / 2)"
        )
        assert sorted(sizes) == [7, 8]
        assert page.evaluate(_BROKEN_HEADINGS) == []
        rights = page.evaluate(
            "[...document.querySelectorAll('section.sheet table')].map("
            "t => t.getBoundingClientRect().right)"
        )
        assert max(rights) <= printable, (rights, printable)
        pdf = page.pdf(width=width, height=height, margin=MARGIN)
        which = "landscape" if landscape else "portrait"
        artifact(f"racehorse-scoresheets-{paper[0]}-{which}.pdf").write_bytes(pdf)
        assert pdf_pages(pdf) == 2
    finally:
        page.emulate_media(media="screen")
