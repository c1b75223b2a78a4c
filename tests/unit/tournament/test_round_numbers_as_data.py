"""A groups tournament's knockout is paired as a tournament of its own, so its refusals are
said with the knockout's round numbers; they name the tournament's rounds because the
numbers travel as data (`RoundError.shifted`), not because the words are read back with a
regular expression per language (issue 33: `next_round.ROUND_WORD`, which also renumbered a
"round 2" written in the tournament's own name)."""

from __future__ import annotations

import pytest

from tourney.gamekit.stored import HORSE_RACE
from tourney.i18n import using
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_register
from tourney.tournament.events import TournamentEvent
from tourney.tournament.result_events import MatchResultRecorded
from tourney.tournament.round_events import DecidingMatchPaired
from tourney.tournament.seating.next_round import decide_deciding_matches, decide_next_round
from tourney.tournament.state import RoundError, TournamentError, TournamentState, evolve


def apply(state: TournamentState, events: list[TournamentEvent]) -> TournamentState:
    for event in events:
        state = evolve(state, event)
    return state


def at_the_knockout(name: str) -> TournamentState:
    """Six players in two round-robin pools, two advancing; the pools played, the knockout's
    semi-finals paired (round 4), one of them tied."""
    state = apply(
        TournamentState(),
        decide_create(
            TournamentState(),
            name,
            format="groups",
            table_size=2,
            rounds=3,
            pools=2,
            advance=2,
            game_name=HORSE_RACE,
        ),
    )
    for i in range(1, 7):
        state = apply(state, decide_register(state, f"p{i}", f"P{i}", rating=3000 - i))
    for _ in range(3):
        state = apply(state, decide_next_round(state))
        for match in state.round_matches(len(state.rounds)):
            state = evolve(state, MatchResultRecorded(match.match_id, (61, 20), (0,)))
    state = apply(state, decide_next_round(state))
    tied, other = sorted(state.round_matches(4), key=lambda m: m.table)
    state = evolve(state, MatchResultRecorded(tied.match_id, (61, 61), (0, 1)))
    return evolve(state, MatchResultRecorded(other.match_id, (61, 30), (0,)))


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "cannot pair round 5 of 'Cup round 2 (knockout)': round 4 needs a deciding match"),
        ("it", "impossibile abbinare il turno 5 di 'Cup round 2 (knockout)': il turno 4"),
        ("ru", "нельзя составить тур 5 турнира 'Cup round 2 (knockout)': в туре 4"),
    ],
)
def test_a_knockout_refusal_names_the_tournaments_rounds_and_keeps_its_name(
    language: str, said: str
) -> None:
    state = at_the_knockout("Cup round 2")
    with using(language), pytest.raises(TournamentError) as refused:
        decide_next_round(state)
    assert str(refused.value).startswith(said), str(refused.value)


def test_a_refusal_shifted_keeps_its_words_and_moves_only_its_round_numbers() -> None:
    refused = RoundError(
        "round {number} of {title}: {count} tables", rounds=("number",), number=2,
        title="'round 2'", count=3,
    )  # fmt: skip
    assert str(refused.shifted(3)) == "round 5 of 'round 2': 3 tables"
    assert str(refused) == "round 2 of 'round 2': 3 tables"


def test_the_deciding_matches_of_a_knockout_round_are_numbered_as_the_tournaments() -> None:
    state = at_the_knockout("Cup")
    (deciding,) = decide_deciding_matches(state)
    assert isinstance(deciding, DecidingMatchPaired) and deciding.round == 4
