"""Round 1 by lot (`tourney.tournament.seating.lot`): the seed is drawn once, at creation, and is on
the record; pairing and replay read it and never draw again; the order is the draw's, not
the registration's; clubmates are kept apart in round 1 whenever it can be done."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import examples
from tests.unit.tournament.factory import apply, words
from tourney.gamekit.stored import HORSE_RACE
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_register
from tourney.tournament.events import RoundPaired, TournamentCreated, event_from_payload
from tourney.tournament.seating.lot import drawn
from tourney.tournament.seating.pairing import decide_pair_round
from tourney.tournament.state import TournamentError, TournamentState, evolve


def night(
    players: int,
    *,
    seeding: str = "random",
    seed: int | None = 20261201,
    format: str = "swiss",
    table_size: int = 2,
    clubs: list[str | None] | None = None,
    ratings: list[int | None] | None = None,
) -> TournamentState:
    state = apply(
        TournamentState(),
        decide_create(
            TournamentState(),
            "Lot Night",
            format=format,
            table_size=table_size,
            rounds=3,
            seeding=seeding,
            draw_seed=seed,
            game_name=HORSE_RACE,
        ),
    )
    for i in range(players):
        club = clubs[i] if clubs else None
        rating = ratings[i] if ratings else None
        state = apply(
            state, decide_register(state, f"p{i}", f"Player {i}", club=club, rating=rating)
        )
    return state


def stored(events: list) -> list:  # type: ignore[type-arg]
    """The events as the store gives them back: through their JSON payloads."""
    return [event_from_payload(e.type, e.to_payload()) for e in events]


def test_the_seed_is_in_the_stored_creation_event_and_round_one_records_the_order() -> None:
    created = decide_create(
        TournamentState(), "Lot Night", format="swiss", table_size=2, rounds=3,
        seeding="random", draw_seed=42, game_name=HORSE_RACE,
    )  # fmt: skip
    assert created[0].to_payload()["draw_seed"] == 42
    state = night(8, seed=42)
    paired = decide_pair_round(state)[0]
    assert isinstance(paired, RoundPaired)
    assert paired.seed_order == drawn(42, [f"p{i}" for i in range(8)])
    assert paired.to_payload()["seed_order"] == list(paired.seed_order)
    assert words(state, paired.notes[0]).startswith("round 1 drawn by lot (seed 42): ")


def test_replay_with_another_random_state_gives_the_same_pairing() -> None:
    state = night(12)
    events = stored(decide_pair_round(state))
    random.seed(1)
    first = decide_pair_round(state)
    folded = state
    for event in events:
        folded = evolve(folded, event)
    random.seed(999_999)
    again = decide_pair_round(state)
    refolded = state
    for event in events:
        refolded = evolve(refolded, event)
    assert first == again
    assert folded.rounds == refolded.rounds
    assert folded.matches == refolded.matches


def test_the_draw_is_not_the_registration_order_and_another_seed_draws_another() -> None:
    ids = [f"p{i}" for i in range(16)]
    orders = {drawn(seed, ids) for seed in range(5)}
    assert len(orders) == 5
    assert tuple(ids) not in orders
    # one entrant more or less moves nobody else
    assert [e for e in drawn(7, [*ids, "late"]) if e != "late"] == list(drawn(7, ids))


def test_round_one_of_a_swiss_pairs_the_drawn_order() -> None:
    state = night(8, seed=5)
    paired = decide_pair_round(state)[0]
    assert isinstance(paired, RoundPaired)
    order = drawn(5, [f"p{i}" for i in range(8)])
    # one score group: the tables are filled down the drawn order, as down a seed order
    assert [set(t.seats) for t in paired.tables] == [set(order[i : i + 2]) for i in (0, 2, 4, 6)]


def test_a_knockout_bracket_is_drawn_by_lot() -> None:
    state = night(8, seed=11, format="elimination")
    paired = decide_pair_round(state)[0]
    assert isinstance(paired, RoundPaired)
    order = drawn(11, [f"p{i}" for i in range(8)])
    assert paired.seed_order == order
    # snake seeding over the drawn order: seed 1 meets seed 8
    assert {order[0], order[7]} in [set(t.seats) for t in paired.tables]


def test_without_a_first_round_given_a_rating_seeds_and_no_rating_draws() -> None:
    rated = night(4, seeding="auto", ratings=[1200, 1900, 1500, None])
    paired = decide_pair_round(rated)[0]
    assert isinstance(paired, RoundPaired)
    assert paired.seed_order == ()  # by rating, as before: nothing drawn
    # by the ratings entered, best first, the unrated after
    assert [set(t.seats) for t in paired.tables] == [{"p1", "p2"}, {"p0", "p3"}]
    unrated = night(4, seeding="auto", seed=3)
    drawn_pairing = decide_pair_round(unrated)[0]
    assert isinstance(drawn_pairing, RoundPaired)
    assert drawn_pairing.seed_order == drawn(3, ["p0", "p1", "p2", "p3"])


def test_an_old_event_without_the_field_keeps_its_old_meaning() -> None:
    old = {
        "name": "Old Night", "slug": "old-night", "format": "swiss", "table_size": 2,
        "rounds": 3, "seeding": "rating",
    }  # fmt: skip
    created = TournamentCreated.from_payload(old)
    assert created.draw_seed is None and created.seeding == "rating"
    assert "draw_seed" not in created.to_payload()
    state = evolve(TournamentState(), created)
    for i in range(4):
        state = apply(state, decide_register(state, f"p{i}", f"Player {i}"))
    paired = decide_pair_round(state)[0]
    assert isinstance(paired, RoundPaired)
    assert paired.seed_order == ()
    assert [set(t.seats) for t in paired.tables] == [{"p0", "p1"}, {"p2", "p3"}]


def test_a_lot_without_its_seed_is_refused() -> None:
    with pytest.raises(TournamentError, match="seed"):
        decide_create(TournamentState(), "X", format="swiss", table_size=2, rounds=3,
                      seeding="random", game_name=HORSE_RACE)  # fmt: skip


def test_the_tickets_are_fixed_numbers() -> None:
    """The lot reads no random state: these are the same on every machine and Python."""
    assert drawn(1, ["a", "b", "c", "d", "e", "f"]) == ("d", "a", "f", "e", "b", "c")
    assert drawn(1, "fedcba") == drawn(1, "abcdef")  # the order given does not matter


@settings(max_examples=examples(40), deadline=None)
@given(
    tables=st.integers(min_value=2, max_value=6),
    size=st.sampled_from([2, 4]),
    club_of=st.lists(st.integers(min_value=0, max_value=4), min_size=24, max_size=24),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_clubmates_are_apart_in_round_one_whenever_possible(
    tables: int, size: int, club_of: list[int], seed: int
) -> None:
    players = tables * size
    clubs: list[str | None] = [f"club{c}" for c in club_of[:players]]
    state = night(players, seed=seed, table_size=size, clubs=clubs)
    paired = decide_pair_round(state, avoid_same_club=True)[0]
    assert isinstance(paired, RoundPaired)
    possible = max(Counter(clubs).values()) <= tables  # one of each club a table at most
    club = {f"p{i}": clubs[i] for i in range(players)}
    mates = sum(len(t.seats) - len({club[s] for s in t.seats}) for t in paired.tables)
    if possible:
        assert mates == 0, (clubs, [t.seats for t in paired.tables])
