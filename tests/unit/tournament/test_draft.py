"""A Swiss round paired as a draft (issue 25): reviewed, two players swapped with a reason
on record, then published as the round, or dropped."""

from __future__ import annotations

import json

import pytest

from tests.unit.tournament.factory import all_words, apply, tournament
from tourney.tournament.entries.entries import decide_withdraw
from tourney.tournament.events import event_from_payload
from tourney.tournament.room.draft import decide_draft, decide_drop, decide_publish, decide_swap
from tourney.tournament.round_events import DraftDropped, DraftSwapped, RoundDrafted
from tourney.tournament.state import TournamentError


def test_the_draft_events_survive_a_json_round_trip() -> None:
    state = tournament(8)
    (drafted,) = decide_draft(state)
    assert isinstance(drafted, RoundDrafted)
    for event in (drafted, DraftSwapped("p1", "p2", "cousins"), DraftDropped()):
        stored = json.loads(json.dumps(event.to_payload()))
        assert event_from_payload(event.type, stored) == event


def test_a_draft_opens_nothing_until_it_is_published_with_its_swaps() -> None:
    state = apply(tournament(8), decide_draft(tournament(8)))
    assert state.rounds == () and state.draft is not None
    table_one, table_two = state.draft.tables
    first, second = table_one.seats[0], table_two.seats[0]
    state = apply(state, decide_swap(state, first, second, "husband and wife apart"))
    assert state.draft is not None
    assert state.draft.tables[0].seats[0] == second
    assert state.draft.tables[1].seats[0] == first
    state = apply(state, decide_publish(state))
    assert len(state.rounds) == 1 and state.draft is None
    assert state.rounds[0].tables[0].seats[0] == second
    names = state.players[first].name, state.players[second].name
    assert f"swapped {names[0]} and {names[1]}: husband and wife apart" in all_words(
        state, state.rounds[0].notes
    )
    assert len(state.matches) == 2


def test_refusals_name_what_and_where() -> None:
    state = tournament(8)
    with pytest.raises(TournamentError, match="no draft of round 1"):
        decide_publish(state)
    state = apply(state, decide_draft(state))
    assert state.draft is not None
    seated = state.draft.tables[0].seats
    with pytest.raises(TournamentError, match="needs a reason"):
        decide_swap(state, seated[0], seated[1], "  ")
    with pytest.raises(TournamentError, match="two different players"):
        decide_swap(state, seated[0], seated[0], "why")
    state = apply(state, decide_withdraw(state, seated[0]))
    with pytest.raises(TournamentError, match="withdrew since the draft"):
        decide_publish(state)
    state = apply(state, decide_drop(state))
    assert state.draft is None
    round_robin = tournament(4, format="round_robin")
    with pytest.raises(TournamentError, match="a draft is for Swiss rounds"):
        decide_draft(round_robin)
