"""The tournament registry: every tournament by slug, display name and creation order, kept
by the database in the transaction that appends its first event.

Finding a tournament used to scan the log: `... WHERE version = 1 AND stream_id LIKE
'tournament-%'` (no index can answer a LIKE that SQLite compares case-insensitively, nor a
version without its stream), then fold every tournament stream to compare display names.
`tournaments` answers those lookups by key: the slug (primary key), the display name
lowered (`name_key`, indexed; the reader compares the exact casefold itself), and the
creation order (`position`, the global position of the `tournament_created` event, unique).

An AFTER INSERT trigger on `events` fills it, so the row is committed exactly when the
event is, whichever writer appended it (a command, a policy, an import, two processes at
once). It is not a read model: `rebuild` leaves it alone (nothing in it can go stale, since
events are never changed), and like `streams` it refuses UPDATE and DELETE. Upgrading
registers the tournaments already stored (one pass over the log).

Revision ID: 0006_tournament_registry
Revises: 0005_no_replace
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006_tournament_registry"
down_revision: str | None = "0005_no_replace"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# `tournament-<slug>` streams (tourney.tournament.streams) begin with `tournament_created`,
# whose payload names the tournament (tourney.tournament.events.TournamentCreated).
_PREFIX = "tournament-"
_SLUG = f"substr({{row}}.stream_id, {len(_PREFIX) + 1})"
_WANTED = (
    "{row}.version = 1 AND {row}.type = 'tournament_created' "
    f"AND substr({{row}}.stream_id, 1, {len(_PREFIX)}) = '{_PREFIX}'"
)
# The display name, read from the payload; the slug if the payload has none.
_NAME = {
    "sqlite": f"coalesce(json_extract({{row}}.payload, '$.name'), {_SLUG})",
    "postgresql": f"coalesce({{row}}.payload::json ->> 'name', {_SLUG})",
}


def _values(dialect: str, row: str) -> str:
    name = _NAME[dialect].format(row=row)
    return f"{_SLUG.format(row=row)}, {name}, lower({name}), {row}.position"


def _sqlite_statements() -> list[str]:
    return [
        f"""CREATE TRIGGER events_register_tournament AFTER INSERT ON events
            WHEN {_WANTED.format(row="NEW")}
            BEGIN
                INSERT OR IGNORE INTO tournaments (slug, name, name_key, position)
                VALUES ({_values("sqlite", "NEW")});
            END""",
        """CREATE TRIGGER tournaments_no_update BEFORE UPDATE ON tournaments
            BEGIN SELECT RAISE(ABORT, 'tournaments are append-only: UPDATE refused'); END""",
        """CREATE TRIGGER tournaments_no_delete BEFORE DELETE ON tournaments
            BEGIN SELECT RAISE(ABORT, 'tournaments are append-only: DELETE refused'); END""",
    ]


def _postgres_statements() -> list[str]:
    return [
        f"""CREATE FUNCTION events_register_tournament() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO tournaments (slug, name, name_key, position)
                VALUES ({_values("postgresql", "NEW")})
                ON CONFLICT DO NOTHING;
                RETURN NULL;
            END $$""",
        f"""CREATE TRIGGER events_register_tournament AFTER INSERT ON events
            FOR EACH ROW WHEN ({_WANTED.format(row="NEW")})
            EXECUTE FUNCTION events_register_tournament()""",
        """CREATE FUNCTION tournaments_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'tournaments are append-only: % refused', TG_OP; END $$""",
        """CREATE TRIGGER tournaments_no_update_delete BEFORE UPDATE OR DELETE ON tournaments
            FOR EACH ROW EXECUTE FUNCTION tournaments_refuse_change()""",
        """CREATE TRIGGER tournaments_no_truncate BEFORE TRUNCATE ON tournaments
            FOR EACH STATEMENT EXECUTE FUNCTION tournaments_refuse_change()""",
    ]


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    op.create_table(
        "tournaments",
        sa.Column("slug", sa.Text(), primary_key=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("name_key", sa.Text(), nullable=False),
        sa.Column("position", sa.BigInteger(), nullable=False),
        sa.UniqueConstraint("position", name="uq_tournaments_position"),
    )
    op.create_index("ix_tournaments_name_key", "tournaments", ["name_key"])
    op.execute(
        "INSERT INTO tournaments (slug, name, name_key, position) "
        f"SELECT {_values(dialect, 'e')} FROM events AS e WHERE {_WANTED.format(row='e')}"
    )
    for statement in _sqlite_statements() if dialect == "sqlite" else _postgres_statements():
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        triggers = ["events_register_tournament", "tournaments_no_update", "tournaments_no_delete"]
        for name in triggers:
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
    else:
        op.execute("DROP TRIGGER IF EXISTS events_register_tournament ON events")
        op.execute("DROP FUNCTION IF EXISTS events_register_tournament()")
        op.execute("DROP TRIGGER IF EXISTS tournaments_no_update_delete ON tournaments")
        op.execute("DROP TRIGGER IF EXISTS tournaments_no_truncate ON tournaments")
        op.execute("DROP FUNCTION IF EXISTS tournaments_refuse_change()")
    op.drop_index("ix_tournaments_name_key", table_name="tournaments")
    op.drop_table("tournaments")
