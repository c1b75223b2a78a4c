"""The folder a site is published into: tourney replaces only what it wrote.

A published folder carries a manifest, `.tourney-site.json`: tourney's marker, the
tournament, and every file written with its SHA-256. Publishing into a folder:

- missing or empty: the site is put there;
- holding a manifest and nothing but the files it lists, unchanged: the site replaces it;
- anything else is refused with one line and nothing written or removed: files the manifest
  does not list (or no manifest), a file it lists changed since, the database (at any depth),
  the working folder (or a folder holding it), a file, a symbolic link, a mount point, the
  root.

The new site is built in a fresh folder beside the old one (`.NAME.new-XXXXXXXX`, marked by
its manifest from its first moment), then swapped in by one atomic exchange of the two names
(Linux `renameat2(RENAME_EXCHANGE)`; elsewhere two renames), and the old site's listed files
are removed from its folder, which goes only when that leaves it empty. On Linux a kill at
any moment leaves the old site or the new one in place; elsewhere a kill between the two
renames leaves the folder missing, with both sites beside it under marked names, until the
next publish, which puts the site there and removes the marked leftovers.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import hashlib
import json
import os
import tempfile
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from tourney.errors import TourneyError
from tourney.i18n import _
from tourney.output_files import few, is_one_of

MANIFEST = ".tourney-site.json"
GENERATOR = "tourney"
FORMAT = 1
# The manifest is rewritten through this name, which a leftover may therefore hold too.
MANIFEST_DRAFT = MANIFEST + ".tmp"


class PublishError(TourneyError):
    """The site cannot be published into that folder; nothing was written or removed."""


def refusal(shown: str, reason: str | None) -> PublishError:
    """``cannot publish into FOLDER: REASON``, in the chosen language."""
    return PublishError(
        _("cannot publish into {shown}: {reason}").format(shown=shown, reason=reason)
    )


@dataclass(frozen=True)
class Manifest:
    """What a site folder's manifest says: the tournament, and each file with its SHA-256
    (None for every file while the site is still being built)."""

    tournament: str
    files: dict[str, str | None]

    @property
    def complete(self) -> bool:
        return all(digest is not None for digest in self.files.values())

    def text(self) -> str:
        body = {
            "generator": GENERATOR,
            "format": FORMAT,
            "tournament": self.tournament,
            "files": dict(sorted(self.files.items())),
        }
        return json.dumps(body, indent=1, ensure_ascii=False) + "\n"


def page_name_ok(name: str) -> bool:
    """Whether `name` can be a page of a site: a plain file name, not hidden."""
    return (
        bool(name)
        and not name.startswith(".")
        and not any(c in name for c in "/\\\0")
        and name == os.path.basename(name)
    )


def read_manifest(folder: Path) -> Manifest | None:
    """The manifest of `folder`; None when there is none or it is not tourney's (unreadable,
    another program's, or naming a file outside the folder)."""
    try:
        with (folder / MANIFEST).open(encoding="utf-8") as handle:
            body = json.load(handle)
    except (OSError, ValueError):
        return None
    if not isinstance(body, dict) or body.get("generator") != GENERATOR:
        return None
    tournament, files = body.get("tournament"), body.get("files")
    if not isinstance(tournament, str) or not isinstance(files, dict):
        return None
    for name, digest in files.items():
        if not page_name_ok(name) or not (digest is None or isinstance(digest, str)):
            return None
    return Manifest(tournament, files)


def sha256_of(path: Path) -> str:
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


# -- the checks ---------------------------------------------------------------------------


def check_site_folder(site: Path, protected: Collection[Path] = ()) -> Path:
    """The folder `site` resolves to, after refusing (`PublishError`, one line) every folder
    a site may not replace. `protected` are the database's files (resolved)."""
    shown = str(site)
    if site.is_symlink():
        raise refusal(
            shown,
            _("it is a symbolic link (to {target}); give the folder itself").format(
                target=os.readlink(site)
            ),
        )
    target = site.resolve()
    if target == Path(target.anchor):
        raise refusal(shown, _("it is the root of the filesystem; choose a new or empty folder"))
    if target.exists() and not target.is_dir():
        raise refusal(shown, _("it is a file, not a folder"))
    if os.path.ismount(target):
        raise refusal(
            shown,
            _(
                "it is a mount point, and a site replaces its folder whole; publish into a "
                "folder inside it"
            ),
        )
    for database in protected:
        if database.is_relative_to(target):
            raise refusal(
                shown,
                _("it holds the database {database}; choose a new or empty folder").format(
                    database=database
                ),
            )
    working = Path.cwd().resolve()
    if working.is_relative_to(target):
        raise refusal(
            shown,
            _(
                "it is the working folder or holds it, and a site replaces its folder whole; "
                "publish into a folder below, e.g. site/"
            ),
        )
    _check_contents(shown, target)
    return target


