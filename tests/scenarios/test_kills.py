"""SIGKILL at random moments of `pair`, `import`, `rebuild`, `publish` and `demo` (issue 11,
kill tests), while a scorer beside them keeps appending and printing each version the
store acknowledged.

Each command is timed once, then killed at uniform random fractions of that time, and once
more (until both sides were hit) just after its commit shows in the database. After every
kill:
- what the command commits is whole or absent (a paired round with all its tables' streams
  or none; an imported record with all its events or none; a site whole or not there);
- every version the scorer was told was stored is stored;
- `verify` is ok, every match stream replays and each table's result is what its stream
  replays to; `standings` works; `rebuild` reproduces the read models; and the command's
  natural next step works (a move at the paired table, the import again, the next publish).

TOURNEY_KILLS sets the kills per command (default 3) for longer runs. SQLite only: a killed
PostgreSQL client's transaction is rolled back by the server, which tests/integration
covers; what a kill can leave behind is a SQLite file's to keep.
"""

from __future__ import annotations

import json
import os
import queue
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.scenarios import store_state
from tests.scenarios.conftest import tourney_command, user_environment
from tests.support import REPO
from tourney.games.horserace import MatchStarted
from tourney.games.horserace.record import write_record
from tourney.games.horserace.simulate import simulate_match
from tourney.reports.site_folder import read_manifest
from tourney.store.eventstore import EventStore

pytestmark = pytest.mark.slow

KILLS = int(os.environ.get("TOURNEY_KILLS", "3"))
RECORD_EVENTS = 1000  # at least this many in the imported record


# -- a scorer appending beside the killed command -----------------------------------------------


