"""Each read model's checkpoint records the revision of the code that wrote its rows.

A read model's rows are what one version of tourney computed from the events. When a later
version computes them differently (a tie-break fixed, a column added to what a row means),
the rows a long-lived database already holds stay as the old code wrote them until someone
thinks of `tourney rebuild`: standings showing an old Buchholz beside new matches.
`projection_checkpoints.revision` is the `revision` of the projection whose rows the
checkpoint covers; the projector empties and rebuilds a read model whose stored revision is
not its code's (`tourney.store.projector.Projector.catch_up`). Checkpoints written before
this revision existed are revision 1: every read model whose code is past 1 is rebuilt once
after upgrading.

Revision ID: 0007_projection_revisions
Revises: 0006_tournament_registry
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007_projection_revisions"
down_revision: str | None = "0006_tournament_registry"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("projection_checkpoints") as batch:
        batch.add_column(
            sa.Column("revision", sa.Integer(), nullable=False, server_default=sa.text("1"))
        )


def downgrade() -> None:
    with op.batch_alter_table("projection_checkpoints") as batch:
        batch.drop_column("revision")
