"""Tournament read models: one `tournament_views` row per tournament stream and its
`standings_views` lines, as the pure tournament core computes them. Like every read model
they hold nothing the events do not: downgrading past this revision drops them (and their
checkpoint), and upgrading again rebuilds them from the events on the next catch-up.

Revision ID: 0003_tournament_views
Revises: 0002_read_models
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_tournament_views"
down_revision: str | None = "0002_read_models"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The checkpoint of `tourney.projections.standings_view.StandingsProjection`: it must go
# with the tables, or an upgrade after a downgrade would find the empty tables "current".
CHECKPOINT = "standings_views"


def upgrade() -> None:
    op.create_table(
        "tournament_views",
        sa.Column("slug", sa.Text(), primary_key=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("format", sa.Text(), nullable=False),
        sa.Column("table_size", sa.Integer(), nullable=False),
        sa.Column("partnerships", sa.Boolean(), nullable=False),
        sa.Column("target", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("rounds_paired", sa.Integer(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("status", sa.Text(), nullable=False),
    )
    op.create_table(
        "standings_views",
        sa.Column("slug", sa.Text(), primary_key=True),
        sa.Column("entrant_id", sa.Text(), primary_key=True),
        sa.Column("line", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("tied", sa.Boolean(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("club", sa.Text(), nullable=True),
        sa.Column("match_points", sa.Text(), nullable=False),
        sa.Column("match_points_float", sa.Float(), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("shared_wins", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
        sa.Column("byes", sa.Integer(), nullable=False),
        sa.Column("buchholz", sa.Text(), nullable=False),
        sa.Column("points_scored", sa.Integer(), nullable=False),
        sa.Column("head_to_head", sa.Text(), nullable=False),
        sa.Column("withdrawn", sa.Boolean(), nullable=False),
    )
    _forget_checkpoint()


def downgrade() -> None:
    op.drop_table("standings_views")
    op.drop_table("tournament_views")
    _forget_checkpoint()


def _forget_checkpoint() -> None:
    op.execute(sa.text(f"DELETE FROM projection_checkpoints WHERE name = '{CHECKPOINT}'"))
