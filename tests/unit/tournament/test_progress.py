"""Each entrant's match points after every round (the standings page's chart, issue 36):
step 0 before round 1, then one step a round; the last step is the standings' own points,
whatever the format; each step adds what that round earned (a result, a bye) and a
penalty counts from the round it was given in."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tests.unit.tournament.factory import apply, pair, play, tournament
from tourney.tournament.matches import match_points
from tourney.tournament.results.conduct import decide_penalty
from tourney.tournament.standings.progress import points_by_round
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentState


def played(state: TournamentState, rounds: int, seed: int = 1) -> TournamentState:
    rng = random.Random(seed)
    for _ in range(rounds):
        state = play(pair(state), rng)
    return state


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (9, {"table_size": 2}),  # a bye each round
        (12, {"table_size": 3}),
        (8, {"table_size": 4, "partnerships": True}),
        (8, {"table_size": 4, "format": "rotating", "tie_breaks": ("scored", "buchholz")}),
        (6, {"table_size": 2, "format": "round_robin"}),
    ],
)
def test_the_last_step_is_the_standings_and_each_step_adds_its_round(
    players: int, options: dict[str, object]
) -> None:
    state = played(tournament(players, rounds=3, **options), 3)  # type: ignore[arg-type]
    progress = points_by_round(state)
    rows = standings_of(state)
    assert [p.entrant_id for p in progress] == [r.entrant_id for r in rows]
    assert [p.points[-1] for p in progress] == [r.match_points for r in rows]
    assert all(len(p.points) == 4 and p.points[0] == 0 for p in progress)
    if options.get("format") == "rotating":
        return  # a player's points come from the partnership drawn for the round
    settings = state.created
    for number in (1, 2, 3):
        earned = {p.entrant_id: Fraction(0) for p in progress}
        for match in state.round_matches(number):
            assert match.outcome is not None
            for side, entrant in enumerate(match.sides):
                earned[entrant] += match_points(
                    match.outcome, side, settings.shared_win, settings.placement_points
                )
        for entrant in state.rounds[number - 1].byes:
            earned[entrant] += settings.bye_points
        for p in progress:
            assert p.points[number] - p.points[number - 1] == earned[p.entrant_id], number


def test_a_penalty_counts_from_the_round_it_was_given_in() -> None:
    state = played(tournament(4, table_size=2, rounds=3), 1)
    state = apply(state, decide_penalty(state, "p0", Fraction(1, 2), "late"))
    state = played(state, 2, seed=2)
    (ann,) = [p for p in points_by_round(state) if p.entrant_id == "p0"]
    without = points_by_round(played(played(tournament(4, table_size=2, rounds=3), 1), 2, 2))
    (before,) = [p for p in without if p.entrant_id == "p0"]
    assert ann.points[0] == before.points[0]
    assert [a - b for a, b in zip(ann.points[1:], before.points[1:], strict=True)] == [
        Fraction(-1, 2)
    ] * 3


def test_nothing_paired_has_only_the_start() -> None:
    assert {p.points for p in points_by_round(tournament(4, table_size=2))} == {(Fraction(0),)}
