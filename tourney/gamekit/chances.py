"""Live win chances: each side's chance to win a match from where it stands, by Monte Carlo.

A game that can estimate offers `Game.chances` (a `WinChances`; None: no estimate, the
default of `tourney.gamekit.base.BaseGame`). It turns the match's events into a `Position`
from what the room can know -- what was played and shown, never a hand the record holds
but nobody at the table has seen -- and a `Position` plays the match out once, from one
world consistent with what is known (the *determinization*: the unseen tiles or cards
dealt again, within everything the play has proved), by the game's own bots.

`estimate` averages those playouts. A side's chance is its expected share of the win
(winners sharing a win take 1/k each, as the standings count them), so the chances of a
match sum to 1. Pure: no I/O; the random numbers come from the caller's seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from tourney.gamekit.event import GameEvent


class Estimating(Protocol):
    """What `estimate` asks of a game (`tourney.gamekit.protocol.Game` offers it): its way to
    estimate, if any. Named here so that this module needs no import of the protocol."""

    @property
    def chances(self) -> WinChances | None: ...


class NoWorld(Exception):
    """No deal of the unseen pieces agrees with the record (a scorer's slip the engine
    cannot see in a hidden hand): no estimate rather than one from an impossible world."""


class Position(Protocol):
    """A match as the room can know it, ready to be played out."""

    @property
    def sides(self) -> int:
        """How many sides (as `Game.sides` lists them)."""
        ...

    @property
    def settled(self) -> tuple[float, ...] | None:
        """Each side's share of the win when the match is over (no playout needed)."""
        ...

    def playout(self, rng: random.Random) -> tuple[float, ...]:
        """One world consistent with what is known, played to the end by the bots: each
        side's share of the win (1, 0, or 1/k for k sides sharing it)."""
        ...


class WinChances(Protocol):
    """What a game offers to estimate its matches' win chances."""

    def position(self, events: Sequence[GameEvent]) -> Position | None:
        """The position after ``events`` (a match's events in force, in order), or None
        when there is nothing to estimate (not started). NoWorld when no world agrees."""
        ...


@dataclass(frozen=True, slots=True)
class Estimate:
    """Each side's chance to win (summing to 1), from ``playouts`` playouts (0: the match
    is over and the chances are its result)."""

    chances: tuple[float, ...]
    playouts: int


def shares(winners: Sequence[int], sides: int) -> tuple[float, ...]:
    """Each side's share of a win shared by ``winners`` (side indices)."""
    each = 1.0 / len(winners) if winners else 0.0
    return tuple(each if side in winners else 0.0 for side in range(sides))


def estimate(
    game: Estimating,
    events: Sequence[GameEvent],
    playouts: int,
    seed: int | None = None,
    seconds: float | None = None,
) -> Estimate | None:
    """Each side's chance after ``events``: ``playouts`` playouts, or as many as fit in
    ``seconds`` of this process's CPU time (at least one); None when the game offers no
    estimate or there is nothing to estimate. NoWorld when no world agrees with the record.
    """
    chances = game.chances
    if chances is None:
        return None
    position = chances.position(events)
    if position is None:
        return None
    if position.settled is not None:
        return Estimate(position.settled, 0)
    rng = random.Random(seed)
    totals = [0.0] * position.sides
    deadline = None if seconds is None else time.process_time() + seconds
    done = 0
    playout = position.playout
    while done < playouts:
        for side, share in enumerate(playout(rng)):
            totals[side] += share
        done += 1
        if deadline is not None and time.process_time() > deadline:
            break
    return Estimate(tuple(total / done for total in totals), done)
