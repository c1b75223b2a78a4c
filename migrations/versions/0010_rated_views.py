"""Read models for the ratings (issue 33): each tournament's entries (`entry_views`) and its
rated tables (`rated_views`: teams by player id, ranks, the game, the position of each
match's first result), kept by the standings projection beside its other rows, so that
`tourney ratings` reads them instead of folding every tournament of the season. Like every
read model they hold nothing the events do not: the standings projection's revision is
raised with them, so its read model is emptied and rebuilt from the events once after
upgrading; downgrading drops them.

Revision ID: 0010_rated_views
Revises: 0009_standings_penalty
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010_rated_views"
down_revision: str | None = "0009_standings_penalty"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "entry_views",
        sa.Column("slug", sa.Text(), primary_key=True),
        sa.Column("player_id", sa.Text(), primary_key=True),
        sa.Column("line", sa.Integer(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
    )
    op.create_table(
        "rated_views",
        sa.Column("slug", sa.Text(), primary_key=True),
        sa.Column("match_id", sa.Text(), primary_key=True),
        sa.Column("position", sa.BigInteger(), nullable=False),
        sa.Column("game", sa.Text(), nullable=False),
        sa.Column("teams", sa.Text(), nullable=False),
        sa.Column("ranks", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rated_views")
    op.drop_table("entry_views")
