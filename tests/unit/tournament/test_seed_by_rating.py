"""`seed_by="rating"`: round 1 seeded by ratings the caller gives (the core never rates),
the order used recorded in the `RoundPaired`, and every later reading (the bracket, Swiss
tie order, replay from payloads) taking that record, never the ratings again."""

from __future__ import annotations

import pytest

from tests.unit.tournament.factory import apply, words
from tourney.gamekit.stored import HORSE_RACE
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_form_partnership, decide_register
from tourney.tournament.events import (
    RoundPaired,
    TournamentCreated,
    TournamentEvent,
    event_from_payload,
)
from tourney.tournament.formats.elimination.format import bracket_of
from tourney.tournament.results.rulings import decide_record_result
from tourney.tournament.seating.pairing import bracket_field, decide_pair_round
from tourney.tournament.state import TournamentError, TournamentState, evolve


def rated_tournament(
    players: int, *, format: str = "elimination", table_size: int = 2, partnerships: bool = False
) -> TournamentState:
    state = apply(
        TournamentState(),
        decide_create(
            TournamentState(),
            "Cup",
            format=format,
            table_size=table_size,
            rounds=3,
            partnerships=partnerships,
            seed_by="rating",
            game_name=HORSE_RACE,
        ),
    )
    for i in range(players):  # entered ratings rise with i: the opposite of the club's below
        state = apply(state, decide_register(state, f"p{i}", f"P{i}", rating=1000 + i))
    return state


def replayed(state: TournamentState, events: list[TournamentEvent]) -> TournamentState:
    """The events through their payloads, as the store gives them back."""
    for event in events:
        state = evolve(state, event_from_payload(event.type, event.to_payload()))
    return state


def test_a_knockout_is_seeded_by_the_ratings_given_and_the_order_is_recorded() -> None:
    state = rated_tournament(8)
    club = {f"p{i}": 30.0 - i for i in range(8)}  # p0 best: the entered ratings say p7
    events = decide_pair_round(state, ratings=club)
    paired = events[0]
    assert isinstance(paired, RoundPaired)
    assert paired.seed_order == tuple(f"p{i}" for i in range(8))
    said = words(state, paired.notes[0])
    assert said.startswith("seeded by the club's ratings")
    assert "P0 30.00, P1 29.00" in said
    tables = {frozenset(state_t.seats) for state_t in paired.tables}
    assert frozenset({"p0", "p7"}) in tables  # seed 1 v seed 8
    assert frozenset({"p1", "p6"}) in tables
    after = replayed(state, events)
    assert bracket_field(after) == [f"p{i}" for i in range(8)]
    slots = {frozenset(s.present) for s in bracket_of(after).rounds[0].slots}
    assert slots == tables


def test_round_2_reads_the_recorded_order_and_needs_no_ratings() -> None:
    state = rated_tournament(8)
    state = apply(state, decide_pair_round(state, ratings={f"p{i}": -i for i in range(8)}))
    for table in state.rounds[0].tables:
        first, second = table.seats
        winner = min(first, second, key=lambda p: int(p[1:]))  # the better-rated wins
        scores, winners = ([61, 20], [0]) if winner == first else ([20, 61], [1])
        state = apply(state, decide_record_result(state, table.match_id, scores, winners))
    second_round = decide_pair_round(state)  # no ratings: the record is enough
    assert isinstance(second_round[0], RoundPaired)
    assert second_round[0].seed_order == ()
    met = {frozenset(t.seats) for t in second_round[0].tables}
    assert met == {frozenset({"p0", "p3"}), frozenset({"p1", "p2"})}


def test_players_without_a_rating_come_after_by_the_seeding_setting() -> None:
    state = rated_tournament(6)
    paired = decide_pair_round(state, ratings={"p0": 5.0, "p1": 7.5})[0]
    assert isinstance(paired, RoundPaired)
    # rated first, best first; then by entered rating (the default seeding), highest first
    assert paired.seed_order == ("p1", "p0", "p5", "p4", "p3", "p2")
    assert words(state, paired.notes[0]).endswith("without a rating, by rating: P5, P4, P3, P2")


def test_a_partnership_counts_both_members() -> None:
    state = rated_tournament(8, table_size=4, partnerships=True)
    for i in range(0, 8, 2):
        state = apply(state, decide_form_partnership(state, f"t{i}", (f"p{i}", f"p{i + 1}")))
    ratings = {f"p{i}": float(i % 3) for i in range(8)}  # t0 0+1, t2 2+0, t4 1+2, t6 0+1
    paired = decide_pair_round(state, ratings=ratings)[0]
    assert isinstance(paired, RoundPaired)
    # t0 and t6 level: the entered ratings' sum (t6's is higher) decides between them
    assert paired.seed_order == ("t4", "t2", "t6", "t0")


def test_a_swiss_first_round_takes_the_rating_order_and_later_rounds_break_ties_by_it() -> None:
    state = rated_tournament(8, format="swiss", table_size=4)
    ratings = {f"p{i}": float(i * i) for i in range(8)}
    events = decide_pair_round(state, ratings=ratings)
    paired = events[0]
    assert isinstance(paired, RoundPaired)
    assert paired.seed_order == tuple(f"p{i}" for i in reversed(range(8)))
    plain = apply(
        TournamentState(),
        decide_create(
            TournamentState(), "Plain", format="swiss", table_size=4, rounds=3, game_name=HORSE_RACE
        ),
    )
    for i in range(8):
        plain = apply(plain, decide_register(plain, f"p{i}", f"P{i}", rating=1000 - i))
    unrated = decide_pair_round(plain)[0]
    assert isinstance(unrated, RoundPaired)
    # the same field seeded the same way by entered ratings pairs the same tables
    assert {frozenset(t.seats) for t in paired.tables} == {
        frozenset(f"p{7 - int(p[1:])}" for p in t.seats) for t in unrated.tables
    }
    after = replayed(state, events)
    assert after.rounds[0].seed_order == paired.seed_order


def test_round_1_without_the_ratings_is_refused() -> None:
    state = rated_tournament(4)
    with pytest.raises(TournamentError, match="seeded by rating, and no ratings were given"):
        decide_pair_round(state)


def test_seed_by_is_checked_and_kept_through_payloads() -> None:
    with pytest.raises(TournamentError, match="unknown --seed-by 'elo'"):
        decide_create(
            TournamentState(),
            "X",
            format="swiss",
            table_size=4,
            rounds=3,
            seed_by="elo",
            game_name=HORSE_RACE,
        )
    with pytest.raises(TournamentError, match="a round robin meets everyone"):
        decide_create(
            TournamentState(),
            "X",
            format="round_robin",
            table_size=4,
            rounds=3,
            seed_by="rating",
            game_name=HORSE_RACE,
        )
    (created,) = decide_create(
        TournamentState(),
        "X",
        format="swiss",
        table_size=4,
        rounds=3,
        seed_by="rating",
        game_name=HORSE_RACE,
    )
    assert isinstance(created, TournamentCreated)
    again = TournamentCreated.from_payload(created.to_payload())
    assert again.seed_by == "rating"
    plain = created.to_payload()
    del plain["seed_by"]
    assert TournamentCreated.from_payload(plain).seed_by == "seeding"
    assert "seed_order" not in RoundPaired(1, ()).to_payload()
