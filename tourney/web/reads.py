"""The read models the pages show, read through SQLModel sessions on the very table classes
the migrations are checked against (`tourney.store.models`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from tourney.store.models import MatchViewRow, StandingsViewRow

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


class StandingLine(NamedTuple):
    """What a board shows of a `standings_views` row."""

    rank: int
    tied: bool
    name: str
    match_points: str
    played: int
    points_scored: int


def standings_lines(engine: Engine, slug: str) -> list[StandingLine]:
    """Tournament ``slug``'s standings lines, in the order they rank (the board's columns)."""
    row = StandingsViewRow
    shown = (row.rank, row.tied, row.name, row.match_points, row.played, row.points_scored)
    # SQLAlchemy's select: SQLModel's typed one takes at most four columns.
    query = (
        sa_select(*(col(column) for column in shown))
        .where(col(row.slug) == slug)
        .order_by(col(row.line))
    )
    with Session(engine) as session:
        return [StandingLine(*values) for values in session.execute(query)]
