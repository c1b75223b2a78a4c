"""Each entrant's match points after every round of the evening: the standings as they
stood after round 1, round 2... (the standings page's chart). Pure.

Each step is the standings of the tournament cut back to the rounds played so far (its
matches, byes and penalties of those rounds), ranked by the tournament's own rules, so the
last step is the standings' own points column, whatever the format scores (rotating
partners' players, partnerships, late entries' start points)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from tourney.tournament.records.penalties_state import Sanctions
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentState


@dataclass(frozen=True)
class EntrantProgress:
    """One entrant's match points before round 1 (its start points, less a penalty given
    before play) and after each round paired, in the standings' order."""

    entrant_id: str
    name: str
    points: tuple[Fraction, ...]


def as_of_round(state: TournamentState, number: int) -> TournamentState:
    """``state`` with only rounds 1..``number``: their tables, results and byes, and the
    penalties and warnings given by then."""
    given = {n: s for n, s in state.sanctions.given.items() if s.round <= number}
    return replace(
        state,
        rounds=tuple(paired for paired in state.rounds if paired.round <= number),
        matches={k: m for k, m in state.matches.items() if m.round <= number},
        sanctions=Sanctions(given),
        draft=None,
    )


def points_by_round(state: TournamentState) -> tuple[EntrantProgress, ...]:
    """Every entrant's match points after each round paired so far (step 0: before
    round 1), in the order of the standings now. Nothing paired: each has one step."""
    numbers = sorted({paired.round for paired in state.rounds})
    steps = [
        {row.entrant_id: row.match_points for row in standings_of(as_of_round(state, n))}
        for n in (0, *numbers)
    ]
    return tuple(
        EntrantProgress(
            row.entrant_id,
            row.name,
            tuple(step.get(row.entrant_id, Fraction(0)) for step in steps),
        )
        for row in standings_of(state)
    )
