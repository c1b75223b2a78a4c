"""Self-play: complete matches played by bots, as the events of a known-hand record.

Everything random comes from one ``random.Random`` seeded by the caller, so the same seed
gives the same events, byte for byte once written.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tourney.gamekit.seats import seat_names
from tourney.games.horserace import (
    DEFAULT_TARGET,
    DOUBLE_SIX,
    HAND_SIZE,
    Event,
    HandStarted,
    Match,
    MatchStarted,
    Passed,
    Phase,
    Tile,
    TileDrawn,
    TilePlaced,
)
from tourney.games.horserace.bots import Bot, RandomBot

_OVER = Phase.OVER
_IN_HAND = Phase.IN_HAND


@dataclass(frozen=True, slots=True)
class SimulatedMatch:
    events: list[Event]
    match: Match

    @property
    def hands(self) -> int:
        return len(self.match.hands)


def player_names(count: int) -> tuple[str, ...]:
    """The first ``count`` seat names (2 to 4)."""
    return seat_names(count)


class BotTable:
    """A table of bots dealing with real tiles: the next event it makes in a known-hand match.

    Deals come from one shuffled set reshuffled before every hand; bots choose among the
    placements the engine lists; drawing and passing are the rules' (the engine's) call.
    """

    def __init__(self, bots: Sequence[Bot], rng: random.Random) -> None:
        self.bots = list(bots)
        self.rng = rng
        self.tiles = list(DOUBLE_SIX)
        self.boneyard: list[Tile] = []

    def next_event(self, match: Match) -> Event:
        """The event this table makes now in ``match`` (started, not finished)."""
        rng = self.rng
        if match.phase is not Phase.IN_HAND:
            opener = match.next_opener or match.players[rng.randrange(match.n)]
            size = HAND_SIZE[match.n]
            tiles = self.tiles
            rng.shuffle(tiles)
            deal = {p: tuple(tiles[i * size : (i + 1) * size]) for i, p in enumerate(match.players)}
            self.boneyard = tiles[match.n * size :]
            return HandStarted(opener, deal)
        player = match.to_move
        assert player is not None
        legal = match.legal_placement_list()
        if legal:
            tile, on = self.bots[match.seat_of[player]].choose(match, legal, rng)
            return TilePlaced(player, tile, on)
        if self.boneyard:
            return TileDrawn(player, self.boneyard.pop())
        return Passed(player)

    def play_out(self, match: Match) -> None:
        """Play ``match`` (started; a hand under way must be known, its boneyard this
        table's) to its end: the events `next_event` makes, each applied as it is made,
        each placement the bot chose from those the engine listed applied by the engine's
        `Match.play_legal` (the hot path of the live win chances' playouts: no event built,
        no check made twice)."""
        players = match.players
        bots = self.bots
        rng = self.rng
        place = match.play_legal
        legal_now = match.legal_placement_list
        while True:
            phase = match.phase
            if phase is _OVER:
                return
            if phase is not _IN_HAND:
                match.apply(self.next_event(match))
                continue
            seat = match.turn
            legal = legal_now()
            if legal:
                tile, on = bots[seat].choose(match, legal, rng)
                place(tile, on)
            elif self.boneyard:
                match.apply(TileDrawn(players[seat], self.boneyard.pop()))
            else:
                match.apply(Passed(players[seat]))


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
    table = BotTable(bots, rng)
    while match.phase is not Phase.OVER:
        emit(table.next_event(match))
    return SimulatedMatch(events, match)
