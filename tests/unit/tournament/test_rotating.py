"""Rotating partners: partnerships drawn anew each round, players ranked on their own."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import examples
from tests.unit.tournament.factory import apply, pair, play, words
from tourney.gamekit.stored import HORSE_RACE
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import (
    decide_form_partnership,
    decide_register,
    decide_withdraw,
)
from tourney.tournament.formats.rotating import partners as rotating
from tourney.tournament.formats.rotating.partners import (
    DESIGNS,
    History,
    coverage,
    design_length,
    design_plan,
    plan_round,
    search_round,
)
from tourney.tournament.matches import MatchRecord
from tourney.tournament.result_events import AdjudicatedResult, MatchVoided
from tourney.tournament.results.rulings import decide_forfeit, decide_no_show, decide_record_result
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentError, TournamentState


def _field(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def _schedule(n: int, rounds: int) -> list[rotating.RoundPlan]:
    field = _field(n)
    played: list[tuple[tuple[rotating.Table, ...], tuple[str, ...]]] = []
    plans = []
    for _ in range(rounds):
        plan = plan_round(field, field, played)
        played.append((plan.tables, plan.sit_out))
        plans.append(plan)
    return plans


def _history(plans: list[rotating.RoundPlan]) -> History:
    return History.of((p.tables, p.sit_out) for p in plans)


def _legal(plans: list[rotating.RoundPlan], n: int) -> None:
    for plan in plans:
        seated = [p for t in plan.tables for p in t] + list(plan.sit_out)
        assert sorted(seated) == sorted(_field(n)), "everyone once a round"
        assert len(plan.sit_out) == n % 4


def tournament(players: int, rounds: int, **options: object) -> TournamentState:
    state = apply(
        TournamentState(),
        decide_create(
            TournamentState(),
            "Progressive",
            format="rotating",
            table_size=4,
            rounds=rounds,
            **options,  # type: ignore[arg-type]
            game_name=HORSE_RACE,
        ),
    )
    for i in range(players):
        state = apply(state, decide_register(state, f"p{i}", f"Player {i}"))
    return state


def test_eight_players_over_seven_rounds_partner_everyone_exactly_once() -> None:
    plans = _schedule(8, 7)
    _legal(plans, 8)
    history = _history(plans)
    pairs = [frozenset(p) for p in itertools.combinations(_field(8), 2)]
    assert all(history.partners[p] == 1 for p in pairs)
    assert all(history.opponents[p] == 2 for p in pairs)
    assert all("whist design for 8 players" in words(None, p.source) for p in plans)


@pytest.mark.parametrize("n", sorted(DESIGNS))
def test_every_design_partners_each_pair_once_and_opposes_it_twice(n: int) -> None:
    plans = _schedule(n, design_length(n))
    _legal(plans, n)
    history = _history(plans)
    pairs = [frozenset(p) for p in itertools.combinations(_field(n), 2)]
    assert {history.partners[p] for p in pairs} == {1}
    assert {history.opponents[p] for p in pairs} == {2}
    assert set(history.sat_out.values()) <= {1}
    assert len(history.sat_out) == (n if n % 4 else 0)


@pytest.mark.parametrize("n", [12, 16, 20])
def test_no_repeat_partner_within_the_first_n_minus_1_rounds(n: int) -> None:
    for rounds in (3, n - 1):
        found = coverage(_history(_schedule(n, rounds)), _field(n))
        assert found.most_partnered == 1 and found.repeat_partnerships == 0


def test_past_the_design_it_starts_again_so_each_pair_partners_twice() -> None:
    plans = _schedule(8, 14)
    history = _history(plans)
    assert set(history.partners.values()) == {2}
    assert "cycle 2" in words(None, plans[7].source)


@pytest.mark.parametrize(("n", "rounds"), [(10, 9), (11, 10), (14, 7), (15, 7)])
def test_fields_without_a_design_are_searched_without_repeat_partners(n: int, rounds: int) -> None:
    """Measured (bench/rotating_bench.py): the search finds these with no repeat partner;
    sit-outs go round, nobody sitting out twice before everyone has once."""
    plans = _schedule(n, rounds)
    _legal(plans, n)
    history = _history(plans)
    assert coverage(history, _field(n)).most_partnered == 1
    counts = [history.sat_out[p] for p in _field(n)]
    assert max(counts) - min(counts) <= 1
    assert all(words(None, p.source).startswith("searched") for p in plans)


def test_the_search_is_deterministic_and_avoids_a_repeat_when_it_can() -> None:
    players = _field(8)
    history = History(Counter(), Counter(), Counter())
    history.add([("p0", "p1", "p2", "p3")], [])
    first = search_round(players, history, 2)
    assert first == search_round(players, history, 2)
    partners = {frozenset((t[0], t[2])) for t in first.tables} | {
        frozenset((t[1], t[3])) for t in first.tables
    }
    assert not partners & {frozenset(("p0", "p2")), frozenset(("p1", "p3"))}


def test_sit_outs_are_the_fewest_so_far_latest_registered_first() -> None:
    history = History(Counter(), Counter(), Counter({"p9": 1, "p8": 1}))
    assert rotating.choose_sit_out(_field(10), history) == ("p6", "p7")
    assert rotating.choose_sit_out(_field(8), history) == ()


def test_the_design_is_left_when_the_field_changes() -> None:
    state = tournament(8, 7)
    rng = random.Random(3)
    state = play(pair(state), rng)
    state = apply(state, decide_register(state, "p8", "Late Comer"))
    state = apply(state, decide_register(state, "p9", "Later Comer"))
    state = apply(state, decide_register(state, "p10", "Latest Comer"))
    state = apply(state, decide_register(state, "p11", "Last Comer"))
    state = pair(state)
    notes = words(state, state.rounds[-1].notes[0])
    assert "searched" in notes and "no one has partnered anyone twice" in notes
    state = play(state, rng)
    state = apply(state, decide_withdraw(state, "p3"))
    state = pair(state)
    assert len(state.rounds[-1].byes) == 3
    assert "p3" not in {p for t in state.rounds[-1].tables for p in t.seats}


def test_a_partnership_is_a_side_and_its_players_are_the_entrants() -> None:
    state = pair(tournament(8, 7))
    assert state.entrant_ids() == tuple(_field(8))
    match = state.round_matches(1)[0]
    a, b, c, d = match.seats
    assert match.sides == (
        "+".join(sorted((a, c), key=lambda p: int(p[1:]))),
        "+".join(sorted((b, d), key=lambda p: int(p[1:]))),
    )
    assert state.entrant_name(match.sides[0]) in (
        f"{state.players[a].name} & {state.players[c].name}",
        f"{state.players[c].name} & {state.players[a].name}",
    )
    with pytest.raises(TournamentError, match="drawn anew each round"):
        decide_form_partnership(state, "t1", ("p0", "p1"))


def test_creating_refuses_what_rotating_partners_cannot_be() -> None:
    with pytest.raises(TournamentError, match="head_to_head"):
        tournament(8, 3, tie_breaks=("head_to_head",))
    with pytest.raises(TournamentError, match="tables of 4"):
        decide_create(
            TournamentState(), "X", format="rotating", table_size=3, rounds=3, game_name=HORSE_RACE
        )
    with pytest.raises(TournamentError, match="not played in partnerships"):
        decide_create(
            TournamentState(), "X", format="rotating", table_size=5, rounds=3,
            game_name="racehorse",
        )  # fmt: skip
    created = tournament(8, 3).created
    assert created.partnerships and created.tie_breaks == ("scored", "buchholz")


def test_pairing_stops_after_the_rounds_set_and_needs_four_players() -> None:
    with pytest.raises(TournamentError, match="a table of partners needs 4"):
        pair(tournament(3, 2))
    state = tournament(8, 1)
    state = play(pair(state), random.Random(1))
    with pytest.raises(TournamentError, match="all 1 rounds"):
        pair(state)


def test_a_players_standing_sums_the_points_their_sides_scored() -> None:
    """Each player gets their side's match points and game points every round; a sit-out
    the bye points; Buchholz averages the two opponents' match points of each round, a
    sit-out counted as FIDE's virtual opponent (the player's points before the round, no
    win given away, a draw's 1/2 for each round after; weighing as two opponents) and an
    opponent's sit-out as a draw (1/2) in place of its bye points."""
    state = tournament(9, 2, bye_points=Fraction(1, 2))
    results = {1: ((61, 30), (0,)), 2: ((45, 61), (1,))}
    for number in (1, 2):
        state = pair(state)
        for match in state.round_matches(number):
            scores, winners = results[match.table]
            state = apply(state, [AdjudicatedResult(match.match_id, scores, winners, "sheet")])
    expected_points = {p: Fraction(0) for p in state.players}
    expected_scored = dict.fromkeys(state.players, 0)
    opponents: dict[str, list[str]] = {p: [] for p in state.players}
    for match in state.matches.values():
        assert match.outcome is not None
        for side, members in enumerate((match.seats[0::2], match.seats[1::2])):
            for player in members:
                expected_points[player] += 1 if side in match.outcome.winners else 0
                expected_scored[player] += match.outcome.scores[side]
                opponents[player] += list(match.seats[1 - side :: 2])
    for player in state.byes():
        expected_points[player] += Fraction(1, 2)
    rows = {row.entrant_id: row for row in standings_of(state)}
    assert {p: r.match_points for p, r in rows.items()} == expected_points
    assert {p: r.points_scored for p, r in rows.items()} == expected_scored
    sat_out = {p: paired.round for paired in state.rounds for p in paired.byes}
    first_round = {p: Fraction(0) for p in state.players}
    for match in state.round_matches(1):
        assert match.outcome is not None
        for side, members in enumerate((match.seats[0::2], match.seats[1::2])):
            for player in members:
                first_round[player] = Fraction(side in match.outcome.winners)
    for player, met in opponents.items():
        # an opponent's sit-out counts a draw's 1/2 for its 1/2 bye points: no change
        total = sum((expected_points[o] for o in met), Fraction(0))
        count = len(met)
        if player in sat_out:
            number = sat_out[player]
            earlier = first_round[player] if number == 2 else Fraction(0)
            virtual = earlier + (1 - Fraction(1, 2)) + Fraction(1, 2) * (2 - number)
            total += 2 * virtual
            count += 2
        assert rows[player].buchholz == total / count
    assert sum(r.byes for r in rows.values()) == 2
    ranked = list(standings_of(state))
    keys = [(r.match_points, r.points_scored, r.buchholz) for r in ranked]
    assert keys == sorted(keys, reverse=True)
    for before, after in itertools.pairwise(ranked):
        level = (before.match_points, before.points_scored, before.buchholz) == (
            after.match_points,
            after.points_scored,
            after.buchholz,
        )
        assert level == (before.rank == after.rank)


