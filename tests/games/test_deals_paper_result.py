"""A paper result (or an adjudicated one) of a tournament played in deals, by a game that
counts points, not net units: the highest score wins and the scores are points, not
payments that must add up to 0 (found by the third checklist trial: `tourney director
result T1 --scores 2,1` at a Briscola table of a 3-deal knockout was refused as "net units
add up to 0", the rule of Racehorse, the only game then without a target)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from tests.games.throwaway import Throwaway
from tests.unit.tournament.factory import apply, pair, tournament
from tourney.errors import TourneyError
from tourney.gamekit.registry import register, unregister
from tourney.tournament.results.rulings import decide_adjudicate, decide_enter_result
from tourney.tournament.state import TournamentState


class _InDeals(Throwaway):
    name = "pointdeals"
    title = "Point deals"
    table_sizes = (2, 4)
    deals = True

    def target(self, settings: Mapping[str, Any]) -> int | None:
        return None if settings.get("deals") else 2


@pytest.fixture
def night() -> Iterator[TournamentState]:
    register(_InDeals())
    try:
        state = tournament(8, rounds=3)
        created = dataclasses.replace(state.created, game="pointdeals", deals=3)
        yield pair(dataclasses.replace(state, settings=created))
    finally:
        unregister("pointdeals")


def test_the_highest_score_of_a_match_of_deals_wins(night: TournamentState) -> None:
    match = night.rounds[0].tables[0].match_id
    state = apply(night, decide_enter_result(night, match, (2, 1, 0, 0)))
    assert state.matches[match].outcome is not None
    assert state.matches[match].outcome.winners == (0,)  # type: ignore[union-attr]
    other = night.rounds[0].tables[1].match_id
    apply(night, decide_adjudicate(night, other, (1, 3, 0, 0), (1,), "time"))
    with pytest.raises(TourneyError, match="0 or more"):
        decide_enter_result(night, match, (2, -1, 0, 0))
