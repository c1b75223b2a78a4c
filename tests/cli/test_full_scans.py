"""No command a director or a scorer runs reads the whole log: every statement it sends that
touches `events` is answered from an index, on SQLite and on PostgreSQL.

Each command runs in-process on a database at the head revision (so on the path users get:
sqlite3 or psycopg), with every connection it opens traced: sqlite3's trace callback and
psycopg's cursor factory. Each statement is then
explained on the same database:

- SQLite: `EXPLAIN QUERY PLAN` must never say `SCAN events`, nor search it by a skip-scan
  (`ANY(...)`): a `SEARCH` reads by key;
- PostgreSQL, with `enable_seqscan = off` so a small table plans as a big one would: no
  `Seq Scan` on `events`, and every index of it used only with a condition on its leading
  column (a condition on a later column alone walks the whole index).

`verify` and `rebuild` read everything by design, and `db status` counts the events: they
are not run here.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tests.factories.tablesim import hidden_record, known_match
from tourney.cli.app import app
from tourney.games.horserace.bots import GreedyBot
from tourney.games.horserace.face import one_shot_args
from tourney.games.horserace.simulate import simulate_match
from tourney.store.eventstore import EventStore

# Statements worth explaining: those that read or write rows.
DML = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b", re.IGNORECASE)


class Traced:
    """The statements the store's connections sent, as `(sql, params)`; sqlite3 gives them
    with their parameters already in the text."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, Any]] = []

    def take(self) -> list[tuple[str, Any]]:
        taken, self.statements = self.statements, []
        return taken


def trace_sqlite(monkeypatch: pytest.MonkeyPatch, traced: Traced) -> None:
    original = sqlite3.connect

    def connect(*args: Any, **kwargs: Any) -> Any:
        connection = original(*args, **kwargs)
        connection.set_trace_callback(lambda sql: traced.statements.append((sql, None)))
        return connection

    monkeypatch.setattr(sqlite3, "connect", connect)


def trace_postgres(monkeypatch: pytest.MonkeyPatch, traced: Traced) -> None:
    import psycopg

    class TracingCursor(psycopg.Cursor[Any]):
        def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
            traced.statements.append((str(query), params))
            return super().execute(query, params, **kwargs)

        def executemany(self, query: Any, params_seq: Iterable[Any], **kwargs: Any) -> None:
            params = list(params_seq)
            traced.statements.extend((str(query), one) for one in params)
            super().executemany(query, params, **kwargs)

    original = psycopg.connect

    def connect(*args: Any, **kwargs: Any) -> Any:
        connection = original(*args, **kwargs)
        connection.cursor_factory = TracingCursor
        return connection

    monkeypatch.setattr(psycopg, "connect", connect)


def sqlite_scans(path: str, statements: Sequence[tuple[str, Any]]) -> list[str]:
    """Each statement that scans `events`, with the plan line that says so."""
    found = []
    connection = sqlite3.connect(path)
    try:
        for sql in sorted({sql for sql, _ in statements if DML.match(sql)}):
            names = {"events", *re.findall(r"\bevents\s+AS\s+(\w+)", sql, re.IGNORECASE)}
            for row in connection.execute(f"EXPLAIN QUERY PLAN {sql}"):
                detail = str(row[3])
                scanned = re.match(r"(SCAN|SEARCH) (\w+)", detail)
                if scanned is None or scanned.group(2) not in names:
                    continue
                if scanned.group(1) == "SCAN" or "ANY(" in detail:
                    found.append(f"{detail}: {sql}")
    finally:
        connection.close()
    return found


