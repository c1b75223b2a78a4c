"""A played Racehorse scoresheet names the cards as the reader's cards do (issue 34): the
tricks in the rank letters of an Italian or a Russian deck and the suit's glyph (``D♥``,
``Д♥``), trump by the suit's name; the record's ``QH`` and ``H`` are what a scorer types,
not what a club reads on paper."""

from __future__ import annotations

import html
import json
import random
import re
from functools import partial
from pathlib import Path

import pytest

from tests.cli.conftest import Cli, cli, db, template_db
from tests.factories.tablesim import card_table_match
from tourney.games.racehorse.face import play_on
from tourney.games.racehorse.match import Match
from tourney.games.racehorse.sheet import SHEETS
from tourney.i18n import using
from tourney.scorer.desk import Desk
from tourney.store.eventstore import EventStore

__all__ = ["cli", "db", "template_db"]

PLAYERS = ("Аня", "Борис", "Вера", "Гоша", "Дина")
RECORDED = re.compile(r"(10|[2-9AKQJT])[SHDC]")
"""A card as the record writes it."""


def _sheet(language: str) -> dict[str, object]:
    match = Match()
    events = card_table_match(PLAYERS, seed=3, deals=2)
    for event in events:
        match.apply(event)
    with using(language):
        return dict(SHEETS.played(match, list(enumerate(events, 1)), {}))


@pytest.mark.parametrize(
    ("language", "faces", "suits"),
    [
        ("it", set("ARDF"), {"picche", "cuori", "quadri", "fiori"}),
        ("ru", set("ТКДВ"), {"пики", "червы", "бубны", "трефы"}),
    ],
)
def test_the_tricks_and_trump_are_in_the_sheets_language(
    language: str, faces: set[str], suits: set[str]
) -> None:
    deals = _sheet(language)["deals"]
    cards = [card for deal in deals for trick in deal.tricks for _p, card, _v in trick.plays]  # type: ignore[attr-defined]
    assert len(cards) == 2 * 6 * len(PLAYERS)  # every card of both deals
    assert not [card for card in cards if RECORDED.fullmatch(card)], cards
    assert all(card[-1] in "♠♥♦♣" for card in cards), cards
    letters = {card[:-1] for card in cards if not card[:-1].isdigit()}
    assert letters and letters <= faces, letters
    trumps = {deal.trump for deal in deals}  # type: ignore[attr-defined]
    assert trumps and trumps <= suits, trumps


def test_a_published_sheet_reads_in_russian(cli: Cli, tmp_path: Path) -> None:
    """The played sheet a club prints: the tricks in the Russian deck's letters, each deal's
    points as a sentence in lower case ("старший козырь — Вера"), never the record's ``QH``
    or the English point names' capitals in mid-sentence."""
    cli.ok("tournament", "create", "Карты", "--game", "racehorse", "--table-size", "5",
           "--rounds", "1", "--deals", "2", "--lang", "ru")  # fmt: skip
    for name in PLAYERS:
        cli.ok("player", "add", name)
    (table,) = json.loads(cli.ok("pair", "--json").stdout)["tables"]
    with EventStore.from_url(cli.db) as store:
        desk = Desk(store, str(table["match"]))
        match = desk.match
        assert isinstance(match, Match)
        for dealt in play_on(match.copy(), random.Random(3)):
            desk.append_events(partial(list, (dealt,)))
    cli.ok("publish", str(tmp_path / "site"))
    page = (tmp_path / "site" / f"match-{table['match']}.html").read_text(encoding="utf-8")
    shown = re.sub(r"<(script|style|svg)[^>]*>.*?</\1>", " ", page, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", "", shown))
    points = re.findall(r"Очки: ([^.]+)\.", text)
    assert len(points) == 2, points
    for line in points:
        assert re.fullmatch(r"старший козырь — \S+, младший козырь — \S+, валет — \S+, "
                            r"игра — \S+", line), line  # fmt: skip
    assert "<th>Забирает</th>" in page
    assert "смадж" in text and "Smudge" not in text  # the bid as the phone says it
    assert not re.search(rf"\b{RECORDED.pattern}\b", text), "the record's QH on the sheet"
    assert re.search(r"Аня [2-9ТКДВ10]+[♠♥♦♣]", text), "a card as the Russian deck names it"
