"""The room's commands on the director's desk: the round clock, a match stopped by time
(its scores read from the table's stream), the calls from the tables. The CLI's
``tourney clock`` and the director's page both come here, with the server's ``now``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from tourney.director.desk import DirectorDesk, Loaded
from tourney.streams.matches import match_stream, stream_game
from tourney.tournament.events import TournamentEvent
from tourney.tournament.state import TournamentState


def server_now() -> datetime:
    """The one clock every clock action and every page reads: this machine's, in UTC."""
    return datetime.now(UTC)


def clock_action(
    director: DirectorDesk,
    slug: str,
    decide: Callable[[TournamentState, datetime], Sequence[TournamentEvent]],
    now: datetime | None = None,
) -> tuple[Loaded, list[TournamentEvent]]:
    """A clock command decided at ``now`` (default: the server's time) and appended."""
    moment = now or server_now()
    return director.execute(slug, lambda state: decide(state, moment))


BETWEEN = frozenset({"NOT_STARTED", "BETWEEN_HANDS", "BETWEEN_DEALS", "OVER"})
"""The phases of either game's match in which no hand (deal) is being played."""


def current_scores(director: DirectorDesk, match_id: str) -> tuple[tuple[int, ...], bool]:
    """A table's scores per side as its stream stands (the hand in progress included), and
    whether a hand (deal) is being played."""
    stored = list(director.store.read_stream(match_stream(match_id)))
    match, _events, _version = director.replay_match(match_id)
    phase = getattr(getattr(match, "phase", None), "name", "NOT_STARTED")
    return tuple(stream_game(stored).result(match).scores), phase not in BETWEEN


def stop_by_time(
    director: DirectorDesk, slug: str, match_id: str, now: datetime | None = None
) -> tuple[Loaded, list[TournamentEvent]]:
    """Stop ``match_id`` when its time is up: decided from its scores as they stand, by
    the tournament's end-of-time rule, the table's stream closed in the same transaction."""
    from tourney.tournament.room.clock import decide_stop_by_time

    scores, mid_hand = current_scores(director, match_id)
    moment = now or server_now()
    return director.rule(
        slug, lambda state: decide_stop_by_time(state, match_id, scores, moment, mid_hand)
    )
