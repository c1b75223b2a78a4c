"""The files tourney writes when asked (an exported record, simulated records): never over a
database, over another file only when forced, and each one whole or not at all.

A file is written beside its destination under a temporary name and renamed over it once
complete, so a crash or a full disk leaves the old file (or none), never half a file; the
rename replaces a symbolic link itself, never the file it points to.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import TextIO

from tourney.errors import TourneyError
from tourney.i18n import _

# The first bytes of a SQLite database, of its write-ahead log (two byte orders of the
# checksum), and of a rollback journal.
DATABASE_MAGIC = (
    b"SQLite format 3\x00",
    b"\x37\x7f\x06\x82",
    b"\x37\x7f\x06\x83",
    b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7",
)
# The manifest that marks a folder as a site `tourney publish` wrote (`reports.site_folder`).
SITE_MANIFEST = ".tourney-site.json"


class OutputError(TourneyError):
    """An output file that tourney will not write: nothing was written."""


def is_one_of(path: Path, files: Collection[Path]) -> bool:
    """Whether `path` is one of `files`: by name once resolved, or as the same file on disk
    (a hard link to it has another name)."""
    if path.resolve() in files:
        return True
    try:
        found = path.stat()
    except OSError:
        return False
    for other in files:
        try:
            if os.path.samestat(found, other.stat()):
                return True
        except OSError:
            continue
    return False


def is_database(path: Path) -> bool:
    """Whether `path` is a SQLite database, write-ahead log or journal (by its first bytes);
    False when it cannot be read. Never ask it of a file of the database in use (see
    `is_one_of`): reading it here would drop the locks SQLite holds on it (see
    `tourney.store.database.sqlite_reads_as_database`)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(16)
    except OSError:
        return False
    return any(head.startswith(magic) for magic in DATABASE_MAGIC)


def check_place(path: Path) -> None:
    """Refuse, with one line, a file or folder to write at `path` that lies inside a site
    `tourney publish` wrote (its manifest would no longer match, and publishing there
    again is refused). Raises `OutputError`. Every file tourney writes on request is
    checked by this."""
    here = path.resolve()
    for folder in (here, *here.parents):
        if (folder / SITE_MANIFEST).is_file():
            raise OutputError(
                _(
                    "cannot write {path}: {folder} is a site tourney published (it "
                    "holds {site_manifest}); write outside it"
                ).format(path=path, folder=folder, site_manifest=SITE_MANIFEST)
            )


def check_output(path: Path, *, force: bool, protected: Collection[Path] = ()) -> None:
    """Refuse, with one line, to write `path` when it is one of the `protected` files (the
    database in use), any database, a folder or a device, or an existing file without
    `force`; or when its folder does not exist, or it lies in a published site
    (`check_place`). Raises `OutputError`."""
    check_place(path)
    resolved = path.resolve()
    if is_one_of(path, protected):
        raise OutputError(
            _("{path} is the database in use: tourney never writes over it").format(path=path)
        )
    if not path.parent.is_dir():
        raise OutputError(
            _("cannot write {path}: folder {parent} does not exist").format(
                path=path, parent=path.parent
            )
        )
    if not (path.exists() or path.is_symlink()):
        return
    if resolved.is_dir():
        raise OutputError(_("cannot write {path}: it is a folder").format(path=path))
    if resolved.exists() and not resolved.is_file():
        raise OutputError(_("cannot write {path}: it is not a regular file").format(path=path))
    if is_database(resolved):
        raise OutputError(
            _("{path} is a SQLite database: tourney never writes over one").format(path=path)
        )
    if not force:
        raise OutputError(_("{path} already exists: add --force to overwrite it").format(path=path))


def write_output(
    path: Path,
    write: Callable[[TextIO], None],
    *,
    force: bool,
    protected: Collection[Path] = (),
) -> None:
    """Write `path` (UTF-8 text, by `write`) whole: checked by `check_output`, written to a
    temporary file beside it, then renamed over it. Raises `OutputError`; on any failure
    the temporary file is removed and `path` is as it was."""
    check_output(path, force=force, protected=protected)
    try:
        descriptor, temporary = tempfile.mkstemp(
            prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
        )
    except OSError as exc:
        raise OutputError(
            _("cannot write {path}: {strerror}").format(path=path, strerror=exc.strerror)
        ) from None
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, _mode_for(path))
        os.replace(temporary, path)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise OutputError(
            _("cannot write {path}: {strerror}").format(path=path, strerror=exc.strerror)
        ) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def existing_outputs(folder: Path, names: Callable[[str], bool]) -> list[str]:
    """The entries of `folder` (if it exists) for which `names` is true, sorted."""
    try:
        return sorted(entry for entry in os.listdir(folder) if names(entry))
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise OutputError(
            _("cannot read {folder}: {strerror}").format(folder=folder, strerror=exc.strerror)
        ) from None


def few(names: Sequence[str], shown: int = 3) -> str:
    """``a, b, c and 4 more``: a few names of a list, for a one-line message."""
    listed = ", ".join(names[:shown])
    if len(names) <= shown:
        return listed
    return _("{listed} and {count} more").format(listed=listed, count=len(names) - shown)


def _mode_for(path: Path) -> int:
    """An existing file's permissions, else what a new file gets under the umask."""
    try:
        if path.is_file() and not path.is_symlink():
            return path.stat().st_mode & 0o7777
    except OSError:
        pass
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
