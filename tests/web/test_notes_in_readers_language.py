"""A round's pairing notes and each table's why are written in the reader's language: the
round page of a Swiss round, a knockout, pools, rotating partners and a balanced seating,
published in Russian and served to a Russian browser, holds no English note (issue 34:
they were recorded as English sentences and shown so under a translated heading)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.web.conftest import built, copied, serving

pytestmark = pytest.mark.slow

PLAYERS = ("Аня", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Зоя", "Илья")
"""Names without a Latin letter: a Latin word left in a Russian note is English."""
FORMATS = {
    "swiss": ["--format", "swiss", "--table-size", "2", "--rounds", "3"],
    "knockout": ["--format", "elimination", "--table-size", "2"],
    "pools": ["--format", "groups", "--pools", "2", "--table-size", "2"],
    "rotating": ["--format", "rotating", "--rounds", "3"],
    "balanced": ["--format", "balanced", "--rounds", "3", "--table-size", "3"],
}
LATIN_ALLOWED = {"OpenSkill"}
NOTES = re.compile(r'<p class="muted[^"]*"[^>]*>(.*?)</p>|<li>[^<]*: <span[^>]*>(.*?)</span>', re.S)


def notes_of(page: str) -> list[str]:
    """The round's notes and every table's why, as the page shows them."""
    return [html.unescape(p or why) for p, why in NOTES.findall(page)]


def english_in(notes: list[str]) -> list[str]:
    return [n for n in notes if set(re.findall(r"[A-Za-z]{2,}", n)) - LATIN_ALLOWED]


@pytest.fixture(scope="module")
def paired(tmp_path_factory: pytest.TempPathFactory, template_db: Path) -> dict[str, Path]:
    """A database per format, its round 1 paired (the tournament's language: Russian)."""

    def build(options: list[str]) -> Callable[[Cli], None]:
        def made(cli: Cli) -> None:
            cli.ok("tournament", "create", "Кубок", *options, "--lang", "ru")
            for name in PLAYERS:
                cli.ok("player", "add", name)
            cli.ok("pair")

        return made

    folder = tmp_path_factory.mktemp("notes")
    return {k: built(folder / f"{k}.db", template_db, build(o)) for k, o in FORMATS.items()}


@pytest.mark.parametrize("key", list(FORMATS))
def test_the_published_round_page_says_its_notes_in_russian(
    paired: dict[str, Path], key: str, tmp_path: Path
) -> None:
    cli = Cli(copied(paired[key], tmp_path / "night.db"))
    cli.ok("publish", str(tmp_path / "site"), "--lang", "ru")
    notes = notes_of((tmp_path / "site" / "round-1.html").read_text(encoding="utf-8"))
    assert notes and any(name in n for n in notes for name in PLAYERS), notes
    assert not english_in(notes), english_in(notes)


@pytest.fixture
def served(
    paired: dict[str, Path], tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[str]:
    with serving(copied(paired[request.param], tmp_path / "night.db")) as night:
        yield night.client.get("/site/round-1.html", headers={"Accept-Language": "ru"}).text


@pytest.mark.parametrize("served", list(FORMATS), indirect=True)
def test_serve_says_the_notes_in_the_browsers_language(served: str) -> None:
    notes = notes_of(served)
    assert notes and not english_in(notes), english_in(notes)
