"""`tourney db upgrade`, `tourney db status`, `tourney verify`, `tourney rebuild`: exit codes,
one-line errors, nothing written on error, help with an example."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.integration.matches import dump, simulated
from tests.support import engine_of
from tourney.cli.app import app
from tourney.projections import open_store
from tourney.projections.match_view import new_events
from tourney.store.eventstore import EventStore, NewEvent
from tourney.store.migrate import HEAD_REVISION
from tourney.streams.matches import upcasters

runner = CliRunner(env={"COLUMNS": "100", "TOURNEY_DATABASE_URL": None})


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def filled(tmp_path: Path) -> str:
    path = str(tmp_path / "filled.db")
    store, _ = open_store(path)  # as commands do: projections attached
    with store:
        store.append("match-1", new_events(simulated(7)[:12]))
        store.append("match-2", new_events(simulated(8)))
    return path


@pytest.mark.parametrize(
    "command", [["db"], ["db", "upgrade"], ["db", "status"], ["verify"], ["rebuild"]]
)
def test_help_ends_with_an_example(command: list[str]) -> None:
    code, out, _ = run(*command, "--help")
    assert code == 0
    assert f"Example: tourney {' '.join(command[:1])}" in out


def test_upgrade_creates_then_reports_current(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    code, out, err = run("db", "upgrade", "--db", str(path))
    assert (code, err) == (0, "")
    assert f"upgraded from empty to revision {HEAD_REVISION}" in out
    code, out, _ = run("db", "upgrade", "--db", str(path))
    assert code == 0 and "already at revision" in out


def test_status_counts_events_and_projections(filled: str) -> None:
    code, out, _ = run("db", "status", "--db", filled, "--json")
    assert code == 0
    report = json.loads(out)
    assert report["backend"] == "sqlite" and report["revision"] == HEAD_REVISION
    assert report["streams"] == 2 and report["events"] == 12 + len(simulated(8))
    assert report["projections"] == [
        {"name": name, "position": report["last_position"], "behind": False}
        for name in ("match_views", "standings_views", "result_policy")
    ]
    with EventStore.from_url(filled) as bare:  # no projections: the read model falls behind
        bare.append("match-3", new_events(simulated(9)[:2]))
    code, out, _ = run("db", "status", "--db", filled)
    assert code == 0 and "match_views at position" in out and out.endswith("(behind)\n")


def test_verify_intact_log(filled: str) -> None:
    code, out, err = run("verify", "--db", filled, "--heads")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[-1].startswith("ok: ") and "2 streams" in lines[-1]
    with EventStore.from_url(filled) as store:
        assert lines[0] == f"{store.short_head_hash('match-1')}  match-1 (version 12)"


def test_verify_names_tampered_events(filled: str) -> None:
    with EventStore.from_url(filled) as store, engine_of(store).connect() as connection:
        connection.exec_driver_sql("DROP TRIGGER events_no_update")
        connection.exec_driver_sql(
            "UPDATE events SET payload = '{}' WHERE stream_id = 'match-1' AND version = 3"
        )
        connection.commit()
    code, out, err = run("verify", "--db", filled)
    assert code == 1 and out == ""
    assert err.splitlines() == [
        "problem: stream 'match-1' version 3: content does not match its hash (edited, "
        "inserted or swapped, or the hash of the event before it was rewritten)"
    ]
    code, out, _ = run("verify", "--db", filled, "--json")
    assert code == 1
    report = json.loads(out)
    assert report["ok"] is False
    assert [(p["stream"], p["version"]) for p in report["problems"]] == [("match-1", 3)]


def test_rebuild_gives_identical_tables(filled: str) -> None:
    with EventStore.from_url(filled) as store:
        before = dump(engine_of(store), "match_views", "projection_checkpoints")
        assert len(before["match_views"]) == 2
        code, out, _ = run("rebuild", "--db", filled)
        assert code == 0 and out.startswith("rebuilt match_views, standings_views from ")
        assert dump(engine_of(store), "match_views", "projection_checkpoints") == before


def test_rebuild_refuses_to_forget_removed_events(filled: str) -> None:
    with EventStore.from_url(filled) as store:
        (last,) = store.fetch_rows(
            "SELECT stream_id, version FROM events ORDER BY position DESC LIMIT 1", ()
        )
        with engine_of(store).connect() as connection:
            connection.exec_driver_sql("DROP TRIGGER events_no_delete")
            connection.exec_driver_sql(
                "DELETE FROM events WHERE position = (SELECT MAX(position) FROM events)"
            )
            connection.commit()
        before = dump(engine_of(store), "match_views", "projection_checkpoints")
        code, out, err = run("rebuild", "--db", filled)
        assert (code, out) == (1, "")
        assert err.startswith(
            f"error: not rebuilding: stream {last[0]!r} version {last[1]}: removed: the read model "
        )
        assert dump(engine_of(store), "match_views", "projection_checkpoints") == before
        code, out, _ = run("rebuild", "--db", filled, "--force")
        assert code == 0 and out.startswith("rebuilt ")
        code, _, _ = run("verify", "--db", filled)
        assert code == 0  # what is stored is consistent: the witness went with --force


def test_database_from_environment_then_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    env_db = tmp_path / "env.db"
    result = runner.invoke(app, ["db", "upgrade"], env={"TOURNEY_DATABASE_URL": str(env_db)})
    assert result.exit_code == 0 and env_db.exists()
    assert not (tmp_path / "tourney.db").exists()
    code, _, _ = run("db", "upgrade")
    assert code == 0 and (tmp_path / "tourney.db").exists()


@pytest.mark.parametrize("command", [["db", "status"], ["verify"], ["rebuild"], ["db", "upgrade"]])
@pytest.mark.parametrize(
    ("db", "message"),
    [
        ("{tmp}/missing/x.db", "{missing}"),
        ("{tmp}", "is a folder, not a file"),
        ("{tmp}/garbage.db", "not a SQLite database"),
        ("mysql://u@h/db", "backend 'mysql' is not supported"),
        ("sqlite://", "has no file path"),
        ("postgresql+psycopg://nobody@127.0.0.1:1/none", "cannot open database"),
    ],
)
def test_bad_database_is_one_line_and_writes_nothing(
    tmp_path: Path, command: list[str], db: str, message: str
) -> None:
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"not a database at all\n")
    before = sorted(tmp_path.rglob("*"))
    code, out, err = run(*command, "--db", db.format(tmp=tmp_path))
    # Only `db upgrade` would make a database; the others look for one and find none.
    creates = command == ["db", "upgrade"]
    message = message.format(
        missing="folder does not exist" if creates else "no tourney database here"
    )
    assert code == 1 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("error: ") and message in err
    assert sorted(tmp_path.rglob("*")) == before
    assert garbage.read_bytes() == b"not a database at all\n"


def test_the_installed_command_prints_no_traceback(tmp_path: Path) -> None:
    tourney = Path(sys.executable).parent / "tourney"
    result = subprocess.run(
        [str(tourney), "verify", "--db", str(tmp_path / "no" / "such.db")],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "db", ["postgresql://club@127.0.0.1/tourney", "postgresql+psycopg://x@h/d"]
)
def test_postgresql_without_its_extra_is_one_line(tmp_path: Path, db: str) -> None:
    """PostgreSQL's driver comes with `tourney[postgres]`: without it, the fix is named."""
    code = (
        "import sys; sys.modules['psycopg'] = None; sys.argv[0] = 'tourney'\n"
        "from tourney.cli.app import main; main()"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, "db", "status", "--db", db],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == (
        "error: PostgreSQL support is not installed: pip install 'tourney[postgres]'\n"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.postgres
def test_status_on_postgresql(postgres_url: str) -> None:
    with EventStore.from_url(postgres_url) as store:
        store.append("s-1", [NewEvent("noted", {})])
    code, out, _ = run("db", "status", "--db", postgres_url, "--json")
    assert code == 0
    report = json.loads(out)
    assert report["backend"] == "postgresql" and report["events"] == 1


def test_every_store_command_reads_old_payloads_through_the_games_upcasters(
    tmp_path: Path,
) -> None:
    """The store knows no game: each command that opens one hands it the games' upcasters
    (`tourney.streams.matches.upcasters`), so a match stored in Horse Race's first vocabulary (tiles
    as pairs, schema version 0) still replays, rebuilds, verifies and shows."""
    path = str(tmp_path / "old.db")
    old = [
        NewEvent("match_started", {"players": ["Ann", "Bo"]}),
        NewEvent("hand_started", {"opener": "Ann"}),
        NewEvent("tile_placed", {"player": "Ann", "tile": [5, 5]}, schema_version=0),
    ]
    with EventStore.from_url(path, registry=upcasters()) as store:
        store.append("match-OLD", old)
    for command in (["db", "status"], ["verify"], ["rebuild"], ["show", "OLD"]):
        code, _out, err = run(*command, "--db", path)
        assert (code, err) == (0, ""), command
    assert "5-5" in run("show", "OLD", "--db", path)[1]
