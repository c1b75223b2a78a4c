"""A guard on the whole suite: no Python code opens a file this process already holds open
through SQLite.

Closing *any* descriptor of a file drops every POSIX lock the process holds on it, SQLite's
included. A process whose connections so lost their shared lock looks closed to the others,
and the next process to close its last connection checkpoints and deletes the write-ahead
log from under this one's connections: `tourney serve --workers 2` on SQLite read "disk I/O
error" that way, after the display's first render read the database file's header in
Python. An audit hook sees every Python-level `open`; the autouse fixture in
`tests/conftest.py` fails the test during which one opened a SQLite file (a database, its
`-wal`, `-shm` or `-journal`) that a descriptor of this process already held.
"""

from __future__ import annotations

import os
import sys
import traceback
from pathlib import Path

_COMPANIONS = ("-wal", "-shm", "-journal")
_PROC_FDS = Path("/proc/self/fd")

found: list[str] = []  # one account (path and stack) per offending open


def _held_paths() -> set[str]:
    held = set()
    for name in os.listdir(_PROC_FDS):
        try:
            held.add(os.readlink(_PROC_FDS / name))
        except OSError:  # closed meanwhile (the listing's own descriptor among them)
            continue
    return held


def _is_sqlite_file(path: str) -> bool:
    if path.endswith(_COMPANIONS):
        return True
    return any(os.path.exists(path + suffix) for suffix in _COMPANIONS)


def _hook(event: str, args: tuple[object, ...]) -> None:
    if event != "open" or not args:
        return
    target = args[0]
    if isinstance(target, int) or target is None:
        return
    try:
        path = os.path.realpath(os.fsdecode(target))  # type: ignore[arg-type]
    except (TypeError, ValueError, OSError):
        return
    # A file that is not SQLite's first (a few stat calls): listing this process's
    # descriptors costs ~0.1 ms, and the suite opens a few hundred thousand files.
    if _is_sqlite_file(path) and path in _held_paths():
        stack = "".join(traceback.format_stack(limit=14)[:-1])
        found.append(f"{path} opened in Python while held by SQLite:\n{stack}")


def install() -> bool:
    """Install the hook (once per process; audit hooks cannot be removed). False where
    /proc is missing and the guard cannot see descriptors."""
    if not _PROC_FDS.is_dir():
        return False
    if not getattr(install, "done", False):
        sys.addaudithook(_hook)
        install.done = True  # type: ignore[attr-defined]
    return True