def test_a_void_match_counts_for_neither_partnership() -> None:
    state = pair(tournament(8, 2))
    first, second = state.round_matches(1)
    state = apply(state, [MatchVoided(first.match_id, "lights out")])
    state = apply(state, [AdjudicatedResult(second.match_id, (61, 10), (0,), "sheet")])
    rows = {row.entrant_id: row for row in standings_of(state)}
    assert all(rows[p].played == 0 and rows[p].match_points == 0 for p in first.seats)
    assert [rows[p].match_points for p in second.seats] == [1, 0, 1, 0]


def test_the_design_maps_players_in_registration_order() -> None:
    plan = design_plan(_field(8), 0)
    assert plan.tables == (("p3", "p6", "p1", "p0"), ("p4", "p2", "p7", "p5"))


SPREAD_EARLY = {8: 3, 9: 1, 12: 1, 13: 1, 16: 7, 17: 3, 20: 4, 21: 3, 24: 3}
"""Rounds from the start in which nobody opposes anyone twice, as the docs' table says
(at most (n - 1) // 2: each player meets two opponents a round)."""


@pytest.mark.parametrize("n", sorted(DESIGNS))
def test_early_rounds_spread_opponents_as_the_docs_say(n: int) -> None:
    early = SPREAD_EARLY[n]
    assert coverage(_history(_schedule(n, early)), _field(n)).most_opposed == 1
    assert coverage(_history(_schedule(n, early + 1)), _field(n)).most_opposed == 2


