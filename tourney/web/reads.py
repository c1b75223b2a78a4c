"""The read models the pages show, read through SQLModel sessions on the very table classes
the migrations are checked against (`tourney.store.models`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from sqlmodel import Session, col, select

from tourney.store.models import MatchViewRow, StandingsViewRow, TournamentViewRow

if TYPE_CHECKING:
    from sqlalchemy import Engine


def match_rows(engine: Engine, match_ids: Iterable[str]) -> dict[str, MatchViewRow]:
    """The `match_views` rows of ``match_ids`` that exist, by match id."""
    wanted = list(match_ids)
    if not wanted:
        return {}
    with Session(engine) as session:
        rows = session.exec(select(MatchViewRow).where(col(MatchViewRow.match_id).in_(wanted)))
        return {row.match_id: row for row in rows}


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
