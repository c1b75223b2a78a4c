"""Horse Race's live win chances (`tourney.gamekit.chances`): the hand in play as the room
knows it, its unseen tiles dealt again within what the play proved, played out by the bots.

What the room knows of a hand: the tiles on the table, the tiles seen drawn or revealed,
how many tiles each player holds and how many lie in the boneyard. A hand the record knows
(a known deal) is treated the same way: the estimate says what a spectator could know,
never what is in a player's hand.

What the play proved: a player who drew or passed held no tile showing a value free on the
layout at that moment -- every tile they held then, not the ones they drew afterwards. Each
unseen tile a player holds is a *slot* (dealt, or drawn unseen) carrying the values it
cannot show; a tile placed from the hand takes the earliest slot it may have filled, which
leaves the later, less constrained slots for the tiles still held (a placement the record
allows in no slot proves the world impossible: `NoWorld`). The tile a player places right
after an unseen draw is the one drawn (the rules make it so).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tourney.gamekit.chances import NoWorld, shares
from tourney.gamekit.matching import fill
from tourney.games.horserace.bots import Bot, RandomBot
from tourney.games.horserace.events import (
    HandStarted,
    Passed,
    TileDrawn,
    TilePlaced,
    TilesRevealed,
)
from tourney.games.horserace.match import HAND_SIZE, Match, Phase
from tourney.games.horserace.playout import Lean
from tourney.games.horserace.simulate import BotTable
from tourney.games.horserace.tiles import DOUBLE_SIX, Tile

if TYPE_CHECKING:
    from tourney.gamekit.protocol import GameEvent


_SHOWS = [(1 << tile.low) | (1 << tile.high) for tile in DOUBLE_SIX]
"""Each tile (by index) as the bit mask of the values it shows."""


def _free_mask(match: Match) -> int:
    """The values free on the layout, as a bit mask: what a player who draws or passes
    proves they hold none of."""
    free = match.layout.free
    return sum(1 << value for value in range(7) if free[value])


def public_events(events: Sequence[GameEvent]) -> list[GameEvent]:
    """``events`` as a spectator saw them: the hand in play, when its deal is known, as a
    hidden hand (no deal, no drawn tile named). Earlier hands are over and stay as they are."""
    events = list(events)
    match = Match()
    for event in events:
        match.apply(event)
    if match.phase not in (Phase.IN_HAND, Phase.AWAITING_REVEALS) or not match.known:
        return events
    start = max(i for i, event in enumerate(events) if isinstance(event, HandStarted))
    head = events[start]
    assert isinstance(head, HandStarted)
    hidden: list[GameEvent] = [HandStarted(head.opener, None, head.extra)]
    for event in events[start + 1 :]:
        if isinstance(event, TileDrawn):
            event = TileDrawn(event.player, None, event.extra)
        hidden.append(event)
    return [*events[:start], *hidden]


class _Unseen:
    """The unseen tiles of the hand in play and the slots they may fill: one world each
    call of `deal`."""

    def __init__(self, match: Match, played: Match, events: Sequence[GameEvent]) -> None:
        """``match`` as it stands; ``played``, the same match before ``events``, the hand
        in play from its ``hand_started`` (changed: ``events`` are applied to it)."""
        self.match = match
        n = match.n
        slots: list[list[int]] = [[0] * HAND_SIZE[n] for _ in range(n)]
        revealed: dict[int, tuple[Tile, ...]] = {}
        pending = -1  # the seat whose last tile was drawn unseen, until its next event
        for event in events:
            if isinstance(event, HandStarted):
                slots = [[0] * HAND_SIZE[n] for _ in range(n)]
                revealed, pending = {}, -1
            elif isinstance(event, TileDrawn | Passed):
                seat = played.seat_of[event.player]
                free = _free_mask(played)
                slots[seat] = [forbid | free for forbid in slots[seat]]
                unseen = isinstance(event, TileDrawn) and event.tile is None
                if unseen:
                    slots[seat].append(0)
                pending = seat if unseen else -1
            elif isinstance(event, TilePlaced):
                seat = played.seat_of[event.player]
                if pending == seat:
                    slots[seat].pop()  # the tile just drawn, placed
                elif event.tile not in played.held[seat]:
                    self._take(slots[seat], event.tile)
                pending = -1
            elif isinstance(event, TilesRevealed):
                seat = played.seat_of[event.player]
                revealed[seat] = event.tiles
                slots[seat] = []
            played.apply(event)
        known = set(match.layout.tiles())
        for held in match.held:
            known.update(held)
        for tiles in revealed.values():
            known.update(tiles)
        self.pool = [tile for tile in DOUBLE_SIX if tile not in known]
        self.revealed = revealed
        self.drawn_by = pending if match.phase is Phase.IN_HAND and pending >= 0 else -1
        # Most constrained first: they pick first among the shuffled tiles.
        self.constrained = sorted(
            ((seat, forbid) for seat, held in enumerate(slots) for forbid in held if forbid),
            key=lambda item: -bin(item[1]).count("1"),
        )
        self.free_slots = [sum(1 for forbid in held if not forbid) for held in slots]
        unknown = sum(len(held) for held in slots)
        if len(self.pool) != unknown + match.boneyard_size:
            raise NoWorld(f"{len(self.pool)} unseen tiles for {unknown} in hand and a boneyard")
        self.deal(random.Random(0))  # refused now, rather than at each playout

    @staticmethod
    def _take(slots: list[int], tile: Tile) -> None:
        """The earliest slot ``tile`` may have filled (placed from the hand), now empty."""
        shows = _SHOWS[tile.index]
        for i, forbid in enumerate(slots):
            if not forbid & shows:
                del slots[i]
                return
        raise NoWorld(f"{tile} cannot have been held")

    def deal(self, rng: random.Random) -> tuple[list[list[Tile]], list[Tile], Tile | None]:
        """One world: each seat's unseen tiles, the boneyard (shuffled), the tile the
        player to move has just drawn unseen (None if none)."""
        n = self.match.n
        pick = rng.getrandbits  # pick(32) % m: one of m, uniform within m / 2**32
        rest = self.pool[:]
        for i in range(len(rest) - 1, 0, -1):  # Fisher-Yates (`rng.shuffle`, faster)
            j = pick(32) % (i + 1)
            rest[i], rest[j] = rest[j], rest[i]
        hands: list[list[Tile]] = [[] for _ in range(n)]
        if self.constrained:  # (often none: the matching is then skipped, at no cost to it)
            shows = [_SHOWS[tile.index] for tile in rest]
            chosen = fill(
                [
                    [i for i, on in enumerate(shows) if not forbid & on]
                    for _seat, forbid in self.constrained
                ],
                len(rest),
            )
            if chosen is None:
                raise NoWorld("no deal of the unseen tiles agrees with the play")
            for (seat, _forbid), i in zip(self.constrained, chosen, strict=True):
                hands[seat].append(rest[i])
            taken = set(chosen)
            rest = [tile for i, tile in enumerate(rest) if i not in taken]
        drawn = None
        for seat, count in enumerate(self.free_slots):
            if count:
                hands[seat] += rest[-count:]
                del rest[-count:]
                if seat == self.drawn_by:
                    drawn = hands[seat][-1]
        return hands, rest, drawn


class _Position:
    """A Horse Race match as the room knows it (`tourney.gamekit.chances.Position`).

    Its playouts are `playout.Lean`'s (the engine's rules and `RandomBot`'s choices, in
    one loop over small ints); `world` is the same world as an engine's `Match`."""

    def __init__(self, match: Match, unseen: _Unseen | None, bots: Sequence[Bot]) -> None:
        self.match = match
        self.unseen = unseen
        self.bots = list(bots)
        self.sides = len(match.sides)
        self.settled = shares(match.winners, self.sides) if match.finished else None
        self.lean: Lean | None = None
        if match.phase is not Phase.AWAITING_REVEALS and all(
            type(bot) is RandomBot for bot in bots
        ):
            self.lean = Lean.of(match)

    def world(self, rng: random.Random) -> tuple[Match, list[Tile]]:
        """One world agreeing with what is known, and its boneyard in drawing order."""
        match, unseen = self.match, self.unseen
        if unseen is None:
            return match.copy(), []
        hands, boneyard, drawn = unseen.deal(rng)
        if match.phase is Phase.AWAITING_REVEALS:
            world = match.copy()
            for player in match.reveals_needed:
                seat = match.seat_of[player]
                tiles = sorted([*match.held[seat], *hands[seat]])
                world.apply(TilesRevealed(player, tuple(tiles)))
            return world, []
        held = [[*known, *hands[seat]] for seat, known in enumerate(match.held)]
        return match.dealt_copy(held, boneyard, drawn), boneyard

    def lean_world(self, rng: random.Random) -> Lean:
        """The world `world` deals with the same ``rng``, as a playout's state (when the
        position has one: random bots, no count waiting for reveals)."""
        lean, unseen = self.lean, self.unseen
        assert lean is not None
        if unseen is None:
            return lean.copy()
        return lean.dealt(*unseen.deal(rng))

    def playout(self, rng: random.Random) -> tuple[float, ...]:
        return self.played_out(rng)[0]

    def played_out(self, rng: random.Random) -> tuple[tuple[float, ...], int]:
        """`playout`, and how many hands it played (the one in play counted)."""
        if self.lean is not None:
            lean = self.lean_world(rng)
            hands = lean.play(rng)
            return shares(lean.winners, self.sides), hands
        match, boneyard = self.world(rng)
        before = len(match.hands)
        table = BotTable(self.bots, rng)
        table.boneyard = boneyard
        table.play_out(match)
        return shares(match.winners, self.sides), len(match.hands) - before + 1


class HorseRaceChances:
    """`tourney.gamekit.chances.WinChances` for Horse Race: random bots play the worlds out
    (a bot that plays any legal tile proves little by its choice, so the worlds the
    estimate deals are as likely as the play makes them)."""

    def position(self, events: Sequence[GameEvent]) -> _Position | None:
        public = public_events(events)
        starts = [i for i, event in enumerate(public) if isinstance(event, HandStarted)]
        start = starts[-1] if starts else len(public)
        before = Match.replay(public[:start])  # type: ignore[arg-type]  # its own events
        match = before.copy()
        for event in public[start:]:
            match.apply(event)
        if not match.started:
            return None
        bots = [RandomBot() for _ in match.players]
        if match.phase not in (Phase.IN_HAND, Phase.AWAITING_REVEALS) or match.known:
            return _Position(match, None, bots)
        return _Position(match, _Unseen(match, before, public[start:]), bots)


CHANCES = HorseRaceChances()
