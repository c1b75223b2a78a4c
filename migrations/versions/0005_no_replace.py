"""No row of the log can be replaced, the stream registry is append-only too, and the
events a read model could not apply are kept as problems for verify.

SQLite's REPLACE conflict resolution (``INSERT OR REPLACE``, ``REPLACE INTO``) deletes the
conflicting row without firing DELETE triggers (unless recursive triggers are on), so the
append-only triggers of 0001 let ``INSERT OR REPLACE INTO events`` overwrite any event. A
BEFORE INSERT guard refuses any insert that names a stored (stream, version) or position:
such an insert can only replace, never append. (PostgreSQL has no REPLACE; its upsert runs
the UPDATE trigger of 0001.)

`projection_problems`: an event a projection could not apply is recorded here with the
reason, and the projection goes on, so a stored event can never leave the read models
unbuildable; `tourney verify` names them.

Revision ID: 0005_no_replace
Revises: 0004_log_links
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_no_replace"
down_revision: str | None = "0004_log_links"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_SQLITE = [
    """CREATE TRIGGER events_no_replace BEFORE INSERT ON events
        WHEN EXISTS (SELECT 1 FROM events WHERE stream_id = NEW.stream_id
                     AND version = NEW.version)
          OR EXISTS (SELECT 1 FROM events WHERE position = NEW.position)
        BEGIN SELECT RAISE(ABORT, 'events are append-only: INSERT would replace an event');
        END""",
    """CREATE TRIGGER streams_no_update BEFORE UPDATE ON streams
        BEGIN SELECT RAISE(ABORT, 'streams are append-only: UPDATE refused'); END""",
    """CREATE TRIGGER streams_no_delete BEFORE DELETE ON streams
        BEGIN SELECT RAISE(ABORT, 'streams are append-only: DELETE refused'); END""",
]

_POSTGRES = [
    """CREATE FUNCTION streams_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'streams are append-only: % refused', TG_OP; END $$""",
    """CREATE TRIGGER streams_no_update_delete BEFORE UPDATE OR DELETE ON streams
        FOR EACH ROW EXECUTE FUNCTION streams_refuse_change()""",
    """CREATE TRIGGER streams_no_truncate BEFORE TRUNCATE ON streams
        FOR EACH STATEMENT EXECUTE FUNCTION streams_refuse_change()""",
]


def upgrade() -> None:
    op.create_table(
        "projection_problems",
        sa.Column("name", sa.Text(), primary_key=True),
        sa.Column("position", sa.BigInteger(), primary_key=True),
        sa.Column("stream_id", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
    )
    is_sqlite = op.get_bind().dialect.name == "sqlite"
    for statement in _SQLITE if is_sqlite else _POSTGRES:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for name in ("events_no_replace", "streams_no_update", "streams_no_delete"):
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
    else:
        op.execute("DROP TRIGGER IF EXISTS streams_no_update_delete ON streams")
        op.execute("DROP TRIGGER IF EXISTS streams_no_truncate ON streams")
        op.execute("DROP FUNCTION IF EXISTS streams_refuse_change()")
    op.drop_table("projection_problems")
