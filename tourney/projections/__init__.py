"""The read models and policies of tourney, and opening a store with them attached.

A new projection is added to `default_projections`; its tables come from a migration.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tourney.store.eventstore import EventStore, StoredEvent
from tourney.store.projector import Projection, Projector


def default_projections() -> list[Projection]:
    """Every projection tourney keeps, in the order they catch up."""
    from tourney.policies.results import ResultPolicy
    from tourney.projections.match_view import MatchProjection
    from tourney.projections.standings_view import StandingsProjection

    # The result policy reads the match read model's rows: it runs after it.
    return [MatchProjection(), StandingsProjection(), ResultPolicy()]


def open_store(
    db: str | None = None, *, create: bool = True, reads_only: bool = False
) -> tuple[EventStore, Projector]:
    """The store at `db` (`--db`, else $TOURNEY_DATABASE_URL, else ./tourney.db), upgraded
    to the current schema, with every projection caught up and kept current after each
    append. Raises StoreError subclasses with one-line messages (NoDatabaseError, with
    `create` False, where there is no tourney database: none is made).

    With `reads_only` (a command that only reads: `show`, `standings`...), nothing is
    written, not even a catch-up of the read models (which such a command does not read:
    it folds the events), so that it works on a full disk or a read-only file."""
    from tourney.streams.matches import upcasters

    store = EventStore.from_url(db, create=create, reads_only=reads_only, registry=upcasters())
    if reads_only:
        try:
            projector = Projector(store, default_projections())
            if not projector.current():
                _catch_up_if_it_can(db, store)
        except BaseException:
            store.close()
            raise
        return store, projector
    try:
        projector = Projector(store, default_projections()).attach()
        if not projector.current():  # asked on the store's reader: no connection to open
            projector.catch_up()
    except BaseException:
        store.close()
        raise
    return store, projector


def remembering(projector: Projector) -> Callable[[str, Sequence[StoredEvent], Any], None]:
    """What a command that folds whole tournament streams tells of each (`DirectorDesk`'s
    `folded`): the standings read model keeps the state, and the catch-up after the
    command's append folds only the events appended (`StandingsProjection.remember`)."""
    from tourney.projections.standings_view import StandingsProjection

    kept = [p for p in projector.projections if isinstance(p, StandingsProjection)]

    def remember(stream_id: str, stored: Sequence[StoredEvent], state: Any) -> None:
        for projection in kept:
            projection.remember(stream_id, stored, state)

    return remember


def _catch_up_if_it_can(db: str | None, store: EventStore) -> None:
    """For a command that only reads, with read models behind (or written by an older
    tourney): catch them up through a store that writes, as every command does (the
    result policy posts what tables finished); where nothing can be written (a full disk,
    a read-only file), say so and read on (such a command folds the events; a result not
    posted yet is missing)."""
    from tourney.store.errors import SchemaError, StoreError

    try:
        writer, _projector = open_store(db, create=False)
    except SchemaError:
        raise  # written by a newer tourney: refused, as for every command
    except StoreError as exc:
        store.warnings.append(
            f"the read models are behind and cannot catch up here ({exc}); a table's result "
            "not posted yet is missing until a command can write"
        )
        return
    writer.close()
    store.warnings.extend(writer.warnings)
