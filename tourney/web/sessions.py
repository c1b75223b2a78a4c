"""The director's session: a signed cookie given for the password, that signing out or a
new password ends at once, in every server process on the database.

The cookie is the signed text ``expires:id`` (a random id). Two things end it before its
12 hours are up:

- **a new password**: the signature's purpose holds a hash of the password the server was
  started with, so a cookie signed under another password is not valid here at all (the
  secret file, and with it every table's link, stays as it was);
- **signing out**: a ``director_signed_out`` event naming the session's id is appended to
  the stream ``director-sessions``, which every process on the database reads (by version,
  as the table links' reissues are read) before honouring a session. The database is the
  one place all the processes of the night share (`--workers N`, several `serve` on one
  PostgreSQL database), and its log keeps who signed out when, like every other decision;
  one process's memory would be neither. Only ended sessions are written: a live one needs
  no row, and the list grows by one event per sign-out.
"""

from __future__ import annotations

import hashlib
import threading
import time
from typing import TYPE_CHECKING

from tourney.web.signing import Signer, new_nonce

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore

COOKIE = "tourney_director"
PURPOSE = "director"
HOURS = 12
STREAM = "director-sessions"
SIGNED_OUT = "director_signed_out"


class Sessions:
    """The director's sessions of one server process (its password and its store)."""

    def __init__(self, store: EventStore, signer: Signer, password: str | None) -> None:
        self.store = store
        self.signer = signer
        self.enabled = password is not None
        digest = hashlib.sha256((password or "").encode()).hexdigest()
        self._purpose = f"{PURPOSE}:{digest}"
        self._lock = threading.Lock()
        self._ended: tuple[int, frozenset[str]] = (-1, frozenset())

    def issue(self) -> str:
        """A new session's cookie value (valid for `HOURS`)."""
        expires = int(time.time()) + HOURS * 3600
        return self.signer.sign(self._purpose, f"{expires}:{new_nonce()}")

    def session_id(self, cookie: str | None) -> str | None:
        """The id of the session ``cookie`` carries when it was signed here, under this
        password, and has not expired; None otherwise. Does not look at sign-outs (see
        `current`): what a CSRF token is bound to."""
        if not self.enabled or not cookie:
            return None
        text = self.signer.unsign(self._purpose, cookie)
        if text is None:
            return None
        expires, _, session = text.partition(":")
        if not expires.isdigit() or int(expires) <= time.time() or not session:
            return None
        return session

    def current(self, cookie: str | None) -> str | None:
        """The id of the live session ``cookie`` carries: as `session_id`, and not signed
        out in any process on the database."""
        session = self.session_id(cookie)
        if session is None or session in self._ended_ids():
            return None
        return session

    def end(self, session: str) -> None:
        """Sign ``session`` out, for every process on the database."""
        from tourney.store.eventstore import NewEvent

        if session in self._ended_ids():
            return
        self.store.append(STREAM, [NewEvent(SIGNED_OUT, {"session": session}, "serve:director")])

    def _ended_ids(self) -> frozenset[str]:
        version = self.store.stream_version(STREAM)
        with self._lock:
            seen, ended = self._ended
            if seen != version:
                ended = frozenset(
                    str(e.payload["session"])
                    for e in self.store.read_stream(STREAM)
                    if e.type == SIGNED_OUT
                )
                self._ended = (version, ended)
            return ended
