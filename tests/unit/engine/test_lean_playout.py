"""The live win chances' lean playout (`tourney.games.horserace.playout`) plays by the
engine's rules: random games from random positions are played by the lean loop, traced, and
every step of the trace is applied to the engine's `Match`, which must list the same
placements, accept every draw and pass, score every placement and count every hand alike,
and end the match with the same winners."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import to_hidden
from tourney.games.horserace import (
    DOUBLE_SIX,
    HandStarted,
    Match,
    Passed,
    Phase,
    TileDrawn,
    TilePlaced,
    TilesRevealed,
)
from tourney.games.horserace.bots import Bot, GreedyBot, RandomBot
from tourney.games.horserace.chances import CHANCES
from tourney.games.horserace.playout import Lean, Trace
from tourney.games.horserace.simulate import simulate_match

CONFIGS = [
    (("Ann", "Bo"), False),
    (("Ann", "Bo", "Cy"), False),
    (("Ann", "Bo", "Cy", "Di"), False),
    (("Ann", "Bo", "Cy", "Di"), True),
]
SETTINGS = settings(max_examples=300, derandomize=True, deadline=None)


def engine_pairs(match: Match) -> list[tuple[int, int]]:
    return [(t.index, -1 if on is None else on.index) for t, on in match.legal_placement_list()]


def replay_trace(match: Match, lean: Lean, trace: Trace, played: int) -> None:
    """Apply ``trace`` (of ``lean``, which started as ``match``) to ``match``, step by step,
    checking that the engine agrees with the lean loop at each."""
    players = match.players
    hands = 1 if match.phase is Phase.IN_HAND else 0
    for step in cast(list[Any], trace):
        kind = step[0]
        if kind == "deal":
            _, opener, held, boneyard = step
            assert match.phase is Phase.BETWEEN_HANDS
            deal = {p: tuple(DOUBLE_SIX[t] for t in held[s]) for s, p in enumerate(players)}
            match.apply(HandStarted(players[opener], deal))
            assert sorted(t.index for t in match.boneyard) == boneyard
            hands += 1
        elif kind == "place":
            _, seat, count, legal, held, tile, on, points, scores = step
            assert match.to_move == players[seat]
            assert sorted(t.index for t in match.held[seat]) == held
            pairs = engine_pairs(match)
            assert legal == pairs
            assert count == len(pairs)
            assert (tile, on) in pairs
            outcome = match.apply(
                TilePlaced(
                    players[seat],
                    DOUBLE_SIX[tile],
                    None if on == -1 else DOUBLE_SIX[on],
                )
            )
            assert outcome.placement is not None and outcome.placement.points == points
            if outcome.credits is None:  # a domino's count: at the trace's count
                assert match.scores == scores
        elif kind == "draw":
            _, seat, tile = step
            assert engine_pairs(match) == []
            match.apply(TileDrawn(players[seat], DOUBLE_SIX[tile]))
        elif kind == "pass":
            _, seat = step
            match.apply(Passed(players[seat]))
        else:
            assert kind == "count"
            _, scores, winners = step
            assert match.phase in (Phase.BETWEEN_HANDS, Phase.OVER)
            assert match.scores == scores
            assert (match.winners if match.phase is Phase.OVER else []) == winners
    assert match.phase is Phase.OVER
    assert match.winners == lean.winners
    assert match.scores == lean.scores
    assert hands == played


def position(seed: int, config: tuple[tuple[str, ...], bool], target: int) -> Match:
    """A match simulated by the engine (random and greedy bots), cut at a random event."""
    rng = random.Random(seed)
    players, partnerships = config
    bots: list[Bot] = [RandomBot() if rng.random() < 0.5 else GreedyBot() for _ in players]
    events = simulate_match(rng, players, partnerships, bots, target).events
    return Match.replay(events[: rng.randrange(1, len(events) + 1)])


@SETTINGS
@given(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.sampled_from(CONFIGS),
    st.sampled_from([11, 31, 61]),
)
def test_a_lean_playout_is_a_game_the_engine_plays_alike(
    seed: int, config: tuple[tuple[str, ...], bool], target: int
) -> None:
    match = position(seed, config, target)
    lean = Lean.of(match)
    trace: Trace = []
    played = lean.play(random.Random(seed), trace)
    replay_trace(match.copy(), lean, trace, played)


@settings(max_examples=150, derandomize=True, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.sampled_from(CONFIGS),
    st.sampled_from([21, 61]),
)
def test_a_hidden_hands_worlds_play_out_as_the_engine_plays_them(
    seed: int, config: tuple[tuple[str, ...], bool], target: int
) -> None:
    """The estimates' own path: a position of a hidden hand, one world dealt for the lean
    loop and the same world (same random numbers) as an engine's `Match`."""
    rng = random.Random(seed)
    players, partnerships = config
    events = simulate_match(rng, players, partnerships, target=target).events
    hidden = [event for event, _ in to_hidden(events, rng)]
    cut = rng.randrange(2, len(hidden) + 1)
    position = CHANCES.position(hidden[:cut])
    assert position is not None
    if position.settled is not None or position.lean is None:
        return
    world_seed = rng.getrandbits(32)
    lean = position.lean_world(random.Random(world_seed))
    match, _boneyard = position.world(random.Random(world_seed))
    trace: Trace = []
    played = lean.play(rng, trace)
    replay_trace(match, lean, trace, played)


def test_each_placement_open_to_the_player_is_chosen_alike() -> None:
    """The loop chooses uniformly among the placements it counts (as `RandomBot` does):
    from one position where the player to move has several, each is chosen about as often."""
    rng = random.Random(5)
    for seed in range(1000):
        match = position(seed, CONFIGS[0], 11)
        if match.phase is Phase.IN_HAND and match.placements and len(engine_pairs(match)) >= 4:
            break
    pairs = engine_pairs(match)
    lean = Lean.of(match)
    chosen: Counter[tuple[int, int]] = Counter()
    runs = 600 * len(pairs)
    for _ in range(runs):
        trace: Trace = []
        lean.copy().play(rng, trace)
        first: Any = next(step for step in trace if step[0] == "place")
        chosen[(first[5], first[6])] += 1
    assert set(chosen) == set(pairs)
    for pair in pairs:
        assert abs(chosen[pair] - 600) < 5 * 24.5, (pair, chosen)  # five sigma of 600


def test_a_count_waiting_for_reveals_is_played_out_by_the_engine() -> None:
    """A hidden hand over but not yet counted has no lean state: its worlds' reveals are
    the engine's to count, and its playouts the engine's `BotTable`'s."""
    rng = random.Random(8)
    events = simulate_match(rng, CONFIGS[0][0], target=31).events
    hidden = [event for event, _ in to_hidden(events, rng)]
    cut = next(i for i, event in enumerate(hidden) if isinstance(event, TilesRevealed))
    position = CHANCES.position(hidden[:cut])
    assert position is not None and position.match.phase is Phase.AWAITING_REVEALS
    assert position.lean is None
    for _ in range(20):
        chances, hands = position.played_out(rng)
        assert sum(chances) == 1.0 and hands >= 1
