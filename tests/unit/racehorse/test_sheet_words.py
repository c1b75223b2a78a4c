"""A played Racehorse scoresheet names the cards as the reader's cards do (issue 34): the
tricks in the rank letters of an Italian or a Russian deck and the suit's glyph (``D♥``,
``Д♥``), trump by the suit's name; the record's ``QH`` and ``H`` are what a scorer types,
not what a club reads on paper."""

from __future__ import annotations

import re

import pytest

from tests.factories.tablesim import card_table_match
from tourney.games.racehorse.match import Match
from tourney.games.racehorse.sheet import SHEETS
from tourney.i18n import using

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
