"""The read models and policies of tourney, and opening a store with them attached.

A new projection is added to `default_projections`; its tables come from a migration.
"""

from __future__ import annotations

from tourney.store.eventstore import EventStore
from tourney.store.projector import Projection, Projector


def default_projections() -> list[Projection]:
    """Every projection tourney keeps, in the order they catch up."""
    from tourney.policies.results import ResultPolicy
    from tourney.projections.match_view import MatchProjection
    from tourney.projections.standings_view import StandingsProjection

    # The result policy reads the match read model's rows: it runs after it.
    return [MatchProjection(), StandingsProjection(), ResultPolicy()]


def open_store(db: str | None = None, *, create: bool = True) -> tuple[EventStore, Projector]:
    """The store at `db` (`--db`, else $TOURNEY_DATABASE_URL, else ./tourney.db), upgraded
    to the current schema, with every projection caught up and kept current after each
    append. Raises StoreError subclasses with one-line messages (NoDatabaseError, with
    `create` False, where there is no tourney database: none is made)."""
    from tourney.streams.matches import upcasters

    store = EventStore.from_url(db, create=create, registry=upcasters())
    try:
        projector = Projector(store, default_projections()).attach()
        projector.catch_up()
    except BaseException:
        store.close()
        raise
    return store, projector