@settings(max_examples=examples(40), deadline=None)
@given(n=st.integers(4, 27), rounds=st.integers(1, 6))
def test_every_round_seats_everyone_once_and_sit_outs_go_round(n: int, rounds: int) -> None:
    plans = _schedule(n, rounds)
    _legal(plans, n)
    history = _history(plans)
    counts = [history.sat_out[p] for p in _field(n)]
    assert max(counts) - min(counts) <= 1
    assert plans == _schedule(n, rounds), "the same field pairs the same way"


def test_a_no_show_loses_for_the_absent_players_partnership() -> None:
    """A player is on a side through the round's partnership, not a fixed team: a no-show
    found no side for them, and everyone at the table won."""
    state = pair(tournament(8, 2))
    match = state.round_matches(1)[0]
    absent = match.seats[1]  # seat 2: side 2
    with pytest.raises(TournamentError, match="every side is absent"):
        decide_no_show(state, match.match_id, match.seats)
    state = apply(state, decide_no_show(state, match.match_id, (absent,)))
    outcome = state.matches[match.match_id].outcome
    assert outcome is not None and outcome.winners == (0,)
    rows = {row.entrant_id: row for row in standings_of(state)}
    assert rows[absent].losses == 1 and rows[match.seats[3]].losses == 1
    assert rows[match.seats[0]].wins == 1 and rows[match.seats[2]].wins == 1
    forfeited = pair(tournament(8, 2))
    first = forfeited.round_matches(1)[0]
    forfeited = apply(forfeited, decide_forfeit(forfeited, first.match_id, (1,), "unwell"))
    ruled = forfeited.matches[first.match_id].outcome
    assert ruled is not None and ruled.winners == (0,)


