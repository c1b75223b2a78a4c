"""What is appended to the store and what it reads back: plain values shared by the store
and the group commit that batches appends for it, and the two faces of the store its
helpers see (protocols: the store imports its helpers, never the other way round)."""

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from tourney.store.errors import StoreError


class NewEvent(NamedTuple):
    """An event to append (a named tuple, as `StoredEvent`: every command that opens a
    store imports this module, and a frozen dataclass costs ~3 M instructions to define
    on CPython 3.11, a named tuple ~0.5 M). `schema_version` defaults to the registry's
    current version for `type`; give an older one only to store a payload in an older
    shape.

    The payload holds JSON values: strings, integers, finite floats, booleans, None, lists
    and string-keyed mappings (NaN and the infinities are not JSON; orjson, which writes
    payloads, would store them as null)."""

    type: str
    payload: Mapping[str, Any]
    recorded_by: str | None = None
    schema_version: int | None = None


class StoredEvent(NamedTuple):
    """An event as stored, its payload lifted to the current schema version.

    A named tuple rather than a dataclass: reading the log builds one per event, and tuple
    construction is several times cheaper.
    """

    position: int
    stream_id: str
    version: int
    type: str
    payload: dict[str, Any]
    schema_version: int
    recorded_at: str
    recorded_by: str | None
    command_id: str | None
    hash: str

    @property
    def metadata(self) -> dict[str, Any]:
        """What was recorded about the event besides its payload."""
        return {
            "schema_version": self.schema_version,
            "recorded_at": self.recorded_at,
            "recorded_by": self.recorded_by,
            "command_id": self.command_id,
        }


class StreamAppend(NamedTuple):
    """Events for one stream in a multi-stream append; `expected_version` as in `append`."""

    stream_id: str
    events: Sequence[NewEvent]
    expected_version: int | None = None


class AppendRequest(NamedTuple):
    """One append of a batch (`EventStore.append_batch`): `append`'s arguments."""

    stream_id: str
    events: Sequence[NewEvent]
    expected_version: int | None = None
    command_id: str | None = None


class BatchAppender(Protocol):
    """What the group commit appends through (`EventStore.append_batch`): named here, below
    the store, so that the store's own helpers need not import it back."""

    def append_batch(
        self, requests: Sequence[AppendRequest]
    ) -> list[list[StoredEvent] | StoreError]: ...


class HeadReader(Protocol):
    """What failing closed reads the log's tail through (`EventStore`): its parameter
    marker, a stream's version, and the rows of one read-only statement."""

    mark: str

    def stream_version(self, stream_id: str) -> int: ...

    def fetch_rows(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]: ...
