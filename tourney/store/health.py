"""Failing closed: a store that can no longer write safely stops acknowledging.

`tourney serve` holds its database for hours. When the disk reports an I/O error, or the
SQLite file or its write-ahead log is deleted or replaced under it, SQLite may go on
committing into a file nobody will read again (its connection keeps the deleted -wal open,
and what it commits there vanishes when it closes). Every move would be acknowledged, then
lost. So a store fails closed (`EventStore.fail_closed`, what `serve` calls):

- any I/O error the database reports, writing or reading (`storage_failure`: SQLite's
  IOERR, CORRUPT, NOTADB and READONLY_DBMOVED; PostgreSQL's class 58 and XX001/XX002),
  puts it in the failed state;
- on SQLite it compares the identity of the database file and of its -wal (device and
  inode from `os.stat`, which Windows fills too) with those it opened, before each append
  and again after the commit, before the append returns (`FileWatch`);
- as it fails, what the store's own open connection still sees -- the database with the
  committed pages of its -wal, deleted or not -- is copied into a new file beside the
  database (`save_what_is_seen`: ``tourney.saved-20261201-213105.db``, a name no file has, so
  nothing is overwritten), and the failure's one line says where;
- once failed, every append is refused (`StorageFailedError`, which `serve` answers with
  503) before the database is touched, until the process is restarted.

A full disk (`DiskFullError`, 507 from `serve`) refuses the append and nothing more: the
transaction was rolled back whole, and a later one may find room.

`tourney verify` cannot see a tail of the log that is gone whole (a deleted -wal, a power
cut at synchronous=NORMAL): no later event is left to link to it. So the server keeps the
last event it acknowledged in a small file of its own beside the database
(`acknowledged_file`: ``tourney.db.acknowledged.json``), written after each commit and
before the answer; `verify`, and `serve` as it starts, hold the log against it
(`lost_tail`). PostgreSQL commits are durable before they are acknowledged (fsync on), and
several servers share one: no such file is kept there.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from tourney.i18n import _, ngettext
from tourney.store.errors import DiskFullError, StorageFailedError, StoreError, storage_failure
from tourney.store.reading import short

if TYPE_CHECKING:
    from tourney.store.appends import HeadReader, StoredEvent

ACKNOWLEDGED_SUFFIX = ".acknowledged.json"
# Each record is padded to this size and written over the last at the start of the file in
# one write: no rename (Windows refuses to replace a file another process has open), no
# truncation (two worker processes may write in turn).
RECORD_SIZE = 512


def failed_message(reason: str, saved: str = "") -> str:
    """The one line a failed store answers every append with (`saved`: where what it still
    saw was copied, or why it could not be)."""
    if saved:
        return _(
            "the database can no longer be written safely: {reason}; {saved}; stop the "
            "server and run tourney verify"
        ).format(reason=reason, saved=saved)
    return _(
        "the database can no longer be written safely: {reason}; stop the server and run "
        "tourney verify"
    ).format(reason=reason)


def save_what_is_seen(connection: Any, database: str) -> str:
    """Copy what the open SQLite `connection` sees into a new file beside `database` (its
    -wal may be deleted: the connection holds it open, and its committed pages with it);
    the clause that says where, or why nothing could be saved. (On Windows a file a
    process holds open cannot be deleted, so there the -wal is not lost this way; the copy
    is made just the same when the store fails otherwise.)"""
    from tourney.store.sqlite_copy import copy_from

    folder, name = os.path.split(database)
    stem, suffix = os.path.splitext(name)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(1, 100):
        extra = f"-{attempt}" if attempt > 1 else ""
        path = os.path.join(folder, f"{stem}.saved-{stamp}{extra}{suffix or '.db'}")
        try:
            # Created here, exclusively: a file tourney did not write is never replaced.
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            continue
        except OSError as exc:
            return _("what it still held could not be saved ({reason})").format(
                reason=f"{path}: {exc.strerror or exc}"
            )
        try:
            copy_from(connection, Path(path))
        except Exception as exc:  # said in the failure's line, never raised
            with contextlib.suppress(OSError):
                os.unlink(path)
            reason = " ".join(str(exc).split()) or type(exc).__name__
            return _("what it still held could not be saved ({reason})").format(reason=reason)
        return _("every event it still held is saved in {path}").format(path=path)
    return _("what it still held could not be saved ({reason})").format(
        reason=_("no free name beside the database")
    )


def _identity(path: str) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


class FileWatch:
    """The identities of a SQLite database file and its write-ahead log, as opened. (A
    file that replaced one cannot take its inode: SQLite holds the old one open.)"""

    def __init__(self, path: str) -> None:
        self.files: dict[str, tuple[int, int]] = {}
        for name in (path, path + "-wal"):
            identity = _identity(name)
            if identity is not None:
                self.files[name] = identity

    def changed(self) -> str | None:
        """What happened to a watched file since it was opened (None: nothing)."""
        for name, opened in self.files.items():
            now = _identity(name)
            if now is None:
                return _("{file} was deleted while the server had it open").format(file=name)
            if now != opened:
                return _("{file} was replaced by another file while the server had it open").format(
                    file=name
                )
        return None


def acknowledged_file(database: str) -> Path:
    """The file beside SQLite database ``database`` naming the last event `serve`
    acknowledged."""
    return Path(database + ACKNOWLEDGED_SUFFIX)


class AcknowledgedHead:
    """The acknowledged-head file, kept open by a server and written over after each
    commit (not flushed to disk: it is there to outlive the process and the -wal, not a
    power cut)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0)
        self._fd = os.open(path, flags, 0o644)

    def write(self, event: StoredEvent) -> None:
        """Say that ``event`` (the last of a commit) was acknowledged. Raises OSError."""
        record = orjson.dumps(
            {
                "stream": event.stream_id,
                "version": event.version,
                "hash": event.hash,
                "position": event.position,
                "recorded_at": event.recorded_at,
            }
        )
        os.lseek(self._fd, 0, os.SEEK_SET)
        os.write(self._fd, record.ljust(RECORD_SIZE) + b"\n")

    def close(self) -> None:
        os.close(self._fd)


