"""Payload versioning: every event type has a schema version, stored with each event, and a
chain of upcasters that lift an old payload one version at a time when it is read.

Stored rows are never rewritten (they are append-only and hash-chained); old payloads are
upgraded in memory on every read instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tourney.i18n import _
from tourney.store.errors import SchemaError

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]

DEFAULT_VERSION = 1


class UpcasterRegistry:
    """Current schema version per event type, and the upcaster from each older version.

    Its upcasters may be registered later, by ``deferred`` (given the registry), the first
    time it is asked about an event outside the streams whose ids start with ``own``: the
    games' upcasters come from their entry points (`tourney.streams.matches.upcasters`),
    and the events of a tournament's stream are tourney's own, which no game lifts, so a
    command that reads only tournaments (`tourney pairings`) reads no entry point. Every
    public method loads them first; the store's reads and appends ask `ready` with the
    streams they touch."""

    def __init__(
        self,
        deferred: Callable[[UpcasterRegistry], None] | None = None,
        own: str | None = None,
    ) -> None:
        self._current: dict[str, int] = {}
        self._steps: dict[tuple[str, int], Upcaster] = {}
        self._deferred = deferred
        self._own = own

    def ready(self, stream_ids: Iterable[str] | None = None) -> None:
        """Register the deferred upcasters (once), unless every one of `stream_ids` (None:
        any stream) starts with `own`."""
        deferred = self._deferred
        if deferred is None:
            return
        own = self._own
        if stream_ids is None or own is None or not all(s.startswith(own) for s in stream_ids):
            self._deferred = None
            deferred(self)

    def current(self, type: str) -> int:
        """The schema version new `type` events are written with (1 unless declared)."""
        self.ready()
        return self._current.get(type, DEFAULT_VERSION)

    def declare(self, type: str, version: int) -> None:
        """Declare that `type` payloads are currently at schema `version`."""
        self.ready()
        self._current[type] = version

    def register(self, type: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
        """Decorator: the function lifts a `type` payload from `from_version` to the next."""

        def add(step: Upcaster) -> Upcaster:
            if (type, from_version) in self._steps:
                raise ValueError(f"upcaster for {type} v{from_version} registered twice")
            self._steps[(type, from_version)] = step
            self._current[type] = max(self.current(type), from_version + 1)
            return step

        return add

    def upcast(self, type: str, version: int, payload: Payload) -> Payload:
        """`payload` of schema `version` lifted to the current version of `type`.

        Raises SchemaError when a step is missing or the version is newer than known.
        """
        self.ready()
        target = self.current(type)
        if version > target:
            raise SchemaError(
                _(
                    "{type} event has schema version {version}, newer than the {target} "
                    "this tourney knows; upgrade tourney"
                ).format(type=type, version=version, target=target)
            )
        while version < target:
            step = self._steps.get((type, version))
            if step is None:
                raise SchemaError(
                    _("no upcaster for {type} events of schema version {version}").format(
                        type=type, version=version
                    )
                )
            payload = step(payload)
            version += 1
        return payload
