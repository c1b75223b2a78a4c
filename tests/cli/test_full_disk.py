"""A full disk (issue 23, item 12): the commands that only read still read, because they
open the database without writing anything (no read-model catch-up, no migration, no
shared-memory file they cannot make); `serve` answers a move with its own one line (507).

The disk is made full for one command by its file-size limit (RLIMIT_FSIZE: any write
that would grow a file fails, as on a full disk; POSIX, no root). A test on a real full
file system (a tmpfs of 1 MB, filled) runs where it can: as root, on Linux, marked slow.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tourney.store.eventstore import EventStore, NewEvent

TOURNEY = str(Path(sys.executable).parent / "tourney")
READERS = [
    ["show", "T1"],
    ["show", "T1", "--json"],
    ["export", "T1"],
    ["standings"],
    ["standings", "--json"],
    ["pairings"],
    ["tournament", "show"],
    ["tournament", "list"],
    ["db", "status"],
]
# verify splits its work over processes, whose semaphores the file-size limit refuses too
# (a full disk leaves them be): it is checked on the full tmpfs.
ON_TMPFS = [*READERS, ["verify"]]


def _night(db: Path) -> None:
    cli = Cli(str(db))
    cli.ok("tournament", "create", "Club Night", "--table-size", "2", "--rounds", "2")
    for name in ("Ann", "Bo", "Cy", "Di"):
        cli.ok("player", "add", name)
    cli.ok("pair")
    cli.ok("hand", "T1", "--opener", "Ann")
    # The read models left behind (as when serve's catch-up failed on the full disk): a
    # command that caught them up would write.
    with EventStore.from_url(str(db)) as store:
        started = {"players": ["Ann", "Bo"], "partnerships": False, "target": 61}
        store.append("match-K9", [NewEvent("match_started", started)])


def _said_behind(stderr: str) -> str:
    lines = stderr.splitlines()
    if len(lines) == 1 and lines[0].startswith(
        "warning: the read models are behind and cannot catch up here (cannot open database "
    ):
        return stderr
    return "one warning line"


def _full_disk() -> None:  # in the child, before it runs tourney
    import resource

    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("full") / "night.db"
    _night(db)
    return db


@pytest.mark.skipif(os.name == "nt", reason="file-size limits are POSIX")
@pytest.mark.parametrize("args", READERS, ids=[" ".join(a) for a in READERS])
def test_a_command_that_only_reads_reads_on_a_full_disk(
    night: Path, tmp_path: Path, args: list[str]
) -> None:
    db = tmp_path / "night.db"
    shutil.copyfile(night, db)
    done = subprocess.run(
        [TOURNEY, *args, "--db", str(db)],
        capture_output=True,
        text=True,
        preexec_fn=_full_disk,
        cwd=tmp_path,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    # The read models are behind (see `_night`): said in one line, not caught up.
    assert done.stderr in ("", _said_behind(done.stderr)), done.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if p.stat().st_size) == ["night.db"]


def test_a_command_that_only_reads_cannot_write(night: Path, tmp_path: Path) -> None:
    """The class: a read-only store's connections refuse any statement that writes."""
    db = tmp_path / "night.db"
    shutil.copyfile(night, db)
    with (
        EventStore.from_url(str(db), reads_only=True) as store,
        pytest.raises(Exception, match="readonly database"),
    ):
        store.append("match-K1", [NewEvent("tile_drawn", {"player": "Bo", "tile": None})])
    with EventStore.from_url(str(db)) as store:
        assert store.stream_version("match-K1") == 0


FULL_MOUNT = Path(f"/tmp/tourney-full-{uuid.uuid4().hex[:8]}")


@pytest.fixture
def full_tmpfs(night: Path) -> Iterator[Path]:
    if sys.platform != "linux" or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs needs root on Linux")
    FULL_MOUNT.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(FULL_MOUNT)])
    if mounted.returncode != 0:
        FULL_MOUNT.rmdir()
        pytest.skip("this machine does not let a tmpfs be mounted")
    try:
        shutil.copyfile(night, FULL_MOUNT / "night.db")
        filler = os.open(FULL_MOUNT / "filler", os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(filler, b"\0" * 4096):
                pass
        except OSError:
            pass
        finally:
            os.close(filler)
        yield FULL_MOUNT / "night.db"
    finally:
        subprocess.run(["umount", str(FULL_MOUNT)], check=False)
        FULL_MOUNT.rmdir()


@pytest.mark.slow
def test_on_a_full_file_system_the_readers_read(full_tmpfs: Path) -> None:
    for args in ON_TMPFS:
        done = subprocess.run(
            [TOURNEY, *args, "--db", str(full_tmpfs)], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, (args, done.stderr)
    refused = subprocess.run(
        [TOURNEY, "undo", "T1", "--db", str(full_tmpfs)], capture_output=True, text=True
    )
    assert refused.returncode == 1
    assert refused.stderr.count("\n") == 1, refused.stderr
