"""The standings read model keeps each line's penalty (issue 32): the match points the
director's penalties take off, beside the match points net of them. Existing lines read
``"0"``; the standings projection's revision is raised with this column, so its rows are
rebuilt once after upgrading.

Revision ID: 0009_standings_penalty
Revises: 0008_standings_prize
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009_standings_penalty"
down_revision: str | None = "0008_standings_prize"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("standings_views") as batch:
        batch.add_column(
            sa.Column("penalty", sa.Text(), nullable=False, server_default=sa.text("'0'"))
        )


def downgrade() -> None:
    with op.batch_alter_table("standings_views") as batch:
        batch.drop_column("penalty")
