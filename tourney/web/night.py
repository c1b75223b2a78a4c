"""The server's hold on one database: the newest tournament, its latest round, the table
links, and one scorer's desk per match kept warm between requests.

Everything is read from the store on demand (a cheap version check decides whether a cached
fold or desk is still current), so several server processes on one database each see what
the others recorded.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.director.desk import DirectorDesk, Loaded
from tourney.i18n import _
from tourney.scorer.desk import Desk
from tourney.tournament.streams import tournament_stream
from tourney.web.signing import Signer
from tourney.web.tokens import (
    REISSUED,
    TableToken,
    TokenRefused,
    check_current,
    generations,
    read_token,
    tokens_stream,
)

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore
    from tourney.tournament.events import PairedTable

SLUGS_TTL = 2.0  # seconds a list of tournaments is trusted (a new one is rare)


@dataclass(frozen=True, slots=True)
class Table:
    """A table of the latest round: its number, match id and seats (names)."""

    number: int
    match_id: str
    seats: tuple[str, ...]


class Night:
    """The tournament served from a store (the one ``tournament`` names, by name or slug;
    else the newest), as the web layer needs it."""

    def __init__(self, store: EventStore, signer: Signer, tournament: str | None = None) -> None:
        self.store = store
        self.signer = signer
        self.director = DirectorDesk(store, recorded_by="serve:director")
        self.chosen = None if tournament is None else self.director.resolve(tournament)
        """The slug `serve --tournament` chose (TourneyError at start if there is none)."""
        self._lock = threading.Lock()
        self._slugs: tuple[float, list[str]] = (0.0, [])
        self._loaded: Loaded | None = None
        self._generations: tuple[str, int, dict[tuple[int, int], int]] = ("", -1, {})
        self._desks: dict[str, tuple[Desk, threading.Lock]] = {}
        self._tables: tuple[Loaded | None, list[Table]] = (None, [])

    # -- the tournament --------------------------------------------------------------------

    def slug(self) -> str | None:
        """The served tournament's slug: the chosen one, else the newest (what the CLI's
        commands default to), or None."""
        if self.chosen is not None:
            return self.chosen
        at, slugs = self._slugs
        if time.monotonic() - at > SLUGS_TTL or not slugs:
            slugs = self.director.slugs()
            self._slugs = (time.monotonic(), slugs)
        return slugs[-1] if slugs else None

    def loaded(self) -> Loaded | None:
        """The served tournament folded up to its stream's head (cached per version)."""
        slug = self.slug()
        if slug is None:
            return None
        cached = self._loaded
        version = self.store.stream_version(tournament_stream(slug))
        if cached is not None and cached.slug == slug and cached.version == version:
            return cached
        loaded = self.director.load(slug)
        self._loaded = loaded
        return loaded

    def tables(self, loaded: Loaded) -> list[Table]:
        """The tables of the latest round (deciding matches of that round included)."""
        cached = self._tables
        if cached[0] is loaded:
            return cached[1]
        tables = _tables(loaded)
        self._tables = (loaded, tables)
        return tables

    # -- table links -----------------------------------------------------------------------

    def generations(self, slug: str) -> dict[tuple[int, int], int]:
        stream = tokens_stream(slug)
        version = self.store.stream_version(stream)
        cached_slug, cached_version, counts = self._generations
        if cached_slug != slug or cached_version != version:
            counts = generations(self.store.read_stream(stream))
            self._generations = (slug, version, counts)
        return counts

    def token(self, loaded: Loaded, table: int) -> str:
        """The current link token of ``table`` in the latest round."""
        number = len(loaded.state.rounds)
        generation = self.generations(loaded.slug).get((number, table), 0)
        pairing = _pairing(loaded, number)
        return TableToken(loaded.slug, number, table, generation, pairing).sign(self.signer)

    def authorise(self, signed: str) -> tuple[TableToken, Table]:
        """The token and the table a link authorises; TokenRefused (saying why) if none."""
        token = read_token(self.signer, signed)
        loaded = self.loaded()
        tables = self.tables(loaded) if loaded is not None else []
        number = len(loaded.state.rounds) if loaded is not None else 0
        generation = self.generations(token.slug).get((token.round, token.table), 0)
        check_current(
            token,
            loaded.slug if loaded is not None else None,
            number,
            [t.number for t in tables],
            generation,
            _pairing(loaded, token.round) if loaded is not None else 0,
        )
        table = next(t for t in tables if t.number == token.table)
        return token, table

    def reissue(self, table: int) -> str:
        """Revoke ``table``'s link in the latest round and return its new token."""
        from tourney.errors import TourneyError
        from tourney.store.eventstore import NewEvent

        loaded = self.loaded()
        if loaded is None or not loaded.state.rounds:
            raise TourneyError(_("no round is paired: there is no table link to reissue"))
        if table not in [t.number for t in self.tables(loaded)]:
            raise TourneyError(
                _("round {number} has no table {table}").format(
                    number=len(loaded.state.rounds), table=table
                )
            )
        payload = {"round": len(loaded.state.rounds), "table": table}
        self.store.append(
            tokens_stream(loaded.slug), [NewEvent(REISSUED, payload, "serve:director")]
        )
        return self.token(loaded, table)

    # -- scorers' desks --------------------------------------------------------------------

    @contextmanager
    def at_table(self, signed: str) -> Iterator[tuple[Table, Desk]]:
        """The table link ``signed`` authorises and its match's desk (see `authorise`)."""
        token, table = self.authorise(signed)
        with self.desk(table.match_id, f"table {token.table}") as desk:
            yield table, desk

    @contextmanager
    def desk(self, match_id: str, recorded_by: str) -> Iterator[Desk]:
        """The desk of ``match_id``, caught up with the stream, held by this request alone."""
        with self._lock:
            entry = self._desks.get(match_id)
            if entry is None:
                desk = Desk(self.store, match_id, recorded_by)
                entry = (desk, threading.Lock())
                self._desks[match_id] = entry
        desk, lock = entry
        with lock:
            desk.recorded_by = recorded_by
            desk.refresh()
            yield desk


def _pairing(loaded: Loaded, number: int) -> int:
    """How often round ``number`` was removed (`RoundRemoved`): its seating's count, which
    a table link carries so that no link of an earlier seating records on this one."""
    return sum(1 for removed in loaded.state.removed_rounds if removed.round == number)


def _tables(loaded: Loaded) -> list[Table]:
    state = loaded.state
    if not state.rounds:
        return []
    latest = state.rounds[-1]
    paired: list[PairedTable] = list(latest.tables)
    paired += [d.table for d in state.deciding if d.round == latest.round]
    return [
        Table(t.number, t.match_id, tuple(state.players[p].name for p in t.seats)) for t in paired
    ]


__all__ = ["Night", "Table", "TokenRefused"]
