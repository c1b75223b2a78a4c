"""SQLModel tables of the store. The schema itself is made only by the alembic migrations in
`migrations/`; these classes describe it for queries, and a test checks that they agree.

JSON columns of read models use `sqlalchemy.JSON` (text on SQLite, `json` on PostgreSQL). The
event payload is plain text on both backends: the hash chain covers its exact characters.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    Text,
    UniqueConstraint,
    text,
)
from sqlmodel import Field, SQLModel

# SQLite makes `INTEGER PRIMARY KEY` the rowid; BIGINT would not be.
PositionType = BigInteger().with_variant(Integer(), "sqlite")


class EventRow(SQLModel, table=True):
    """One stored event: append-only, refused UPDATE and DELETE by triggers."""

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("stream_id", "version", name="uq_events_stream_version"),
        Index(
            "ix_events_command_id",
            "command_id",
            sqlite_where=text("command_id IS NOT NULL"),
            postgresql_where=text("command_id IS NOT NULL"),
        ),
    )

    position: int | None = Field(
        default=None, sa_column=Column(PositionType, primary_key=True, autoincrement=True)
    )
    stream_id: str = Field(sa_column=Column(Text, nullable=False))
    version: int = Field(sa_column=Column(Integer, nullable=False))
    type: str = Field(sa_column=Column(Text, nullable=False))
    schema_version: int = Field(sa_column=Column(Integer, nullable=False))
    payload: str = Field(sa_column=Column(Text, nullable=False))
    recorded_at: str = Field(sa_column=Column(Text, nullable=False))
    recorded_by: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    command_id: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    hash: str = Field(sa_column=Column(Text, nullable=False))
    # The event before this one in the log, written by the insert (see verify); None for the
    # log's first event and for events appended before revision 0004.
    follows_stream: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    follows_version: int | None = Field(default=None, sa_column=Column(Integer, nullable=True))


class StreamRow(SQLModel, table=True):
    """Every stream, registered by its first append: lets verify see a stream whose every
    event was removed. (A stream's head is its last event.)"""

    __tablename__ = "streams"
    __table_args__ = {"sqlite_with_rowid": False}

    stream_id: str = Field(sa_column=Column(Text, primary_key=True))


class TournamentRow(SQLModel, table=True):
    """Every tournament by slug, display name (and its lowered key) and creation order (the
    position of its `tournament_created` event): written by a trigger on `events` in the
    append's own transaction, never by a projection (see migration 0006)."""

    __tablename__ = "tournaments"
    __table_args__ = (
        UniqueConstraint("position", name="uq_tournaments_position"),
        Index("ix_tournaments_name_key", "name_key"),
    )

    slug: str = Field(sa_column=Column(Text, primary_key=True))
    name: str = Field(sa_column=Column(Text, nullable=False))
    name_key: str = Field(sa_column=Column(Text, nullable=False))
    position: int = Field(sa_column=Column(BigInteger, nullable=False))


class CheckpointRow(SQLModel, table=True):
    """The last global position a projection applied, committed with its read-model rows,
    and the stream and version of the event there (verify's witness of the log's end)."""

    __tablename__ = "projection_checkpoints"

    name: str = Field(sa_column=Column(Text, primary_key=True))
    position: int = Field(sa_column=Column(BigInteger, nullable=False))
    stream_id: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    version: int | None = Field(default=None, sa_column=Column(Integer, nullable=True))
    # The `revision` of the projection code that wrote the rows (migration 0007).
    revision: int = Field(
        default=1, sa_column=Column(Integer, nullable=False, server_default=text("1"))
    )


class ProjectionProblemRow(SQLModel, table=True):
    """An event a projection could not apply: kept with the reason, for verify to name,
    while the projection goes on past it."""

    __tablename__ = "projection_problems"

    name: str = Field(sa_column=Column(Text, primary_key=True))
    position: int = Field(sa_column=Column(BigInteger, primary_key=True))
    stream_id: str = Field(sa_column=Column(Text, nullable=False))
    version: int = Field(sa_column=Column(Integer, nullable=False))
    message: str = Field(sa_column=Column(Text, nullable=False))


class MatchViewRow(SQLModel, table=True):
    """The match read model: one row per match stream, computed by the rules engine."""

    __tablename__ = "match_views"

    match_id: str = Field(sa_column=Column(Text, primary_key=True))
    stream_id: str = Field(sa_column=Column(Text, nullable=False, unique=True))
    version: int = Field(sa_column=Column(Integer, nullable=False))
    status: str = Field(sa_column=Column(Text, nullable=False))
    players: list[str] = Field(sa_column=Column(JSON, nullable=False))
    sides: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    scores: list[int] = Field(sa_column=Column(JSON, nullable=False))
    winners: list[int] = Field(sa_column=Column(JSON, nullable=False))
    hands: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    to_move: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    layout: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))