def read_acknowledged(path: Path) -> tuple[str, int, str, str] | None:
    """The event the file at ``path`` names: (stream, version, hash, when); None when there
    is no file (or an empty one). Raises ValueError for a file that cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(str(exc)) from None
    if not text.strip():
        return None
    try:
        found, _ = json.JSONDecoder().raw_decode(text.lstrip())
        stream, version, hash_ = found["stream"], found["version"], found["hash"]
        when = str(found.get("recorded_at", "?"))
    except (ValueError, TypeError, KeyError, AttributeError):
        raise ValueError("not a record tourney wrote") from None
    if not isinstance(stream, str) or not isinstance(version, int) or not isinstance(hash_, str):
        raise ValueError("not a record tourney wrote")
    return stream, version, hash_, when


def lost_tail(store: HeadReader, path: Path) -> tuple[str, int | None, str] | None:
    """What the log lacks of what `serve` acknowledged, per the file at ``path``: (stream,
    version, message), or None when the acknowledged event is stored as it was."""
    try:
        found = read_acknowledged(path)
    except ValueError as exc:
        return (
            path.name,
            None,
            _("{path} cannot be read ({reason}): the last acknowledged event is unknown").format(
                path=path, reason=exc
            ),
        )
    if found is None:
        return None
    stream, version, hash_, when = found
    acknowledged = f"v {version}, hash {short(hash_)}, at {when}"
    last = store.stream_version(stream)
    if last < version:
        missing = version - last
        return (
            stream,
            version,
            ngettext(
                "the log ends before the last acknowledged event ({acknowledged}): the stream "
                "stops at version {last}, {count} acknowledged event lost "
                "(its -wal deleted, or a power cut?)",
                "the log ends before the last acknowledged event ({acknowledged}): the stream "
                "stops at version {last}, {count} acknowledged events lost "
                "(its -wal deleted, or a power cut?)",
                missing,
            ).format(acknowledged=acknowledged, last=last, count=missing),
        )
    mark = store.mark
    rows = store.fetch_rows(
        f"SELECT hash FROM events WHERE stream_id = {mark} AND version = {mark}",
        (stream, version),
    )
    if not rows or str(rows[0][0]) != hash_:
        return (
            stream,
            version,
            _(
                "the event stored at version {version} is not the one acknowledged "
                "({acknowledged}): the log was replaced after it was acknowledged"
            ).format(version=version, acknowledged=acknowledged),
        )
    return None


class Health:
    """Whether one store may still append, and what it watches (see the module docstring):
    `failed` says why appends are refused for good (None: they are not), `on_failure` who
    is told once when that happens."""

    def __init__(self) -> None:
        self.failed: str | None = None
        self.on_failure: list[Callable[[str], None]] = []
        self.fails_closed = False
        self._watch: FileWatch | None = None
        self._acknowledged: AcknowledgedHead | None = None
        self._keeper: Any = None
        self._path: str | None = None
        self._failing = threading.Lock()

    def watch(
        self, store: HeadReader, path: str | None, open_connection: Callable[[], Any]
    ) -> None:
        """Fail closed from now on (`EventStore.fail_closed`); `path` is the SQLite file
        (None on PostgreSQL, where nothing more is watched). Raises StoreError."""
        self.fails_closed = True
        if path is None:
            return
        path = os.path.abspath(path)
        file = acknowledged_file(path)
        lost = lost_tail(store, file)
        if lost is not None:
            raise StoreError(
                _(
                    "{lost}; run tourney verify (to serve the log as it is, after a backup "
                    "was restored on purpose, delete {file})"
                ).format(lost=lost[2], file=file)
            )
        try:
            # Held open for the store's life: the -wal stays the one opened.
            self._keeper = open_connection()
            self._keeper.execute("SELECT 1 FROM events LIMIT 1").fetchall()
            self._watch = FileWatch(path)
            self._path = path
            self._acknowledged = AcknowledgedHead(file)
        except OSError as exc:
            raise StoreError(
                _("cannot write {file}: {reason}").format(file=file, reason=exc.strerror or exc)
            ) from None

    def close(self) -> None:
        keeper, self._keeper = self._keeper, None
        if keeper is not None:
            with contextlib.suppress(Exception):
                keeper.close()
        acknowledged, self._acknowledged = self._acknowledged, None
        if acknowledged is not None:
            with contextlib.suppress(OSError):
                acknowledged.close()

    def storage_error(self, exc: BaseException, doing: str) -> StoreError | None:
        """The error to raise for ``exc`` when the disk is full, or when it says the storage
        failed and the store fails closed (it then refuses every append); None for anything
        else."""
        if isinstance(exc, StoreError):
            return None
        kind = storage_failure(exc)
        if kind is None:
            return None
        text = " ".join(str(exc).split()) or type(exc).__name__
        if kind == "full":
            return DiskFullError(
                f"the disk holding the database is full ({text}): nothing was recorded; "
                "free some space and try again"
            )
        if not self.fails_closed:
            return None
        # A watched file deleted or replaced is the cause to name, whether an append's check
        # or a read's I/O error (the feed's, say) noticed it first.
        changed = self._watch.changed() if self._watch is not None else None
        return self.fail(changed or f"{text} while {doing}")

    def fail(self, reason: str) -> StorageFailedError:
        """Fail closed for `reason` (the first reason stays), once what the store still
        sees is saved beside it; the error to raise."""
        with self._failing:  # one copy, by the first thread to see the failure
            if self.failed is None:
                saved = ""
                if self._keeper is not None and self._path is not None:
                    saved = save_what_is_seen(self._keeper, self._path)
                self.failed = failed_message(reason, saved)
                for hook in self.on_failure:
                    with contextlib.suppress(Exception):
                        hook(self.failed)
        assert self.failed is not None
        return StorageFailedError(self.failed)

    def check_sound(self) -> None:
        """Refuse (StorageFailedError) once failed, or when a watched file changed."""
        if self.failed is not None:
            raise StorageFailedError(self.failed)
        if self._watch is not None:
            changed = self._watch.changed()
            if changed is not None:
                raise self.fail(changed)

    @property
    def watching(self) -> bool:
        """Whether appends are checked again after their commit (a served SQLite store)."""
        return self._watch is not None

    def acknowledge(self, stored: Sequence[StoredEvent]) -> None:
        """After a commit, before the append returns: check the files again (a commit into
        a deleted -wal is not acknowledged), then say what is acknowledged."""
        if self._watch is None:
            return
        self.check_sound()
        if stored and self._acknowledged is not None:
            try:
                self._acknowledged.write(stored[-1])
            except OSError as exc:
                raise self.fail(
                    f"{self._acknowledged.path} could not be written ({exc.strerror or exc})"
                ) from None