def _check_contents(shown: str, target: Path) -> Manifest | None:
    """Refuse a folder holding anything but a tourney site's own unchanged files; its
    manifest (None when the folder is missing or empty)."""
    try:
        entries = sorted(os.scandir(target), key=lambda e: e.name)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise refusal(shown, exc.strerror) from None
    if not entries:
        return None
    manifest = read_manifest(target)
    listed = {} if manifest is None else manifest.files
    foreign = [
        entry.name + ("/" if entry.is_dir(follow_symlinks=False) else "")
        for entry in entries
        if manifest is None
        or not (
            entry.name == MANIFEST
            or (entry.name in listed and entry.is_file(follow_symlinks=False))
        )
    ]
    if manifest is None:
        raise refusal(
            shown,
            _(
                "it holds files tourney did not publish ({files}); choose a new or empty folder"
            ).format(files=few(foreign)),
        )
    if foreign:
        raise refusal(
            shown,
            _(
                "besides the site tourney published there, it holds {files}; move them away or "
                "choose another folder"
            ).format(files=few(foreign)),
        )
    if not manifest.complete:
        raise refusal(
            shown, _("its tourney site manifest is unfinished; choose a new or empty folder")
        )
    for entry in entries:
        if entry.name == MANIFEST:
            continue
        try:
            changed = sha256_of(Path(entry.path)) != listed[entry.name]
        except OSError as exc:
            raise refusal(shown, exc.strerror) from None
        if changed:
            raise refusal(
                shown,
                _(
                    "{name} was changed after tourney published it; move it away or choose "
                    "another folder"
                ).format(name=entry.name),
            )
    return manifest


# -- writing ------------------------------------------------------------------------------


class SiteFolder:
    """A site being built beside its folder and swapped in by `commit`; abandoned (every file
    it wrote removed) when the `with` block ends without a commit.

    `names` are every page the site may have (its manifest lists them from the start, so a
    killed publish's folder can be cleaned up); those never written are left out at the end.
    """

    def __init__(
        self, site: Path, tournament: str, names: Sequence[str], protected: Collection[Path] = ()
    ) -> None:
        self.site = site
        self.shown = str(site)
        self.tournament = tournament
        self.names = list(names)
        self.protected = frozenset(protected)
        self.digests: dict[str, str | None] = dict.fromkeys(self.names)
        self._target = check_site_folder(site, self.protected)
        self._created: list[Path] = []
        self._lock: int | None = None
        self._building: Path | None = None

    def __enter__(self) -> SiteFolder:
        try:
            self._open()
        except BaseException:
            self._abandon()
            self._unlock()
            raise
        return self

    def __exit__(
        self,
        _kind: type[BaseException] | None,
        _exc: BaseException | None,
        _tb: TracebackType | None,
    ) -> None:
        if self._building is not None:
            self._abandon()
        self._unlock()

    def _open(self) -> None:
        parent = self._target.parent
        try:
            self._created = _make_folders(parent)
            self._lock = _lock(parent)
            # Under the lock no other publish is changing this folder: check it again.
            _check_contents(self.shown, self._target)
            for leftover in _leftovers(self._target):
                _remove_site(leftover, self.protected)
            self._building = Path(
                tempfile.mkdtemp(prefix=_leftover_prefix(self._target), dir=parent)
            )
            self._write_manifest()
        except OSError as exc:
            raise refusal(
                self.shown,
                _("cannot write in {parent}: {reason}").format(parent=parent, reason=_reason(exc)),
            ) from None

    def write(self, name: str, text: str) -> None:
        """Write page `name` (one of the names given) into the new site."""
        assert self._building is not None and name in self.digests and page_name_ok(name)
        data = text.encode("utf-8")
        try:
            (self._building / name).write_bytes(data)
        except OSError as exc:
            raise refusal(self.shown, _reason(exc)) from None
        self.digests[name] = hashlib.sha256(data).hexdigest()

    def commit(self) -> list[Path]:
        """Swap the new site in and remove the old one's files; the files of the site."""
        building = self._building
        assert building is not None
        # Names announced but never written (a match not played after all) are dropped.
        self.digests = {name: d for name, d in self.digests.items() if d is not None}
        target = self._target
        try:
            self._write_manifest()
            building.chmod(0o755)
            _check_contents(self.shown, target)
            replacing = target.exists()
            if replacing:
                _swap(building, target)
            else:
                building.rename(target)
        except OSError as exc:
            reason = _reason(exc)
            if exc.errno in (errno.EBUSY, errno.EXDEV):
                reason = _("it is a mount point (or in use); publish into a folder inside it")
            raise refusal(self.shown, reason) from None
        self._building = None
        if replacing:
            # `building` now holds the old site (or the old empty folder). The new site is
            # in place whatever happens here; what is left is removed by the next publish.
            with contextlib.suppress(OSError):
                _remove_site(building, self.protected)
        return [self.site / name for name in sorted(self.digests)]

    def _write_manifest(self) -> None:
        assert self._building is not None
        draft = self._building / MANIFEST_DRAFT
        draft.write_text(Manifest(self.tournament, self.digests).text(), encoding="utf-8")
        draft.replace(self._building / MANIFEST)

    def _abandon(self) -> None:
        """Remove what this publish wrote: the new site's folder and any folder made for it."""
        if self._building is not None:
            # Best effort while another error is on its way out; the next publish retries.
            with contextlib.suppress(OSError):
                _remove_site(self._building, self.protected)
            self._building = None
        for folder in reversed(self._created):
            try:
                folder.rmdir()
            except OSError:
                break
        self._created = []

    def _unlock(self) -> None:
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _make_folders(folder: Path) -> list[Path]:
    """Create `folder` and its missing parents; the folders created, outermost first."""
    missing: list[Path] = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    created: list[Path] = []
    try:
        for path in reversed(missing):
            path.mkdir()
            created.append(path)
    except OSError:
        for path in reversed(created):
            path.rmdir()
        raise
    return created


