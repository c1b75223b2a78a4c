"""What the tests share: where the shared records live, tiles, and running the CLI."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NoReturn

import pytest

from tourney.games.horserace import (
    Event,
    HandEnd,
    HandStarted,
    Match,
    MatchStarted,
    Tile,
    TileDrawn,
    TilePlaced,
    TilesRevealed,
)
from tourney.games.horserace.record import Replayed, read_lines, replay_lines

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "fixtures"


def shared_dir() -> Path:
    """``<repo>/../shared`` (CI puts a copy beside the clone), else $TOURNEY_SHARED."""
    beside = REPO.parent / "shared"
    if (beside / "records").is_dir():
        return beside
    env = os.environ.get("TOURNEY_SHARED")
    if env:
        return Path(env)
    return beside


SHARED_RECORDS = shared_dir() / "records"
SHARED_MISSING = (
    f"the shared sample records are not at {SHARED_RECORDS}: "
    "put the project's shared/ folder beside the clone or set TOURNEY_SHARED"
)


# The mark of a test (or a parameter) that reads the shared sample records: tests/conftest.py
# counts them at collection, and skips them when the records are missing (fails under CI).
SHARED = pytest.mark.shared_records


def shared_params(folder: str, ids: Callable[[Path], str] = lambda path: path.stem) -> list[Any]:
    """One parameter per record in ``SHARED_RECORDS/folder``, each marked `SHARED`.

    Without the records there is one placeholder instead, so that the test is collected,
    counted and skipped (or failed under CI) rather than collapsing to an empty set.
    """
    paths = sorted((SHARED_RECORDS / folder).glob("*.jsonl"))
    if not paths:
        placeholder = pytest.mark.shared_records(placeholder=True)
        return [pytest.param(SHARED_RECORDS / folder, id=f"no-{folder}-records", marks=placeholder)]
    return [pytest.param(path, id=ids(path), marks=SHARED) for path in paths]


def shared_present() -> bool:
    return (SHARED_RECORDS / "valid").is_dir()


def require_shared() -> None:
    """Skip a test that reads the project's shared sample records when they are not there
    (a clone outside the project folder), naming where they were looked for. Under CI
    (``$CI`` set) their absence fails instead: CI always has them beside the clone.

    Tests marked `SHARED` get this check before they run (tests/conftest.py)."""
    if not shared_present():
        fail_or_skip(SHARED_MISSING)


postgresql_in_test_all = pytest.mark.parametrize(
    "database_url",
    ["sqlite", pytest.param("postgresql", marks=[pytest.mark.postgres, pytest.mark.slow])],
    indirect=True,
)
"""On a test that takes `database_url` (directly or through a fixture): its PostgreSQL case
is `slow` (`make test-all`, CI), its SQLite case in `make test`. For a test whose PostgreSQL
case costs seconds and checks what its SQLite case and the store contract on PostgreSQL
(tests/integration/test_store_contract.py, in `make test`) already do there."""


def examples(full: int) -> int:
    """A property test's own `max_examples`, scaled as the loaded Hypothesis profile scales
    Hypothesis' default of 100: `full` under the default profile (`make test-all`, CI), a
    fifth of it, at least one, under `quick` (`make test`; tests/conftest.py)."""
    from hypothesis import settings

    return max(1, full * settings().max_examples // 100)  # settings(): the loaded profile's


def under_ci() -> bool:
    """CI sets $CI: there, whatever a test needs is installed, so missing is a failure."""
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def fail_or_skip(message: str) -> NoReturn:
    """Skip a test whose server, browser or data is missing, naming what and how to get it;
    under CI fail it instead, since CI installs everything the tests need."""
    if under_ci():
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


def t(text: str) -> Tile:
    return Tile.parse(text)


def tiles(*texts: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(x) for x in texts)


def place(player: str, tile: str, on: str | None = None) -> TilePlaced:
    return TilePlaced(player, t(tile), None if on is None else t(on))


def deal(**hands: str) -> dict[str, tuple[Tile, ...]]:
    """``deal(Ann="5-5 2-5 ...", Bo="...")``: tiles separated by spaces."""
    return {name: tiles(*spec.split()) for name, spec in hands.items()}


def known_match(
    players: tuple[str, ...],
    hands: dict[str, tuple[Tile, ...]],
    opener: str,
    partnerships: bool = False,
    target: int = 61,
) -> Match:
    """A match started with one known hand dealt."""
    match = Match()
    match.apply(MatchStarted(players, partnerships, target))
    match.apply(HandStarted(opener, hands))
    return match


def apply_all(match: Match, events: Iterable[Event]) -> Match:
    for event in events:
        match.apply(event)
    return match


def replay_file(path: Path, keep_events: bool = False) -> Replayed:
    return replay_lines(read_lines(str(path)), keep_events)


def tourney_exe() -> str:
    """The ``tourney`` console script of the interpreter running the tests."""
    exe = Path(sys.executable).with_name("tourney")
    return str(exe) if exe.exists() else "tourney"


def run_tourney(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [tourney_exe(), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        timeout=120,
        check=False,
    )


def tourney_here(
    *args: str, cwd: Path | None = None, env: dict[str, str | None] | None = None
) -> subprocess.CompletedProcess[str]:
    """`tourney ARGS` run in this process (Typer's runner, in `cwd` when given, `env` over
    the environment): what a process would have exited with and printed, without the
    ~0.25-0.5 s of CPU a process costs to start. For a test of what a command does, not of
    the process (`run_tourney` starts one). An exception that escaped tourney's own edge,
    which a process would have died of, is raised."""
    from contextlib import chdir, nullcontext

    from typer.testing import CliRunner

    from tourney.cli.app import app

    with chdir(cwd) if cwd is not None else nullcontext():
        result = CliRunner().invoke(app, list(args), env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return subprocess.CompletedProcess(
        ["tourney", *args], result.exit_code, result.stdout, result.stderr
    )


def to_hidden(events: list[Event], rng: random.Random) -> list[tuple[Event, int | None]]:
    """The hidden-hand form of a known-hand record.

    Deals are dropped, each draw keeps its tile or not at random, and after each hand that
    ends by a count the players the count needs reveal what they hold (from the known
    replay), in random order. Each event comes with the index of the known event it stands
    for (None for an added reveal), so line numbers can be matched up.
    """
    match = Match()
    out: list[tuple[Event, int | None]] = []
    for index, event in enumerate(events):
        outcome = match.apply(event)
        if isinstance(event, HandStarted):
            out.append((HandStarted(event.opener, None, event.extra), index))
        elif isinstance(event, TileDrawn):
            tile = event.tile if rng.random() < 0.5 else None
            out.append((TileDrawn(event.player, tile, event.extra), index))
        else:
            out.append((event, index))
        if outcome.credits is None:
            continue
        if outcome.hand_ended is HandEnd.DOMINO:
            assert outcome.placement is not None
            winner = match.side_of_player(outcome.placement.player)
            needed = [s for s in range(match.n) if match.side_of[s] != winner]
        else:
            needed = list(range(match.n))
        rng.shuffle(needed)
        for seat in needed:
            held = sorted(match.held[seat])
            rng.shuffle(held)
            out.append((TilesRevealed(match.players[seat], tuple(held)), None))
    return out


def db_checksum(path: str | Path) -> str:
    """The SHA-256 of a SQLite database file with its write-ahead log folded in first: equal
    before and after a command exactly when the command committed nothing (every commit
    changes the file's change counter)."""
    import hashlib
    import sqlite3

    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


RACEHORSE_RECORDS = SHARED_RECORDS / "racehorse"
"""The shared Racehorse samples (RACEHORSE.md §7): valid/ and invalid/ with MANIFEST.tsv."""
RACEHORSE_EXAMPLES = FIXTURES / "racehorse" / "examples"
"""The eight worked deals of RACEHORSE-EXAMPLES.md, one record each (E1-...jsonl)."""


def without_hands(lines: list[str]) -> list[str]:
    """The hidden-hand form of a Racehorse record: ``hands`` dropped from every
    ``deal_started``, every other line (and so every line number) as it was."""
    out = []
    for text in lines:
        obj = json.loads(text) if text.strip() and not text.lstrip().startswith("#") else None
        if isinstance(obj, dict) and obj.get("type") == "deal_started" and "hands" in obj:
            del obj["hands"]
            text = json.dumps(obj, ensure_ascii=False)
        out.append(text)
    return out


def sample_manifest(folder: Path) -> dict[str, dict[str, str]]:
    """A shared sample folder's MANIFEST.tsv: each record's row, by record number."""
    lines = (folder / "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    rows = [dict(zip(header, line.split("\t"), strict=True)) for line in lines[1:] if line]
    return {row["record"]: row for row in rows}


def sample_expected(path: Path) -> Any:
    """What a shared sample must give: its ``NNNN.expected.json``."""
    return json.loads(path.with_suffix(".expected.json").read_text(encoding="utf-8"))


def sample_id(path: Path) -> str:
    """A test id for a shared sample: its number, variant and what it exercises."""
    row = sample_manifest(path.parent).get(path.stem, {})
    what = row.get("mutation") or row.get("config") or row.get("players", "")
    return f"{path.stem}-{row.get('variant', '')}-{what}"


_engines: dict[int, Any] = {}


def engine_of(store: Any) -> Any:
    """A SQLAlchemy engine on the database of `store` (an `EventStore`), for tests that
    inspect or migrate its schema: the store itself runs on driver connections alone
    (`tourney.store.connections`). One per store, disposed when the store is collected."""
    import weakref

    from tourney.store.database import make_engine

    engine = _engines.get(id(store))
    if engine is None:
        engine = _engines[id(store)] = make_engine(store.target.url)
        key = id(store)

        def forget() -> None:
            gone = _engines.pop(key, None)
            if gone is not None:
                gone.dispose()

        weakref.finalize(store, forget)
    return engine
