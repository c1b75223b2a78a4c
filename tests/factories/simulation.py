"""Random but legal results for tests and benchmarks (the demo plays real bot games).

Randomness comes only from the `random.Random` passed in, so a seed replays exactly.
"""

from __future__ import annotations

import random

from tourney.tournament.events import TournamentEvent
from tourney.tournament.matches import MatchRecord
from tourney.tournament.results.rulings import decide_record_result
from tourney.tournament.state import TournamentState, evolve


def random_result(
    sides: int, target: int, rng: random.Random, shared_rate: float = 0.1
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Final scores and winning sides: usually one winner, sometimes a shared win."""
    count = 2 if sides > 1 and rng.random() < shared_rate else 1
    winners = tuple(sorted(rng.sample(range(sides), count)))
    scores = tuple(
        target + rng.choice((0, 0, 1, 2, 3)) if side in winners else rng.randrange(0, target)
        for side in range(sides)
    )
    return scores, winners


def play_round(
    state: TournamentState, rng: random.Random, shared_rate: float = 0.1
) -> tuple[TournamentState, list[TournamentEvent]]:
    """Record a random result for every unfinished match of the latest round."""
    events: list[TournamentEvent] = []
    number = len(state.rounds)
    pending: list[MatchRecord] = [m for m in state.round_matches(number) if m.outcome is None]
    for match in pending:
        scores, winners = random_result(len(match.sides), state.created.target, rng, shared_rate)
        for event in decide_record_result(state, match.match_id, scores, winners):
            state = evolve(state, event)
            events.append(event)
    return state, events
