"""The double-elimination bracket page's layout: three sections, every table of the
bracket drawn once, drop-in rounds centred on the losers' table that feeds them, and the
names, never ids, in its notes."""

from __future__ import annotations

import random
import re

import pytest

from tests.unit.tournament.factory import play_out, tournament
from tourney.reports.double_bracket import double_bracket_view
from tourney.tournament.formats.double_elimination.tables import double_bracket_of
from tourney.tournament.state import TournamentError


@pytest.mark.parametrize(("players", "size"), [(13, 2), (11, 4), (2, 2)])
def test_every_table_is_drawn_once_in_its_section(players: int, size: int) -> None:
    state = tournament(players, format="double_elimination", table_size=size, rounds=0)
    state = play_out(state, random.Random(players))
    bracket = double_bracket_of(state)
    view = double_bracket_view(state)
    keys = [s.key for s in view.sections]
    assert keys == (["winners", "losers", "final"] if bracket.losers else ["winners", "final"])
    drawn = [len(c.slots) for s in view.sections for c in s.columns]
    rounds = [*bracket.winners, *bracket.losers]
    finals = [t for t in (bracket.final, bracket.reset) if t is not None]
    assert drawn == [len(r.tables) for r in rounds] + [1] * len(finals)
    assert view.champion == state.entrant_name(bracket.champion or "")
    ids = set(state.entrant_ids())
    notes = {
        w
        for s in view.sections
        for c in s.columns
        for b in c.slots
        for w in re.findall(r"[\w.-]+", b.note)
    }
    assert not notes & ids
    for section in view.sections:
        for column in section.columns:
            for slot in column.slots:
                assert slot.y + slot.height <= section.height


def test_a_drop_in_round_sits_level_with_the_losers_table_that_feeds_it() -> None:
    state = tournament(16, format="double_elimination", table_size=2, rounds=0)
    view = double_bracket_view(play_out(state, random.Random(2)))
    losers = next(s for s in view.sections if s.key == "losers")
    first, second = losers.columns[0], losers.columns[1]  # LB round 2: one feeder each
    assert [b.y for b in first.slots] == [b.y for b in second.slots]
    assert len(second.connectors) == len(second.slots)
    third = losers.columns[2]  # a merge round: centred between its two feeders
    assert len(third.connectors) == 2 * len(third.slots)


def test_only_a_double_elimination_has_this_bracket() -> None:
    with pytest.raises(TournamentError, match="not a double elimination"):
        double_bracket_view(tournament(4, format="elimination", table_size=2, rounds=0))
