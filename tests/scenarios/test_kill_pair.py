"""SIGKILL at random moments of `tourney pair` on a 200-table round (issue 11, item 7):
pairing is one transaction, so after every kill the round is stored with all 200 tables'
streams opened or not at all; then `verify`, `standings`, a scorer's command at a table and
the next `pair` all work."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tourney.director.desk import DirectorDesk
from tourney.store.eventstore import EventStore
from tourney.store.verify import verify

TOURNEY = str(Path(sys.executable).parent / "tourney")
PLAYERS = 800  # 200 tables of 4
KILLS = 8


def run(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [TOURNEY, *args, "--db", str(db)], capture_output=True, text=True, timeout=300
    )


@pytest.fixture(scope="module")
def registered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("big")
    db = folder / "big.db"
    csv = folder / "players.csv"
    csv.write_text("name\n" + "".join(f"Player {n}\n" for n in range(PLAYERS)), "utf-8")
    for args in (
        ("tournament", "create", "Big", "--table-size", "4", "--rounds", "3"),
        ("player", "import", str(csv)),
    ):
        done = run(db, *args)
        assert done.returncode == 0, done.stderr
    return db


def opened_tables(db: Path) -> tuple[int, int]:
    """(rounds paired, match streams opened)."""
    with EventStore.from_url(str(db)) as store:
        rounds = len(DirectorDesk(store).load("big").state.rounds)
        (streams,) = store.fetch_rows(
            "SELECT COUNT(*) FROM streams WHERE stream_id LIKE 'match-BIG-R1-%'", ()
        )[0]
        assert verify(store) == []
    return rounds, int(streams)


def test_a_killed_pair_leaves_the_round_whole_or_absent(registered: Path, tmp_path: Path) -> None:
    timed = tmp_path / "timed.db"
    shutil.copyfile(registered, timed)
    started = time.perf_counter()
    assert run(timed, "pair").returncode == 0
    duration = time.perf_counter() - started
    assert opened_tables(timed) == (1, 200)
    rng = random.Random(11)
    outcomes = []
    for trial in range(KILLS):
        db = tmp_path / f"kill-{trial}.db"
        shutil.copyfile(registered, db)
        process = subprocess.Popen(
            [TOURNEY, "pair", "--db", str(db)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0.3, 1.0) * duration)
        process.send_signal(signal.SIGKILL)
        process.wait()
        rounds, streams = opened_tables(db)
        assert (rounds, streams) in ((0, 0), (1, 200)), (trial, rounds, streams)
        outcomes.append(rounds)
        for args in (("verify",), ("standings",)):
            done = run(db, *args)
            assert done.returncode == 0, (args, done.stderr)
        if rounds == 0:
            assert run(db, "pair").returncode == 0
        done = run(db, "hand", "T200", "--opener", "Player 0")
        assert "has not started" not in done.stderr
        assert opened_tables(db) == (1, 200)
        os.remove(db)
    # Kills landed on both sides of the commit (the timing spans the whole command).
    assert 0 in outcomes, outcomes
