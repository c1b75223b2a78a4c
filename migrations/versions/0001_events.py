"""The event log: events, stream heads, and the triggers that keep events append-only.

Revision ID: 0001_events
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_events"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_REFUSED = "events are append-only"

_SQLITE_TRIGGERS = [
    f"""CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, '{_REFUSED}: UPDATE refused'); END""",
    f"""CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, '{_REFUSED}: DELETE refused'); END""",
]

_POSTGRES_TRIGGERS = [
    f"""CREATE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION '{_REFUSED}: % refused', TG_OP; END $$""",
    """CREATE TRIGGER events_no_update_delete BEFORE UPDATE OR DELETE ON events
        FOR EACH ROW EXECUTE FUNCTION events_refuse_change()""",
    """CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
        FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_change()""",
]


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column(
            "position",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            primary_key=True,
            autoincrement=True,
        ),
        sa.Column("stream_id", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("type", sa.Text(), nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("recorded_at", sa.Text(), nullable=False),
        sa.Column("recorded_by", sa.Text(), nullable=True),
        sa.Column("command_id", sa.Text(), nullable=True),
        sa.Column("hash", sa.Text(), nullable=False),
        sa.UniqueConstraint("stream_id", "version", name="uq_events_stream_version"),
    )
    # Partial: appends without a command id do not touch this index.
    op.create_index(
        "ix_events_command_id",
        "events",
        ["command_id"],
        sqlite_where=sa.text("command_id IS NOT NULL"),
        postgresql_where=sa.text("command_id IS NOT NULL"),
    )
    op.create_table(
        "streams",
        sa.Column("stream_id", sa.Text(), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("head_hash", sa.Text(), nullable=False),
        # One b-tree instead of a rowid table plus its primary-key index.
        sqlite_with_rowid=False,
    )
    is_sqlite = op.get_bind().dialect.name == "sqlite"
    for statement in _SQLITE_TRIGGERS if is_sqlite else _POSTGRES_TRIGGERS:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS events_no_update")
        op.execute("DROP TRIGGER IF EXISTS events_no_delete")
        op.drop_table("streams")
        op.drop_table("events")
    else:
        op.drop_table("streams")
        op.drop_table("events")
        op.execute("DROP FUNCTION IF EXISTS events_refuse_change()")