class Driver:
    """`tests.scenarios.append_driver`, one process for the whole module, appending to each
    trial's database in turn: the versions it was told were stored, as (stream, version)."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.scenarios.append_driver"],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.strip())

    def _order(self, order: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(order + "\n")
        self.process.stdin.flush()

    def _until(self, word: str) -> list[tuple[str, int]]:
        acknowledged: list[tuple[str, int]] = []
        while True:
            try:
                line = self.lines.get(timeout=120)
            except queue.Empty:
                raise AssertionError(f"the scorer beside the command never said {word}") from None
            if line == word:
                return acknowledged
            _, stream, version = line.split()
            acknowledged.append((stream, int(version)))

    def attach(self, db: Path, seed: int) -> list[tuple[str, int]]:
        """Start appending to `db`; returns once the first append was acknowledged."""
        self._order(f"DB {db} {seed}")
        return self._until("STARTED")

    def pause(self) -> list[tuple[str, int]]:
        """Stop appending (between two appends, the database closed)."""
        self._order("PAUSE")
        return self._until("PAUSED")

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


@pytest.fixture(scope="module")
def driver() -> Iterator[Driver]:
    running = Driver()
    yield running
    running.stop()


# -- the commands killed --------------------------------------------------------------------------


@dataclass
class Case:
    """A command to kill: run in a copy of `template`, committed when `committed(db)`."""

    name: str
    template: Path
    args: list[str]
    committed: Callable[[Path], bool]
    after: Callable[[Cli, Path, bool], None]
    """Whole-or-absent checks and the next command, given whether the commit landed."""
    lasting: bool = True
    """Whether `committed` stays true once the command has ended."""
    shows_commit: bool = True
    """Whether its commit leaves a mark for `committed` to see: a rebuild's one transaction
    leaves the rows that were there, so its kills land before it or never matter."""


def run_case(case: Case, tmp_path: Path, driver: Driver) -> dict[str, int]:
    """Time the command, kill it at random fractions of that time and just after its commit,
    and check everything after each kill; returns how many kills landed on each side."""
    duration = time_command(case, tmp_path / f"{case.name}-timed")
    rng = random.Random(f"{case.name}-11")
    sides = {"before": 0, "after": 0, "finished": 0}
    needed = ("before", "after") if case.shows_commit else ("before",)
    trial = 0
    while trial < KILLS or (min(sides[side] for side in needed) == 0 and trial < 3 * KILLS):
        # Every third kill lands just after the commit, the others anywhere; once the kills
        # asked for are done, a side not hit yet is aimed at (before: early on).
        just_after = case.shows_commit and (trial % 3 == 2 if trial < KILLS else not sides["after"])
        until = duration if trial < KILLS else duration / 5
        folder = tmp_path / f"{case.name}-{trial}"
        landed = kill_once(case, folder, rng, until, just_after, driver)
        sides[landed] += 1
        trial += 1
    print(f"{case.name}: {trial} kills over {duration:.1f} s: {sides}")
    assert all(sides[side] for side in needed), f"{case.name}: kills missed a side: {sides}"
    return sides


def fresh(case: Case, folder: Path) -> Path:
    folder.mkdir()
    db = folder / "tourney.db"
    shutil.copyfile(case.template, db)
    return db


def start(case: Case, db: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [tourney_command(), *case.args, "--db", str(db)],
        cwd=db.parent,
        env=user_environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def time_command(case: Case, folder: Path) -> float:
    db = fresh(case, folder)
    began = time.perf_counter()
    process = start(case, db)
    assert process.wait(timeout=300) == 0, f"{case.name} failed when run whole"
    duration = time.perf_counter() - began
    assert case.committed(db) or not case.lasting, f"{case.name} ran whole, but no commit shows"
    return duration


def kill_once(
    case: Case, folder: Path, rng: random.Random, until: float, just_after: bool, driver: Driver
) -> str:
    """One kill: at a uniform random moment of the first `until` seconds, or as soon as its
    commit shows. Returns "before" or "after" the commit, or "finished" (it ended first)."""
    db = fresh(case, folder)
    acknowledged = driver.attach(db, rng.randrange(10**6))
    process = start(case, db)
    if just_after:
        while process.poll() is None and not case.committed(db):
            time.sleep(0.002)
    else:
        time.sleep(rng.uniform(0, until))
    process.send_signal(signal.SIGKILL)
    code = process.wait()
    committed = case.committed(db)  # at once: the scorer's catch-ups go on meanwhile
    time.sleep(rng.uniform(0, 0.2))  # the scorer goes on a little after the kill
    acknowledged += driver.pause()
    check_after_kill(case, db, acknowledged, committed)
    if code != -signal.SIGKILL:
        return "finished"
    return "after" if committed else "before"


def check_after_kill(
    case: Case, db: Path, acknowledged: list[tuple[str, int]], committed: bool
) -> None:
    stored = store_state.stored(str(db))
    lost = [ack for ack in acknowledged if ack not in stored]
    assert not lost, f"{case.name}: acknowledged appends were lost: {lost[:5]}"
    cli = Cli(str(db))
    done = cli("verify")
    assert done.exit_code == 0 and not done.stderr, (case.name, done.stdout, done.stderr)
    cli.ok("standings")  # catches the read models up with whatever was left
    assert store_state.unsound_tables(str(db)) == [], case.name
    models = store_state.read_models(str(db))
    cli.ok("rebuild")
    assert store_state.read_models(str(db)) == models, f"{case.name}: rebuild differs"
    case.after(cli, db, committed)
    done = cli("verify")
    assert done.exit_code == 0 and not done.stderr, (case.name, done.stdout, done.stderr)


# -- the databases the commands start from ---------------------------------------------------------


def count(db: Path, sql: str) -> int:
    with store_state.connection(str(db)) as conn:
        return int(conn.execute(sql).fetchone()[0])


def template(folder: Path, *commands: list[str]) -> Path:
    """A database with a tournament and what `commands` add (run in-process), its log
    folded into the file."""
    db = folder / "template.db"
    EventStore.from_url(str(db)).close()
    cli = Cli(str(db))
    for args in (["tournament", "create", "Kills", "--table-size", "2"], *commands):
        cli.ok(*args)
    store_state.fingerprint(str(db))  # the log folded into the file
    return db


def big_record(path: Path, seed: int = 1) -> int:
    """A known-hands record of one long match (a high target): RECORD_EVENTS events or more."""
    target = 200
    while True:
        played = simulate_match(random.Random(seed), ("Ann", "Bo"), False, None, target)
        if len(played.events) >= RECORD_EVENTS:
            break
        target *= 2
    started = played.events[0]
    assert isinstance(started, MatchStarted)
    with path.open("w", encoding="utf-8") as handle:
        write_record(played.events, handle)
    return len(played.events)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("kills")


def pair_case(folder: Path) -> Case:
    """A round of 200 tables: the round and its tables' streams, or nothing."""
    players = folder / "players.csv"
    players.write_text("name\n" + "".join(f"Player {n}\n" for n in range(800)), "utf-8")
    db = template(
        folder,
        ["tournament", "create", "Big", "--table-size", "4", "--rounds", "3"],
        ["player", "import", str(players)],
    )
    streams = "SELECT COUNT(*) FROM streams WHERE stream_id LIKE 'match-BIG-R1-%'"
    rounds = "SELECT COUNT(*) FROM events WHERE stream_id = 'tournament-big' AND type = "
    rounds += "'round_paired'"

    def after(cli: Cli, db: Path, committed: bool) -> None:
        assert (count(db, rounds), count(db, streams)) == ((1, 200) if committed else (0, 0))
        if not committed:
            cli.ok("pair")
        seated = json.loads(cli.ok("show", "T200", "--json").stdout)["players"]
        cli.ok("hand", "T200", "--opener", seated[0])

    return Case("pair", db, ["pair"], lambda db: count(db, streams) > 0, after)


