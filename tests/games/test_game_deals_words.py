"""A game played in deals (`Game.deals`) that keeps `BaseGame`'s display says a match's
length and where it stands in deals: "3 deals a match", "deal 2 of 3", not nothing and
"hand 2" (found by the third checklist trial, Briscola: a knockout of 3 deals a match was
headed "Briscola, tables of 4" and its tables on the wall were at "hand 2")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tests.games.throwaway import Throwaway
from tourney.i18n import using


class _InDeals(Throwaway):
    name = "indeals"
    title = "In deals"
    table_sizes = (4, 4)
    deals = True
    first_to = 2

    def target(self, settings: Mapping[str, Any]) -> int | None:
        return None if settings.get("deals") else self.first_to


def test_a_match_of_deals_is_said_in_deals() -> None:
    display = _InDeals().display
    settings = {"table_size": 4, "deals": 3, "target": 2}
    assert display.length_text(settings) == "3 deals a match"
    assert display.play_label(settings) == "In deals, tables of 4, 3 deals a match"
    assert display.progress_text(2, settings, 4) == "deal 2 of 3"
    with using("it"):
        assert display.progress_text(2, settings, 4) == "mano 2 di 3"
        assert display.length_text(settings).replace("\xa0", " ") == "3 mani a partita"


def test_one_to_a_target_counts_its_deals() -> None:
    display = _InDeals().display
    settings = {"table_size": 4, "deals": None, "target": 2}
    assert display.length_text(settings) == "first to 2"
    assert display.progress_text(2, settings, 4) == "deal 2"
