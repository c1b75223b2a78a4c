"""How the console script leaves, as a user sees it: the command's exit code, the whole output
even through a pipe, `atexit` callbacks run, and the database's write-ahead log gone (every
connection closed, so a copy of `tourney.db` alone holds every move). Each case is a real
process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import Cli, hidden_match
from tests.postgres_server import PostgresServer
from tourney.games.horserace.face import one_shot_args
from tourney.store.eventstore import EventStore

RUN = """
import atexit, sys
atexit.register(sys.stderr.write, "atexit\\n")
sys.argv[0] = "tourney"
from tourney.cli.app import main
main()
"""


def tourney(*args: str, stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUN, *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "100"},
        check=False,
        timeout=120,
    )


def played(cli: Cli, events: int) -> None:
    for event in hidden_match(seed=7, target=21)[:events]:
        cli.ok(*one_shot_args(event, "K3"))


def no_log(db: str) -> bool:
    return not Path(f"{db}-wal").exists() and not Path(f"{db}-shm").exists()


def test_a_scorer_command_leaves_with_everything_done(cli: Cli, db: str) -> None:
    played(cli, 6)
    event = hidden_match(seed=7, target=21)[6]
    done = tourney(*one_shot_args(event, "K3"), "--db", db)
    assert (done.returncode, done.stderr) == (0, "atexit\n"), done.stderr
    assert cli.version() == 7 and no_log(db)
    shown = tourney("show", "K3", "--db", db)
    assert (shown.returncode, shown.stderr) == (0, "atexit\n")
    assert shown.stdout == cli.ok("show", "K3").stdout
    assert no_log(db)


def test_a_refusal_keeps_its_line_and_exit_code(cli: Cli, db: str) -> None:
    played(cli, 2)
    done = tourney("place", "K3", "9-9", "--db", db)
    assert done.returncode == 1
    assert done.stderr == 'error: "9-9" is not a tile of the double-six set\natexit\n'
    usage = tourney("place", "K3", "--bogus", "--db", db)
    assert usage.returncode == 1 and usage.stderr.endswith("(see `tourney place -h`)\natexit\n")
    assert cli.version() == 2 and no_log(db)


def test_the_whole_output_goes_through_a_pipe(cli: Cli, db: str) -> None:
    played(cli, 30)
    exported = tourney("export", "K3", "--db", db)
    assert exported.returncode == 0 and exported.stderr == "atexit\n"
    assert exported.stdout == cli.ok("export", "K3").stdout
    assert exported.stdout.count("\n") == 30


def test_a_reader_gone_is_exit_1_and_no_traceback(cli: Cli, db: str) -> None:
    played(cli, 30)
    read, write = os.pipe()
    os.close(read)  # as `tourney export K3 | head -0`
    try:
        done = tourney("export", "K3", "--db", db, stdout=write)
    finally:
        os.close(write)
    assert done.returncode == 1 and done.stderr == "atexit\n"


def test_what_a_command_leaves_is_frozen_for_the_operating_system(cli: Cli, db: str) -> None:
    """The console script freezes what is left (`gc.freeze`), so the interpreter's last
    collections walk none of it (~35 M instructions of a one-shot command: bench/FINDINGS.md,
    "place12"); the atexit callbacks run after it, the output and the database whole."""
    played(cli, 6)
    event = hidden_match(seed=7, target=21)[6]
    code = RUN.replace("main()", "try:\n    main()\nfinally:\n    print(gc.get_freeze_count() > 0)")
    done = subprocess.run(
        [sys.executable, "-c", "import gc\n" + code, *one_shot_args(event, "K3"), "--db", db],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "atexit\n"), done.stderr
    assert done.stdout.splitlines()[-1] == "True"
    assert cli.version() == 7 and no_log(db)


def test_a_command_that_made_the_database_leaves_no_log(tmp_path: Path) -> None:
    db = str(tmp_path / "new.db")
    done = tourney("tournament", "create", "Club Night", "--db", db)  # alembic makes it
    assert (done.returncode, done.stderr) == (0, "atexit\n")
    assert no_log(db)


@pytest.mark.postgres
def test_on_postgresql_each_session_is_ended_before_leaving(
    postgres_server: PostgresServer, postgres_url: str
) -> None:
    """psycopg's connections are closed by the command, not left for the server to find
    gone ("unexpected EOF on client connection" in its log)."""
    EventStore.from_url(postgres_url).close()  # at the head revision: the direct path
    log = postgres_server.folder / "server.log"
    cli = Cli(postgres_url)
    played(cli, 3)
    before = len(log.read_text())
    event = hidden_match(seed=7, target=21)[3]
    done = tourney(*one_shot_args(event, "K3"), "--db", postgres_url)
    assert (done.returncode, done.stderr) == (0, "atexit\n"), done.stderr
    shown = tourney("show", "K3", "--db", postgres_url)
    assert (shown.returncode, shown.stderr) == (0, "atexit\n")
    assert shown.stdout == cli.ok("show", "K3").stdout
    assert cli.version() == 4
    assert "unexpected EOF" not in log.read_text()[before:]