def _sides(match: MatchRecord) -> tuple[tuple[str, str], tuple[str, str]]:
    return (match.seats[0], match.seats[2]), (match.seats[1], match.seats[3])


def _won(state: TournamentState, match: MatchRecord, winner: int, high: int) -> TournamentState:
    scores = (high, 0) if winner == 0 else (0, high)
    return apply(state, decide_record_result(state, match.match_id, scores, (winner,)))


def test_a_no_show_counts_a_virtual_opponent_and_ranks_below_who_played() -> None:
    """Issue 32 item 3, for rotating partners as for every other format (docs/standings.md):
    the round a no-show missed counts a virtual opponent in its average (its 0 before the
    round, the win it gave away, a draw's 1/2 for the round after), weighing as the two
    opponents a table gives, and its tablemates' round counts as a draw in the averages of
    who meets them later; level on match points, the no-show ranks below every player who
    played -- its partner, who turned up, is not pushed down with it."""
    state = pair(tournament(8, 2))
    first, second = state.round_matches(1)
    absent, partner = _sides(first)[1]
    state = apply(state, decide_no_show(state, first.match_id, (absent,)))
    state = _won(state, second, 0, 61)
    state = pair(state)
    high = 70  # the no-show's and its partner's second round: the best score of the night
    for match in state.round_matches(2):
        sides = _sides(match)
        lifted = [s for s, members in enumerate(sides) if {absent, partner} & set(members)]
        state = _won(state, match, lifted[0] if lifted else 0, high if lifted else 61)
    rows = {row.entrant_id: row for row in standings_of(state)}
    winners, _ = _sides(first)  # won round 1 by the no-show: counted as a draw for others

    def adjusted(player: str) -> Fraction:
        if player not in first.seats:
            return rows[player].match_points
        return rows[player].match_points - (player in winners) + Fraction(1, 2)

    (met,) = [m for m in state.round_matches(2) if absent in m.seats]
    side = next(s for s, members in enumerate(_sides(met)) if absent in members)
    opponents = _sides(met)[1 - side]
    virtual = Fraction(0) + 1 + Fraction(1, 2) * (2 - 1)
    expected = (2 * virtual + sum(adjusted(o) for o in opponents)) / 4
    assert rows[absent].buchholz == expected
    level = [r for r in rows.values() if r.match_points == rows[absent].match_points]
    played = [r for r in level if r.entrant_id != absent]
    assert played and all(r.rank < rows[absent].rank for r in played), level
    assert rows[partner].match_points == rows[absent].match_points
    assert rows[partner].points_scored == high  # the best of the level: first of them
    assert rows[partner].rank == min(r.rank for r in level)
