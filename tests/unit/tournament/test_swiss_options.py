"""Accelerated Swiss (Baku), king of the hill and Gibsonization, as
docs/formats/swiss-options.md states them: each case worked out by hand."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import pytest

from tests.unit.tournament.factory import all_words, apply, words
from tourney.gamekit.stored import HORSE_RACE
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_register
from tourney.tournament.events import RoundPaired, TournamentCreated, TournamentEvent
from tourney.tournament.formats.swiss.options import (
    group_a_size,
    king_of_the_hill,
    round_most,
    virtual_points,
    with_swiss_options,
)
from tourney.tournament.results.rulings import decide_record_result
from tourney.tournament.seating.pairing import decide_pair_round
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentError, TournamentState

F = Fraction


def night(
    players: int, *, table_size: int = 2, rounds: int = 6, **options: object
) -> TournamentState:
    """Players "S1".."Sn" seeded in that order (ratings falling), Swiss options set."""
    created = decide_create(
        TournamentState(),
        "Night",
        format="swiss",
        table_size=table_size,
        rounds=rounds,
        game_name=HORSE_RACE,
    )
    state = apply(TournamentState(), with_swiss_options(created, **options))  # type: ignore[arg-type]
    for i in range(1, players + 1):
        state = apply(state, decide_register(state, f"s{i}", f"S{i}", rating=3000 - i))
    return state


def pair(state: TournamentState) -> tuple[TournamentState, RoundPaired]:
    events = decide_pair_round(state)
    paired = events[-1]
    assert isinstance(paired, RoundPaired)
    return apply(state, events), paired


def seed(entrant: str) -> int:
    return int(entrant[1:])


def better_seed_wins(state: TournamentState, worse: bool = False) -> TournamentState:
    """Every table of the latest round won by its best seed (its worst, with `worse`)."""
    for match in state.round_matches(len(state.rounds)):
        pick = max if worse else min
        winner = match.sides.index(pick(match.sides, key=seed))
        scores = [61 if side == winner else 10 for side in range(len(match.sides))]
        state = apply(state, decide_record_result(state, match.match_id, scores, [winner]))
    return state


def tables(paired: RoundPaired) -> list[frozenset[str]]:
    return [frozenset(t.seats) for t in paired.tables]


def ids(*numbers: int) -> frozenset[str]:
    return frozenset(f"s{n}" for n in numbers)


# -- acceleration ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entrants", "sides", "size"),
    [(12, 2, 6), (13, 2, 8), (14, 2, 8), (16, 4, 8), (17, 4, 12), (10, 3, 6), (3, 4, 3)],
)
def test_group_a_is_sides_times_the_tables_of_half_the_field(
    entrants: int, sides: int, size: int
) -> None:
    assert group_a_size(entrants, sides) == size


def test_virtual_points_are_a_win_in_the_first_half_of_the_accelerated_rounds_then_half() -> None:
    default = night(4, rounds=7, accelerated=True).created
    assert default.accelerated_rounds == 4  # ceil(7 / 2)
    assert [virtual_points(default, r) for r in range(1, 8)] == [1, 1, F(1, 2), F(1, 2), 0, 0, 0]
    three = night(4, rounds=7, accelerated_rounds=3).created
    assert [virtual_points(three, r) for r in range(1, 5)] == [1, 1, F(1, 2), 0]
    scaled = TournamentCreated(
        "N", "n", "swiss", 4, 4, placement_points=((F(3), F(2), F(1), F(0)),)
    )
    scaled = with_swiss_options([scaled], accelerated=True)[0]  # type: ignore[assignment]
    assert virtual_points(scaled, 1) == 3  # a win's value at a full table


def test_round_one_records_group_a_and_pairs_as_before_then_round_two_splits_the_groups() -> None:
    state = night(12, accelerated=True)  # 6 rounds: rounds 1-2 get 1 point, round 3 1/2
    state, first = pair(state)
    assert first.accelerated == tuple(f"s{n}" for n in range(1, 7))
    assert first.virtual_points == 1
    assert any("accelerated round 1: the top 6" in n for n in all_words(state, first.notes))
    assert tables(first) == [ids(1, 2), ids(3, 4), ids(5, 6), ids(7, 8), ids(9, 10), ids(11, 12)]
    state = better_seed_wins(state)  # S1 S3 S5 S7 S9 S11 win
    # Never in the standings: a point a table, whoever had virtual points.
    assert sum(row.match_points for row in standings_of(state)) == 6
    state, second = pair(state)
    # A's winners 2, A's losers and B's winners 1, B's losers 0; ranked then by seed.
    assert tables(second) == [ids(1, 3), ids(5, 2), ids(4, 6), ids(7, 9), ids(11, 8), ids(10, 12)]
    assert second.accelerated == first.accelerated and second.virtual_points == 1
    assert "(2, 1 of it virtual)" in words(state, second.tables[0].why)
    state = better_seed_wins(state)
    state, third = pair(state)
    assert third.virtual_points == F(1, 2)
    state = better_seed_wins(state)
    state, fourth = pair(state)
    assert fourth.accelerated == () and fourth.virtual_points == 0


def test_without_acceleration_round_two_pairs_the_winners_together() -> None:
    state, _ = pair(night(12))
    state, second = pair(better_seed_wins(state))
    assert second.accelerated == ()
    assert tables(second) == [ids(1, 3), ids(5, 7), ids(9, 11), ids(2, 4), ids(6, 8), ids(10, 12)]


def test_swiss_options_are_refused_where_they_do_not_apply() -> None:
    elimination = decide_create(
        TournamentState(), "Cup", format="elimination", table_size=2, rounds=1, game_name=HORSE_RACE
    )
    with pytest.raises(TournamentError, match="--accelerated for 'Cup': a Swiss option"):
        with_swiss_options(elimination, accelerated=True)
    swiss = decide_create(
        TournamentState(), "N", format="swiss", table_size=2, rounds=4, game_name=HORSE_RACE
    )
    with pytest.raises(TournamentError, match="--accelerated-rounds 5 for 'N': 1 to the 4"):
        with_swiss_options(swiss, accelerated_rounds=5)
    with pytest.raises(TournamentError, match="add --last-round king-of-the-hill"):
        with_swiss_options(swiss, gibson=True)
    with pytest.raises(TournamentError, match="unknown --last-round 'hill'"):
        with_swiss_options(swiss, last_round="hill")
    created = with_swiss_options(swiss, last_round="king-of-the-hill", gibson=True)[0]
    assert isinstance(created, TournamentCreated)
    assert (created.last_round, created.gibson, created.prizes) == ("king_of_the_hill", True, 3)
    assert TournamentCreated.from_payload(created.to_payload()) == created


# -- king of the hill ------------------------------------------------------------------

NAMES = {e: e.upper() for e in "abcdefghijkl"}


def hill(
    points: Mapping[str, int | Fraction],
    sides: int = 2,
    *,
    gibson: bool = False,
    prizes: int = 3,
    byes: dict[str, int] | None = None,
) -> list[tuple[str, ...]]:
    order = list(points)  # ranked as given
    paired = king_of_the_hill(
        order,
        {e: F(p) for e, p in points.items()},
        byes or {},
        sides=sides,
        most=F(1),
        gibson=gibson,
        prizes=prizes,
    )
    return [members for members, _ in paired.tables] + [("bye", *paired.byes)]


def test_king_of_the_hill_seats_the_ranking_in_order() -> None:
    assert hill(dict.fromkeys("abcdef", 1)) == [("a", "b"), ("c", "d"), ("e", "f"), ("bye",)]
    assert hill(dict.fromkeys("abcdefghij", 1), sides=4) == [
        ("a", "b", "c", "d"),
        ("e", "f", "g"),
        ("h", "i", "j"),
        ("bye",),
    ]


def test_king_of_the_hill_gives_the_bye_to_the_lowest_ranked_with_fewest_byes() -> None:
    assert hill(dict.fromkeys("abcde", 1), byes={"e": 1}) == [("a", "b"), ("c", "e"), ("bye", "d")]


def test_a_leader_who_cannot_be_caught_meets_the_lowest_ranked_contender() -> None:
    # a leads by 2 > 1: clinched. Third place has 3: contenders have 2 or more.
    points = {"a": 5, "b": 3, "c": 3, "d": 2, "e": 1, "f": 0}
    assert hill(points, gibson=True) == [("a", "d"), ("b", "c"), ("e", "f"), ("bye",)]
    assert hill(points) == [("a", "b"), ("c", "d"), ("e", "f"), ("bye",)]


def test_a_lead_of_exactly_one_round_can_be_caught() -> None:
    points = {"a": 4, "b": 3, "c": 2, "d": 0}
    assert hill(points, gibson=True) == [("a", "b"), ("c", "d"), ("bye",)]


def test_two_clinched_leaders_take_the_lowest_contenders_in_turn() -> None:
    points = {"a": 6, "b": 4, "c": 2, "d": 2, "e": 1, "f": 1}
    # a and b each lead the next by 2; fourth place has 2, which 1 + 1 still reaches.
    paired = hill(points, gibson=True, prizes=4)
    assert paired == [("a", "f"), ("b", "e"), ("c", "d"), ("bye",)]


def test_at_tables_of_four_the_leader_takes_the_three_lowest_contenders() -> None:
    points = {"a": 9, "b": 5, "c": 5, "d": 5, "e": 4, "f": 4, "g": 4, "h": 1}
    assert hill(points, sides=4, gibson=True) == [
        ("a", "e", "f", "g"),
        ("b", "c", "d", "h"),
        ("bye",),
    ]


def test_no_gibsonization_when_too_few_still_contend() -> None:
    # One prize, and its winner clinched: nobody contends.
    points = {"a": 5, "b": 3, "c": 3, "d": 0}
    paired = king_of_the_hill(
        list(points),
        {e: F(p) for e, p in points.items()},
        {},
        sides=2,
        most=F(1),
        gibson=True,
        prizes=1,
    )
    assert [m for m, _ in paired.tables] == [("a", "b"), ("c", "d")]
    assert any(
        "A cannot be caught but is not Gibsonized" in n
        for n in all_words(None, paired.notes, NAMES)
    )


def test_the_most_a_round_gives_counts_byes_and_placement_scales() -> None:
    plain = TournamentCreated("N", "n", "swiss", 4, 4)
    assert round_most(plain) == 1
    assert round_most(TournamentCreated("N", "n", "swiss", 4, 4, bye_points=F(3, 2))) == F(3, 2)
    scales = ((F(3), F(2), F(1), F(0)), (F(4), F(1), F(0)))
    assert round_most(TournamentCreated("N", "n", "swiss", 4, 4, placement_points=scales)) == 4


def test_a_king_of_the_hill_round_pairs_a_repeat_when_the_ranking_says_so() -> None:
    state = night(4, rounds=3, last_round="king_of_the_hill")
    state, _ = pair(state)  # S1-S2, S3-S4: S1 and S3 win
    state, second = pair(better_seed_wins(state))  # S1-S3, S2-S4: S3 and S4 win
    assert tables(second) == [ids(1, 3), ids(2, 4)]
    state = better_seed_wins(state, worse=True)
    points = {row.entrant_id: row.match_points for row in standings_of(state)}
    assert points == {"s1": 1, "s2": 0, "s3": 2, "s4": 1}
    state, last = pair(state)
    # Ranked S3 (2), S1 and S4 (1, by seed), S2: S3 meets S1 again, S4 meets S2 again, where
    # a Swiss round would pair S3-S2 and S1-S4 with no repeat.
    assert tables(last) == [ids(3, 1), ids(4, 2)]
    assert "king of the hill" in words(state, last.notes[0])
    assert "meetings before not avoided" in words(state, last.tables[0].why)


def test_the_next_night_of_a_series_carries_the_swiss_options() -> None:
    from tourney.tournament.formats.swiss.options import SwissOptions

    def night(name: str) -> list[TournamentEvent]:
        return decide_create(
            TournamentState(), name, format="swiss", table_size=2, rounds=5, game_name=HORSE_RACE
        )

    week_one = SwissOptions(accelerated_rounds=2, last_round="king-of-the-hill", gibson=True)
    last = week_one.applied(night("Week 1"))[0]
    assert isinstance(last, TournamentCreated)
    (next_night,) = SwissOptions.of(last).applied(night("Week 2"))
    assert isinstance(next_night, TournamentCreated)
    options = ("accelerated_rounds", "last_round", "gibson", "prizes")
    assert [getattr(next_night, o) for o in options] == [2, "king_of_the_hill", True, 3]
    plain = night("Plain")
    assert isinstance(plain[0], TournamentCreated)
    assert SwissOptions.of(plain[0]).applied(plain) == plain
