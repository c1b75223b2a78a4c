"""The published demo site in real headless Chromium (Debian's `chromium`).

Screenshots and PDFs are kept under tests/artifacts/browser/ (git-ignored).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.integration.chromium import Browser, Page, find_chromium, pdf_pages
from tourney.reports import paths
from tourney.reports.demo_site import (
    HOSTILE_NAME,
    DemoTournament,
    publish_demo,
)
from tourney.tournament.standings import standings_of
from tourney.tournament.state import bracket_of

CHROMIUM = find_chromium()
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "browser"
A4 = (8.27, 11.69)
LETTER = (8.5, 11.0)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="chromium is not installed (Debian: apt-get install chromium poppler-utils)",
    ),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert CHROMIUM is not None
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with Browser(CHROMIUM) as running:
        yield running


@pytest.fixture(scope="module")
def page(browser: Browser) -> Page:
    return browser.new_page()


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


def test_every_page_loads_without_console_errors(page: Page, sites: dict[str, Path]) -> None:
    visited = 0
    for name, site in sites.items():
        for html in sorted(site.glob("*.html")):
            page.goto(_url(html))
            assert page.errors == [], f"{name}/{html.name}: {page.errors}"
            assert page.dialogs == [], f"{name}/{html.name} opened a dialog: {page.dialogs}"
            links = page.evaluate(
                "[...document.querySelectorAll('a[href], link[href]')]"
                ".map(a => a.getAttribute('href'))"
            )
            for href in links:
                target = href.split("#")[0]
                assert not target or (site / target).is_file(), f"{html.name} links {href}"
            visited += 1
        page.goto(_url(site / paths.INDEX))
        page.screenshot(ARTIFACTS / f"{name}-index.png")
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
    page.screenshot(ARTIFACTS / "swiss-standings.png")


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
    page.screenshot(ARTIFACTS / f"{name}-bracket.png")


def test_the_hostile_name_is_text_not_script(page: Page, sites: dict[str, Path]) -> None:
    for page_name in ("standings.html", "wall-chart.html", "round-1.html", "bracket.html"):
        site = sites["cup"] if page_name == "bracket.html" else sites["swiss"]
        page.goto(_url(site / page_name))
        assert page.dialogs == []
        assert page.evaluate("document.querySelectorAll('script').length") == 0
        assert page.evaluate(f"document.body.textContent.includes({HOSTILE_NAME!r})"), page_name
    page.goto(_url(sites["swiss"] / "standings.html"))
    page.screenshot(ARTIFACTS / "hostile-name.png")


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["A4", "Letter"])
def test_blank_scoresheets_print_one_page_per_table(
    page: Page, sites: dict[str, Path], swiss: DemoTournament, paper: tuple[float, float]
) -> None:
    for number in (1, 2, 3):
        tables = len(swiss.state.round_matches(number))
        page.goto(_url(sites["swiss"] / paths.scoresheets_page(number)))
        pdf = page.pdf(*paper)
        (ARTIFACTS / f"round-{number}-scoresheets-{paper[0]}.pdf").write_bytes(pdf)
        assert tables == 4
        assert pdf_pages(pdf) == tables
        page.goto(_url(sites["swiss"] / paths.cards_page(number)))
        assert pdf_pages(page.pdf(*paper)) == tables


@contextmanager
def _phone(page: Page) -> Iterator[None]:
    """The page as a 390 x 844 phone screen shows it."""
    page.send(
        "Emulation.setDeviceMetricsOverride",
        width=390,
        height=844,
        deviceScaleFactor=1,
        mobile=True,
    )
    try:
        yield
    finally:
        page.send("Emulation.clearDeviceMetricsOverride")


def test_pages_fit_a_phone_screen(page: Page, sites: dict[str, Path]) -> None:
    """At 390 px wide, wide tables scroll inside their box; the page itself never does."""
    with _phone(page):
        for site, name in [
            ("swiss", "index.html"),
            ("swiss", "standings.html"),
            ("swiss", "wall-chart.html"),
            ("swiss", "round-1.html"),
            (
                "swiss",
                paths.match_page(sorted(p.stem for p in sites["swiss"].glob("match-*"))[0][6:]),
            ),
            ("cup", "bracket.html"),
        ]:
            page.goto(_url(sites[site] / name))
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{site}/{name} is {width} px wide on a phone"
        page.screenshot(ARTIFACTS / "phone-bracket.png", full_page=False)


def test_every_bracket_box_fits_a_phone_screen(page: Page, sites: dict[str, Path]) -> None:
    """At 390 px wide the rounds wrap below each other: no box (the final's included) is
    cut off at the side of the screen."""
    with _phone(page):
        for site in ("cup", "cup4"):
            page.goto(_url(sites[site] / paths.BRACKET))
            right = page.evaluate(
                "Math.max(...[...document.querySelectorAll('g.slot rect.box')]"
                ".map(r => r.getBoundingClientRect().right))"
            )
            assert page.evaluate("document.querySelectorAll('g.slot').length") > 0
            assert right <= 390, f"{site}: a bracket box reaches {right} px on a 390 px phone"
            page.screenshot(ARTIFACTS / f"phone-{site}-bracket.png", full_page=True)
