"""The moves of a Racehorse table as a scorer records them: deal the next deal, bid or pass
in the auction, play a card. The one-shot commands (`tourney deal`, `bid`, `pass`, `play`)
and the table page of `tourney serve` both decide through these, so a table page and a
terminal take and refuse exactly the same things.

Each decides against the table as the scorer saw it and returns the events; the desk checks
them against the engine and appends them (`Desk.append_events`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tourney.errors import TourneyError
from tourney.games.racehorse.cards import Card
from tourney.games.racehorse.events import BidMade, CardPlayed, DealStarted, Event, Passed
from tourney.games.racehorse.match import Match
from tourney.games.racehorse.notation import legal_events
from tourney.i18n import _
from tourney.names import find

if TYPE_CHECKING:
    from tourney.gamekit import Table

Hands = Mapping[str, tuple[Card, ...]]


def _match(table: Table) -> Match:
    match = table.match
    if not isinstance(match, Match):
        raise TypeError(f"{table.id} is not a Racehorse table")
    return match


def deal(table: Table, hands: Hands | None = None) -> list[Event]:
    """Start the next deal (the rules name its dealer): hidden, cards typed as they are
    played, or known from ``hands`` (each player's six cards, checked as they are played)."""
    starts = [e for e in legal_events(_match(table)) if isinstance(e, DealStarted)]
    if not starts:
        raise TourneyError(no_deal(table))
    return [starts[0] if hands is None else DealStarted(starts[0].dealer, hands)]


def say(table: Table, bid: int | None, player: str | None = None) -> list[Event]:
    """Bid ``bid`` (2-5, 5 = smudge) or pass (None) for ``player`` (default: who is to bid)."""
    who = mover(table, player, "bid")
    return [Passed(who) if bid is None else BidMade(who, bid)]


def play(table: Table, card: Card, player: str | None = None) -> list[Event]:
    """Play ``card`` to the trick for ``player`` (default: who is to play)."""
    return [CardPlayed(mover(table, player, "play"), card)]


def mover(table: Table, player: str | None, what: str) -> str:
    """The player named (by a unique prefix, without case or accents), else the one to
    move; TourneyError when nobody is to ``what`` now."""
    match = _match(table)
    if player is not None:
        found = find(player, match.players)
        return found[0] if len(found) == 1 else player
    if match.to_move is None:
        raise TourneyError(
            _("nobody is to {what} at {id} now: {phase}").format(
                what=what, id=table.id, phase=_phase(table)
            )
        )
    named: str = match.to_move
    return named


def _phase(table: Table) -> str:
    match = table.match
    if match.finished:
        return "the match is over"
    if not match.started:
        return "the match has not started"
    return f"no deal is being played (tourney deal {table.id})"


def no_deal(table: Table) -> str:
    """Why no deal can start now at a Racehorse table."""
    match = _match(table)
    if match.finished:
        return f"cannot deal: {table.id} is over"
    if not match.started:
        return f"cannot deal: {table.id} has not started"
    return f"cannot deal: deal {len(match.deals)} is still being played ({match.to_move} to move)"