def postgres_scans(url: str, statements: Sequence[tuple[str, Any]]) -> list[str]:
    """Each statement whose plan reads `events` other than by its indexes' leading column:
    a sequential scan, or an index walked whole (a condition on a later column only)."""
    import psycopg

    found = []
    libpq_url = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.Connection.connect(libpq_url, autocommit=True) as connection:
        leading: dict[str, str] = dict(
            connection.execute(
                "SELECT c.relname, a.attname FROM pg_index AS i "
                "JOIN pg_class AS c ON c.oid = i.indexrelid "
                "JOIN pg_attribute AS a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] "
                "WHERE i.indrelid = 'events'::regclass"
            ).fetchall()
        )
        connection.execute("SET enable_seqscan = off")
        inline = psycopg.ClientCursor(connection)
        texts = {inline.mogrify(sql, params) for sql, params in statements if DML.match(sql)}
        for text in sorted(texts):
            row = connection.execute(f"EXPLAIN (FORMAT JSON) {text}").fetchone()
            assert row is not None
            for node in _nodes(row[0][0]["Plan"]):
                kind = str(node.get("Node Type"))
                if kind == "Seq Scan" and node.get("Relation Name") == "events":
                    found.append(f"Seq Scan on events: {text}")
                column = leading.get(str(node.get("Index Name")))
                condition = str(node.get("Index Cond", ""))
                used = re.search(rf'\b{column}\b"?\s*(=|<|>|IS\b)', condition)
                if column and not used:
                    found.append(f"{kind} on events ({condition or 'no condition'}): {text}")
    return found