def import_case(folder: Path) -> Case:
    """A record of 1,000 events and more: all of them stored, or none."""
    record = folder / "big.jsonl"
    events = big_record(record)
    db = template(folder)
    held = "SELECT COUNT(*) FROM events WHERE stream_id = 'match-BIG'"

    def after(cli: Cli, db: Path, committed: bool) -> None:
        assert count(db, held) == (events if committed else 0)
        if committed:
            done = cli("import", str(record))
            assert done.exit_code == 1 and "already has" in done.stderr, done.stderr
        else:
            cli.ok("import", str(record))
        assert count(db, held) == events

    return Case("import", db, ["import", str(record)], lambda db: count(db, held) > 0, after)


def rebuild_case(folder: Path) -> Case:
    """Read models emptied and rebuilt from 6,000 events in one transaction: killed at any
    moment, they are what they were, and the next command catches up to the same rows."""
    records = []
    for n in range(6):
        records.append(folder / f"R{n}.jsonl")
        big_record(records[-1], seed=n)
    db = template(folder, *[["import", str(path)] for path in records])
    reference = store_state.read_models(str(db))

    def after(cli: Cli, db: Path, committed: bool) -> None:
        models = store_state.read_models(str(db))
        # Beside the scorer's matches (which the rebuild may or may not have seen), the
        # read models are what they were.
        for table in ("match_views", "tournament_views", "standings_views"):
            kept = [row for row in models[table] if "DRV" not in str(row[0])]
            assert kept == reference[table], f"rebuild: {table} differs after the kill"

    return Case("rebuild", db, ["rebuild"], lambda _db: False, after, False, False)


def demo_case(folder: Path) -> Case:
    """A demo club night, stored event by event: whatever was stored replays, every result
    posted is its table's, and the next command works on what the kill left."""
    db = template(folder)
    created = "SELECT COUNT(*) FROM streams WHERE stream_id = 'tournament-club-night'"

    def after(cli: Cli, db: Path, committed: bool) -> None:
        if committed:
            cli.ok("standings", "-t", "club-night")
            cli.ok("publish", "-t", "club-night", str(db.parent / "next-site"))
        cli.ok(
            "demo",
            "--players",
            "4",
            "--rounds",
            "1",
            "--table-size",
            "2",
            "--site",
            str(db.parent / "again-site"),
        )

    args = ["demo", "--players", "4", "--rounds", "1", "--table-size", "2", "--site", "site"]
    return Case("demo", db, args, lambda db: count(db, created) > 0, after)


def publish_case(folder: Path) -> Case:
    """A site published beside a scorer's appends: whole or not there; the database only
    ever gets the scorer's events."""
    db = template(
        folder,
        [
            "demo",
            "--players",
            "6",
            "--rounds",
            "2",
            "--table-size",
            "3",
            "--site",
            str(folder / "demo-site"),
        ],
    )
    theirs = "SELECT COUNT(*) FROM events WHERE stream_id NOT LIKE 'match-DRV%'"
    before = count(db, theirs)

    def published(db: Path) -> bool:
        return (db.parent / "site").exists()

    def after(cli: Cli, db: Path, committed: bool) -> None:
        site = db.parent / "site"
        manifest = read_manifest(site) if committed else None
        if committed:
            assert manifest is not None and manifest.complete, "a site without its manifest"
            missing = [name for name in manifest.files if not (site / name).is_file()]
            assert not missing, f"the site misses {missing[:5]}"
        assert count(db, theirs) == before, "publish wrote to the database"
        cli.ok("publish", str(site))
        assert read_manifest(site) is not None

    return Case("publish", db, ["publish", "site"], published, after)


CASES: dict[str, Callable[[Path], Case]] = {
    "pair": pair_case,
    "import": import_case,
    "rebuild": rebuild_case,
    "publish": publish_case,
    "demo": demo_case,
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_killed_command_loses_nothing_and_wedges_nothing(
    name: str, folder: Path, tmp_path: Path, driver: Driver, fast_cli: None
) -> None:
    (folder / name).mkdir()
    case = CASES[name](folder / name)
    run_case(case, tmp_path, driver)