class TournamentViewRow(SQLModel, table=True):
    """The tournament read model: one row per `tournament-<slug>` stream, from its fold."""

    __tablename__ = "tournament_views"

    slug: str = Field(sa_column=Column(Text, primary_key=True))
    name: str = Field(sa_column=Column(Text, nullable=False))
    format: str = Field(sa_column=Column(Text, nullable=False))
    table_size: int = Field(sa_column=Column(Integer, nullable=False))
    partnerships: bool = Field(sa_column=Column(Boolean, nullable=False))
    target: int = Field(sa_column=Column(Integer, nullable=False))
    rounds: int = Field(sa_column=Column(Integer, nullable=False))
    rounds_paired: int = Field(sa_column=Column(Integer, nullable=False))
    players: int = Field(sa_column=Column(Integer, nullable=False))
    status: str = Field(sa_column=Column(Text, nullable=False))


class StandingsViewRow(SQLModel, table=True):
    """One line of a tournament's standings, in the order `line` (0 first) the standings
    list them; fractions as exact text ("7/2") as in `StandingRow.to_dict`."""

    __tablename__ = "standings_views"

    slug: str = Field(sa_column=Column(Text, primary_key=True))
    entrant_id: str = Field(sa_column=Column(Text, primary_key=True))
    line: int = Field(sa_column=Column(Integer, nullable=False))
    rank: int = Field(sa_column=Column(Integer, nullable=False))
    tied: bool = Field(sa_column=Column(Boolean, nullable=False))
    name: str = Field(sa_column=Column(Text, nullable=False))
    club: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    match_points: str = Field(sa_column=Column(Text, nullable=False))
    match_points_float: float = Field(sa_column=Column(Float, nullable=False))
    played: int = Field(sa_column=Column(Integer, nullable=False))
    wins: int = Field(sa_column=Column(Integer, nullable=False))
    shared_wins: int = Field(sa_column=Column(Integer, nullable=False))
    losses: int = Field(sa_column=Column(Integer, nullable=False))
    byes: int = Field(sa_column=Column(Integer, nullable=False))
    buchholz: str = Field(sa_column=Column(Text, nullable=False))
    points_scored: int = Field(sa_column=Column(Integer, nullable=False))
    head_to_head: str = Field(sa_column=Column(Text, nullable=False))
    withdrawn: bool = Field(sa_column=Column(Boolean, nullable=False))
    prize: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    """What the place wins, ``"25.00"`` (`tourney.tournament.standings.prizes`); NULL: no prize."""
    penalty: str = Field(
        default="0", sa_column=Column(Text, nullable=False, server_default=text("'0'"))
    )


class EntryViewRow(SQLModel, table=True):
    """A tournament's entries as the season reads them: each player registered (removed
    registrations left out), `line` its place in registration order (0 first)."""

    __tablename__ = "entry_views"

    slug: str = Field(sa_column=Column(Text, primary_key=True))
    player_id: str = Field(sa_column=Column(Text, primary_key=True))
    line: int = Field(sa_column=Column(Integer, nullable=False))
    name: str = Field(sa_column=Column(Text, nullable=False))


class RatedViewRow(SQLModel, table=True):
    """A tournament's rated table (`tourney.season.ratings.rated_tables`): its teams by
    player id and their ranks (JSON text), the game, and the log position of the match's
    first result (the ratings' order)."""

    __tablename__ = "rated_views"

    slug: str = Field(sa_column=Column(Text, primary_key=True))
    match_id: str = Field(sa_column=Column(Text, primary_key=True))
    position: int = Field(sa_column=Column(BigInteger, nullable=False))
    game: str = Field(sa_column=Column(Text, nullable=False))
    teams: str = Field(sa_column=Column(Text, nullable=False))
    ranks: str = Field(sa_column=Column(Text, nullable=False))
