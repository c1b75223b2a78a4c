"""The read models the pages show: plain SQL on the store's read connection, as every other
reader of a read model does (`tourney.projections.standings_view.read_standings`,
`tourney.store.verify`). The tables are declared in `tourney.store.models`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

import orjson

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore


def _json(value: Any) -> Any:
    """A JSON column's value: text on SQLite, already decoded by psycopg on PostgreSQL."""
    return orjson.loads(value) if isinstance(value, str | bytes) else value


class MatchLine(NamedTuple):
    """What a board shows of a `match_views` row."""

    match_id: str
    status: str
    scores: list[int]
    hands: int


def match_lines(store: EventStore, match_ids: Iterable[str]) -> dict[str, MatchLine]:
    """The board's columns of the `match_views` rows of ``match_ids``, by match id (only
    the columns shown are read: the board is rendered several times a second under load)."""
    wanted = tuple(match_ids)
    if not wanted:
        return {}
    marks = ", ".join([store.mark] * len(wanted))
    rows = store.fetch_rows(
        f"SELECT match_id, status, scores, hands FROM match_views WHERE match_id IN ({marks})",
        wanted,
    )
    return {
        match_id: MatchLine(match_id, status, list(_json(scores)), len(_json(hands)))
        for match_id, status, scores, hands in rows
    }


class StandingLine(NamedTuple):
    """What a board shows of a `standings_views` row."""

    rank: int
    tied: bool
    name: str
    match_points: str
    played: int
    points_scored: int
    penalty: str = "0"
    """Match points taken off by penalties (`match_points` is net of them)."""


def standings_lines(store: EventStore, slug: str) -> list[StandingLine]:
    """Tournament ``slug``'s standings lines, in the order they rank (the board's columns)."""
    rows = store.fetch_rows(
        "SELECT rank, tied, name, match_points, played, points_scored, penalty "
        f"FROM standings_views WHERE slug = {store.mark} ORDER BY line",
        (slug,),
    )
    return [
        StandingLine(
            rank, bool(tied), name, shown_points(points), played, scored, shown_points(penalty)
        )
        for rank, tied, name, points, played, scored, penalty in rows
    ]


def shown_points(stored: str) -> str:
    """Match points as the read model keeps them (``"3/2"``) as people read them (``1½``)."""
    from fractions import Fraction

    from tourney.tournament.matches import points_text

    return points_text(Fraction(stored))


def place(store: EventStore, slug: str, entrant: str) -> dict[str, Any] | None:
    """Where ``entrant`` stands in tournament ``slug``: rank, tied, points, played, and of
    how many (`/me`); None before the standings list them."""
    mark = store.mark
    rows = store.fetch_rows(
        "SELECT rank, tied, match_points, played, "
        f"(SELECT COUNT(*) FROM standings_views WHERE slug = {mark}) "
        f"FROM standings_views WHERE slug = {mark} AND entrant_id = {mark}",
        (slug, slug, entrant),
    )
    if not rows:
        return None
    rank, tied, points, played, count = rows[0]
    return {
        "rank": rank,
        "tied": bool(tied),
        "points": shown_points(points),
        "played": played,
        "of": count,
    }
