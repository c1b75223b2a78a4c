"""The read models the pages show, read through SQLModel sessions on the very table classes
the migrations are checked against (`tourney.store.models`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from sqlmodel import Session, col, select

from tourney.store.models import MatchViewRow, StandingsViewRow, TournamentViewRow

if TYPE_CHECKING:
    from sqlalchemy import Engine


class MatchLine(NamedTuple):
    """What a board shows of a `match_views` row."""

    match_id: str
    status: str
    scores: list[int]
    hands: int


def match_lines(engine: Engine, match_ids: Iterable[str]) -> dict[str, MatchLine]:
    """The board's columns of the `match_views` rows of ``match_ids``, by match id (only
    the columns shown are read: the board is rendered several times a second under load)."""
    wanted = list(match_ids)
    if not wanted:
        return {}
    query = select(
        MatchViewRow.match_id, MatchViewRow.status, MatchViewRow.scores, MatchViewRow.hands
    ).where(col(MatchViewRow.match_id).in_(wanted))
    with Session(engine) as session:
        return {
            match_id: MatchLine(match_id, status, list(scores), len(hands))
            for match_id, status, scores, hands in session.exec(query)
        }


def standings_rows(engine: Engine, slug: str) -> list[StandingsViewRow]:
    """Tournament ``slug``'s standings lines, in the order they rank."""
    with Session(engine) as session:
        query = (
            select(StandingsViewRow)
            .where(StandingsViewRow.slug == slug)
            .order_by(col(StandingsViewRow.line))
        )
        return list(session.exec(query))


def tournament_row(engine: Engine, slug: str) -> TournamentViewRow | None:
    with Session(engine) as session:
        return session.get(TournamentViewRow, slug)
