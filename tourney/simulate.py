"""Self-play: complete matches played by bots, as the events of a known-hand record.

Everything random comes from one ``random.Random`` seeded by the caller, so the same seed
gives the same events, byte for byte once written.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tourney.bots import Bot, RandomBot
from tourney.engine import (
    DEFAULT_TARGET,
    DOUBLE_SIX,
    HAND_SIZE,
    Event,
    HandStarted,
    Match,
    MatchStarted,
    Passed,
    Phase,
    TileDrawn,
    TilePlaced,
)

DEFAULT_NAMES = ("Ann", "Bo", "Cy", "Di")


@dataclass(frozen=True, slots=True)
class SimulatedMatch:
    events: list[Event]
    match: Match

    @property
    def hands(self) -> int:
        return len(self.match.hands)


def player_names(count: int) -> tuple[str, ...]:
    return DEFAULT_NAMES[:count]


def simulate_match(
    rng: random.Random,
    players: Sequence[str] = ("Ann", "Bo"),
    partnerships: bool = False,
    bots: Sequence[Bot] | None = None,
    target: int = DEFAULT_TARGET,
) -> SimulatedMatch:
    """Play one whole match; every event goes through the rules engine as it is made."""
    seats = len(players)
    bots = list(bots) if bots else [RandomBot() for _ in range(seats)]
    match = Match()
    events: list[Event] = []

    def emit(event: Event) -> None:
        match.apply(event)
        events.append(event)

    emit(MatchStarted(tuple(players), partnerships, target))
    size = HAND_SIZE[seats]
    tiles = list(DOUBLE_SIX)
    while match.phase is not Phase.OVER:
        by_rule = match.next_opener
        opener = by_rule if by_rule is not None else players[rng.randrange(seats)]
        rng.shuffle(tiles)
        deal = {name: tuple(tiles[i * size : (i + 1) * size]) for i, name in enumerate(players)}
        boneyard = tiles[seats * size :]
        emit(HandStarted(opener, deal))
        while match.phase is Phase.IN_HAND:
            player = match.to_move
            assert player is not None
            legal = list(match.legal_placements())
            if legal:
                seat = match.seat_of[player]
                tile, on = bots[seat].choose(match, legal, rng)
                emit(TilePlaced(player, tile, on))
            elif boneyard:
                emit(TileDrawn(player, boneyard.pop()))
            else:
                emit(Passed(player))
    return SimulatedMatch(events, match)
