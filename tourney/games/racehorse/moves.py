"""The moves of a Racehorse table as the scorer's desk records them: deal the next deal, bid
or pass in the auction, play a card. The one-shot commands (`tourney deal`, `bid`, `pass`,
`play`) and the table page of `tourney serve` both record through these, so a table page
and a terminal take and refuse exactly the same things.

Each takes the version the scorer saw (``at``) and the submission's id (``command_id``: a
retry records once); the engine decides, through `Desk.append_events`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.errors import TourneyError
from tourney.games import RACEHORSE

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tourney.games.cards import Card
    from tourney.scorer.desk import Desk, Recorded

    Hands = Mapping[str, tuple[Card, ...]]


def check_cards(desk: Desk, command: str) -> None:
    """Refuse ``command`` (its name, for the message) at a table that is not Racehorse, or
    at a match not started (which has no game yet)."""
    desk.check_started(RACEHORSE)
    if desk.game.name != RACEHORSE:
        raise TourneyError(
            f"{desk.id} is a {desk.game.title} match: `tourney {command}` is for Racehorse tables"
        )


def deal(
    desk: Desk,
    hands: Hands | None = None,
    *,
    at: int | None = None,
    command_id: str | None = None,
) -> list[Recorded]:
    """Start the next deal (the rules name its dealer): hidden, cards typed as they are
    played, or known from ``hands`` (each player's six cards, checked as they are played)."""
    from tourney.games.cards import DealStarted

    starts = [e for e in desk.game.legal_moves(desk.match) if isinstance(e, DealStarted)]
    if not starts:
        raise TourneyError(no_deal(desk))
    dealt = starts[0] if hands is None else DealStarted(starts[0].dealer, hands)
    return desk.append_events(lambda: [dealt], at=at, command_id=command_id)


def say(
    desk: Desk,
    bid: int | None,
    player: str | None = None,
    *,
    at: int | None = None,
    command_id: str | None = None,
) -> list[Recorded]:
    """Bid ``bid`` (2-5, 5 = smudge) or pass (None) for ``player`` (default: who is to bid)."""
    from tourney.games.cards import BidMade, Passed

    who = mover(desk, player, "bid")
    said = Passed(who) if bid is None else BidMade(who, bid)
    return desk.append_events(lambda: [said], at=at, command_id=command_id)


def play(
    desk: Desk,
    card: Card,
    player: str | None = None,
    *,
    at: int | None = None,
    command_id: str | None = None,
) -> list[Recorded]:
    """Play ``card`` to the trick for ``player`` (default: who is to play)."""
    from tourney.games.cards import CardPlayed

    played = CardPlayed(mover(desk, player, "play"), card)
    return desk.append_events(lambda: [played], at=at, command_id=command_id)


def mover(desk: Desk, player: str | None, what: str) -> str:
    """The player named (by a unique prefix, without case or accents), else the one to
    move; TourneyError when nobody is to ``what`` now."""
    from tourney.names import find

    if player is not None:
        found = find(player, desk.match.players)
        return found[0] if len(found) == 1 else player
    if desk.match.to_move is None:
        raise TourneyError(f"nobody is to {what} at {desk.id} now: {_phase(desk)}")
    named: str = desk.match.to_move
    return named


def _phase(desk: Desk) -> str:
    match = desk.match
    if match.finished:
        return "the match is over"
    if not match.started:
        return "the match has not started"
    return f"no deal is being played (tourney deal {desk.id})"


def no_deal(desk: Desk) -> str:
    """Why no deal can start now at a Racehorse table."""
    match = desk.match
    if match.finished:
        return f"cannot deal: {desk.id} is over"
    if not match.started:
        return f"cannot deal: {desk.id} has not started"
    return f"cannot deal: deal {len(match.deals)} is still being played ({match.to_move} to move)"
