"""Log links instead of per-append stream heads.

Each event now records the event before it in the log (`follows_stream`, `follows_version`),
filled in by the insert itself. `streams` becomes a registry written once, at a stream's
first append, instead of a head row rewritten on every append: on SQLite at
synchronous=FULL that row was one more page in every commit's fsync, 4-5% of the append
rate. What the heads told verify is now told by the links (a stream's last event removed
while later events follow it in the log), the registry (a stream whose every event was
removed) and the projection checkpoints, which now name the last event they applied (the
log's last events removed). Rows appended before this revision have no links.

Revision ID: 0004_log_links
Revises: 0003_tournament_views
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_log_links"
down_revision: str | None = "0003_tournament_views"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The last event of each stream: the head the old `streams` rows held.
_HEADS = (
    "SELECT e.stream_id, e.version, e.hash FROM events AS e JOIN "
    "(SELECT stream_id, MAX(version) AS version FROM events GROUP BY stream_id) AS h "
    "ON e.stream_id = h.stream_id AND e.version = h.version"
)


def upgrade() -> None:
    op.add_column("events", sa.Column("follows_stream", sa.Text(), nullable=True))
    op.add_column("events", sa.Column("follows_version", sa.Integer(), nullable=True))
    op.add_column("projection_checkpoints", sa.Column("stream_id", sa.Text(), nullable=True))
    op.add_column("projection_checkpoints", sa.Column("version", sa.Integer(), nullable=True))
    op.rename_table("streams", "streams_heads")
    op.create_table(
        "streams",
        sa.Column("stream_id", sa.Text(), primary_key=True),
        sqlite_with_rowid=False,
    )
    # Every stream the heads knew, and every stream with events: a stream whose events were
    # all removed before this upgrade stays visible to verify.
    op.execute(
        "INSERT INTO streams (stream_id) SELECT stream_id FROM streams_heads "
        "UNION SELECT stream_id FROM events"
    )
    op.drop_table("streams_heads")


def downgrade() -> None:
    op.rename_table("streams", "streams_registry")
    op.create_table(
        "streams",
        sa.Column("stream_id", sa.Text(), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("head_hash", sa.Text(), nullable=False),
        sqlite_with_rowid=False,
    )
    op.execute(f"INSERT INTO streams (stream_id, version, head_hash) {_HEADS}")
    op.drop_table("streams_registry")
    # Plain ALTER TABLE ... DROP COLUMN on both backends (SQLite has it since 3.35).
    for table, column in (
        ("projection_checkpoints", "version"),
        ("projection_checkpoints", "stream_id"),
        ("events", "follows_version"),
        ("events", "follows_stream"),
    ):
        op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