def _lock(folder: Path) -> int | None:
    """Hold an exclusive lock on `folder` (released when its descriptor closes, or the
    process ends): two publishes beside each other take turns, so neither removes the
    other's folder under construction as a leftover."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        return None
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
    except OSError:
        os.close(descriptor)
        raise
    return descriptor


def _leftover_prefix(target: Path) -> str:
    return f".{target.name}.new-"


def _leftovers(target: Path) -> list[Path]:
    """Folders a killed publish of `target` left beside it."""
    prefix = _leftover_prefix(target)
    return sorted(
        Path(entry.path)
        for entry in os.scandir(target.parent)
        if entry.name.startswith(prefix) and entry.is_dir(follow_symlinks=False)
    )


def _remove_site(folder: Path, protected: Collection[Path]) -> None:
    """Remove from `folder` what tourney wrote there: the files its manifest lists (unless
    changed since), the manifest, then the folder if that leaves it empty. A folder without
    a tourney manifest is removed only when empty."""
    manifest = read_manifest(folder)
    if manifest is not None:
        for name, digest in manifest.files.items():
            path = folder / name
            if is_one_of(path, protected) or path.is_symlink() or not path.is_file():
                continue
            if digest is not None and sha256_of(path) != digest:
                continue
            path.unlink()
        (folder / MANIFEST_DRAFT).unlink(missing_ok=True)
        (folder / MANIFEST).unlink()
    elif [entry.name for entry in os.scandir(folder)] == [MANIFEST_DRAFT]:
        # Killed while writing its first manifest: nothing else was written yet.
        (folder / MANIFEST_DRAFT).unlink()
    try:
        folder.rmdir()
    except OSError as exc:
        if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
            raise


# Linux's renameat2(2): both names must exist; they trade places in one step.
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _swap(a: Path, b: Path) -> None:
    """Exchange folders `a` and `b` atomically where the system can (Linux 3.15+ on most
    filesystems); elsewhere `b` is renamed aside and `a` renamed in, in two steps."""
    if _exchange(a, b):
        return
    aside = Path(tempfile.mkdtemp(prefix=_leftover_prefix(b), dir=b.parent))
    aside.rmdir()
    b.rename(aside)
    try:
        a.rename(b)
    except BaseException:
        aside.rename(b)
        raise
    aside.rename(a)


def _exchange(a: Path, b: Path) -> bool:
    """renameat2(a, b, RENAME_EXCHANGE); False where the system or filesystem has none."""
    try:
        libc: Any = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_uint,
    ]
    renameat2.restype = ctypes.c_int
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(b))