def _nodes(plan: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield plan
    for child in plan.get("Plans", []):
        yield from _nodes(child)


class Commands:
    """`tourney ARGS --db URL` in-process, each command's statements checked for scans."""

    def __init__(self, url: str, traced: Traced, scans: Callable[[list[Any]], list[str]]):
        self.url = url
        self.traced = traced
        self.scans = scans
        self.runner = CliRunner()
        self.found: dict[str, list[str]] = {}
        self.ran: list[str] = []

    def __call__(self, *args: str, input: str | None = None) -> Result:
        self.traced.take()
        result = self.runner.invoke(app, [*args, "--db", self.url], input=input)
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
        statements = self.traced.take()
        assert any("events" in sql for sql, _ in statements), f"nothing traced for {args}"
        name = " ".join(args)
        self.ran.append(name)
        scans = self.scans(statements)
        if scans:
            self.found[name] = scans
        return result

    def players(self, code: str) -> tuple[str, ...]:
        return tuple(json.loads(self("show", code, "--json").stdout)["players"])


def every_command(run: Commands, folder: Path) -> None:
    """A club night and a few ad-hoc matches, through every director and scorer command."""
    (folder / "players.csv").write_text("name,club,rating\nAnn,North,1500\nBo,South,1400\n")
    run(
        "tournament", "create", "Club Night", "--table-size", "2", "--rounds", "2", "--target", "21"
    )
    run("player", "import", str(folder / "players.csv"), "-t", "Club Night")
    run("player", "add", "Cy", "--club", "North")
    run("player", "add", "Di", "--club", "South", "-t", "club-night")
    run("player", "add", "Eve")
    run("player", "withdraw", "Eve")
    run("tournament", "list")
    run("tournament", "list", "--json")
    run("tournament", "show", "-t", "club night")
    run("pair", "--why")
    run("pairings")
    run("show", "T1")
    # Table 1 played to the end by table code (its result posted by the policy), with an
    # undo and a redo on the way; table 2 dealt as a known hand, then forfeited.
    seats = run.players("T1")
    played = simulate_match(random.Random(3), seats, False, [GreedyBot()] * 2, 21)
    for index, event in enumerate(hidden_record(played.events)[1:]):
        run(*one_shot_args(event, "T1"))
        if index == 3:
            run("undo", "T1")
            run("undo", "T1", "--redo")
    first = run.players("T2")[0]
    run("deal", "T2", "--seed", "7", "--opener", first)
    run("record", "T2", input="q\n")
    run("director", "forfeit", "club-night-r1-t2", "--sides", "2", "--reason", "left")
    run("director", "adjudicate", "club-night-r1-t1", "--scores", "61,12", "--winners", "1",
        "--reason", "scoresheet", "--replace")  # fmt: skip
    run("standings")
    run("standings", "--json")
    run("standings", "--csv", "-t", "Club Night")
    run("pair")
    run("director", "no-show", "club-night-r2-t1", run.players("T1")[0])
    run("director", "void", "club-night-r2-t2", "--reason", "wrong tiles")
    run("publish", str(folder / "site"))
    run("export", "club-night-r1-t1", "-o", str(folder / "t1.jsonl"))
    # Ad-hoc matches, and a second and third tournament: partnerships, a knockout seeded
    # from the club night.
    for event in known_match(5, players=2, target=11)[:1]:
        run(*one_shot_args(event, "K1"))
    run("hand", "K1", "--opener", "Ann")
    run("show", "K1", "--json")
    run("export", "K1", "-o", str(folder / "k1.jsonl"))
    run("import", str(folder / "k1.jsonl"), "--id", "K9")
    run("tournament", "create", "Pairs", "--table-size", "4", "--partnerships")
    for name in ("Ann", "Bo", "Cy", "Di"):
        run("player", "add", name)
    run("player", "team", "Ann", "Cy", "--name", "Spinners")
    run("tournament", "create", "Cup", "--format", "elimination", "--table-size", "2",
        "--seeding", "previous")  # fmt: skip
    run("player", "carry", "--from", "Club Night", "--top", "4", "-t", "cup")
    run("standings", "-t", "Pairs")
    # The season: read tournament by tournament, and the roster and series streams.
    run("ratings", "--json", "--history")
    run("roster")
    run("roster", "show", "Ann")
    run("roster", "rename", "Bo", "Bob")
    run("series", "create", "League", "--best", "2")
    run("series", "add", "League", "-t", "Club Night")
    run("tournament", "create", "Night 2", "--series", "League")
    run("series", "standings", "--csv")


@pytest.mark.slow
def test_no_command_scans_the_log_on_sqlite(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    EventStore.from_url(sqlite_url).close()  # at the head revision: the direct path
    traced = Traced()
    trace_sqlite(monkeypatch, traced)
    path = sqlite_url.removeprefix("sqlite:///")
    run = Commands(sqlite_url, traced, lambda statements: sqlite_scans(path, statements))
    monkeypatch.chdir(tmp_path)
    every_command(run, tmp_path)
    assert len(run.ran) > 40
    assert run.found == {}


@pytest.mark.slow
@pytest.mark.postgres
def test_no_command_scans_the_log_on_postgres(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    EventStore.from_url(postgres_url).close()
    traced = Traced()
    trace_postgres(monkeypatch, traced)
    run = Commands(
        postgres_url, traced, lambda statements: postgres_scans(postgres_url, statements)
    )
    monkeypatch.chdir(tmp_path)
    every_command(run, tmp_path)
    assert len(run.ran) > 40
    assert run.found == {}


# A lookup no index answers: every stream's first event of a type.
FIRST_EVENTS = "SELECT stream_id FROM events WHERE version = 1 AND type = {mark} ORDER BY position"


def test_the_sqlite_check_sees_a_scan(sqlite_url: str) -> None:
    EventStore.from_url(sqlite_url).close()
    path = sqlite_url.removeprefix("sqlite:///")
    sql = FIRST_EVENTS.format(mark="'tournament_created'")
    assert sqlite_scans(path, [(sql, None)]) == [f"SCAN events: {sql}"]
    by_key = "SELECT version FROM events WHERE stream_id = 'x' AND version = 1"
    assert sqlite_scans(path, [(by_key, None)]) == []


@pytest.mark.postgres
def test_the_postgres_check_sees_a_scan(postgres_url: str) -> None:
    EventStore.from_url(postgres_url).close()
    lookup = (FIRST_EVENTS.format(mark="%s"), ("tournament_created",))
    (found,) = postgres_scans(postgres_url, [lookup])
    assert found.startswith(("Index Scan on events", "Seq Scan on events")), found
    by_key = "SELECT version FROM events WHERE stream_id = %s AND version = 1"
    assert postgres_scans(postgres_url, [(by_key, ("x",))]) == []
