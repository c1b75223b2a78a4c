"""Whole matches as a scorer at a physical table records them, for tests and benchmarks:
bots play known hands, and the record keeps only what the table shows."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from tourney.games.horserace import (
    Event,
    HandEnd,
    HandStarted,
    Match,
    MatchStarted,
    TileDrawn,
    TilesRevealed,
)
from tourney.games.horserace.bots import GreedyBot
from tourney.games.horserace.simulate import player_names, simulate_match


def known_match(seed: int, players: int = 2, target: int = 61) -> list[Event]:
    """A whole match between greedy bots, known hands."""
    result = simulate_match(
        random.Random(seed), player_names(players), False, [GreedyBot()] * players, target
    )
    return list(result.events)


def hidden_record(known: list[Event]) -> list[Event]:
    """``known`` as recorded at a physical table: no deals, every other draw unseen, every
    opener named, and the reveals the count needs when a hand ends in a domino or a block."""
    match = Match()
    out: list[Event] = []
    draws = 0
    for event in known:
        held = [set(h) for h in match.held]
        outcome = match.apply(event)
        if isinstance(event, HandStarted):
            out.append(HandStarted(match.hands[-1].opener))
        elif isinstance(event, TileDrawn):
            draws += 1
            out.append(TileDrawn(event.player, event.tile if draws % 2 else None))
        else:
            out.append(event)
        if outcome.hand_ended not in (HandEnd.DOMINO, HandEnd.BLOCKED):
            continue
        placed = outcome.placement
        for seat, name in enumerate(match.players):
            if placed is not None and match.side_of[seat] == match.side_of_player(placed.player):
                continue  # the side that went out shows nothing
            tiles = held[seat] - ({placed.tile} if placed is not None else set())
            out.append(TilesRevealed(name, tuple(sorted(tiles))))
    Match.replay(out)  # a legal record, or this raises
    return out


def hidden_match(seed: int, players: int = 2, target: int = 61) -> list[Event]:
    """A whole match between bots as a scorer at a physical table records it."""
    return hidden_record(known_match(seed, players, target))


def seated(events: list[Event], players: Sequence[str]) -> list[Event]:
    """``events`` with its players renamed, seat for seat, to ``players`` (a record played
    by bots, replayed at a tournament table)."""
    start = events[0]
    if not isinstance(start, MatchStarted):
        raise ValueError("a match record starts with match_started")
    names = dict(zip(start.players, players, strict=True))
    out: list[Event] = [dataclasses.replace(start, players=tuple(players))]
    for event in events[1:]:
        if isinstance(event, HandStarted):
            if event.opener is not None:
                event = dataclasses.replace(event, opener=names[event.opener])
        elif not isinstance(event, MatchStarted):
            event = dataclasses.replace(event, player=names[event.player])
        out.append(event)
    return out


def card_table_match(players: Sequence[str], seed: int, deals: int) -> list[Any]:
    """A whole Racehorse match at a tournament table seating ``players`` (its first seat
    deals first, as `tourney pair` seats it), played by random bots, as a scorer at a
    physical table records it: every deal hidden (cards entered as they are played)."""
    from tourney.games.racehorse.face import DealStarted as CardDeal
    from tourney.games.racehorse.face import Match as CardMatch
    from tourney.games.racehorse.face import MatchStarted as CardStart
    from tourney.games.racehorse.face import play_on

    start = CardStart(tuple(players), players[0], deals)
    match = CardMatch()
    match.apply(start)
    events = play_on(match, random.Random(seed))
    return [start, *(CardDeal() if isinstance(e, CardDeal) else e for e in events)]
