"""The standings read model keeps what each place wins (`tournament create --prizes`).

`standings_views.prize` is the prize of the entrant's place as exact text (``"25.00"``),
NULL when the place wins none. The projection's revision goes up with it, so the rows an
older version wrote are rebuilt once with the column filled.

Revision ID: 0008_standings_prize
Revises: 0007_projection_revisions
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008_standings_prize"
down_revision: str | None = "0007_projection_revisions"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("standings_views") as batch:
        batch.add_column(sa.Column("prize", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("standings_views") as batch:
        batch.drop_column("prize")
