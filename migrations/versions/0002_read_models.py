"""Read models: projection checkpoints and the match view. They hold nothing that the events
do not: downgrading past this revision drops them, and upgrading again rebuilds them.

Revision ID: 0002_read_models
Revises: 0001_events
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_read_models"
down_revision: str | None = "0001_events"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "projection_checkpoints",
        sa.Column("name", sa.Text(), primary_key=True),
        sa.Column("position", sa.BigInteger(), nullable=False),
    )
    op.create_table(
        "match_views",
        sa.Column("match_id", sa.Text(), primary_key=True),
        sa.Column("stream_id", sa.Text(), nullable=False, unique=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("status", sa.Text(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("sides", sa.JSON(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("winners", sa.JSON(), nullable=False),
        sa.Column("hands", sa.JSON(), nullable=False),
        sa.Column("to_move", sa.Text(), nullable=True),
        sa.Column("layout", sa.JSON(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("match_views")
    op.drop_table("projection_checkpoints")
