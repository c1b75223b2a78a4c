"""A command that only reads never creates a database: it says where it looked."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.cli.conftest import Cli
from tourney.cli.app import app

READERS = [
    ["standings"],
    ["pairings"],
    ["show", "T3"],
    ["export", "T3"],
    ["verify"],
    ["rebuild"],
    ["db", "status"],
    ["tournament", "list"],
    ["tournament", "show"],
    ["ratings"],
    ["roster"],
    ["roster", "show", "Ann"],
    ["series", "standings"],
    ["series", "list"],
    ["record", "T3"],
    # ... and every command that needs what only a database can hold
    ["place", "T3", "5-5"],
    ["hand", "T3"],
    ["undo", "T3"],
    ["pair"],
    ["player", "add", "Ann"],
    ["director", "void", "club-night-r1-t1"],
    ["publish", "site"],
]


@pytest.mark.parametrize("args", READERS, ids=[" ".join(a) for a in READERS])
def test_a_command_that_needs_a_database_makes_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TOURNEY_DATABASE_URL", raising=False)
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    assert result.stderr == (
        "error: no tourney database here (looked for ./tourney.db); "
        "create one with `tourney tournament create NAME`\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_an_empty_file_is_not_taken_for_a_database(tmp_path: Path) -> None:
    empty = tmp_path / "scores.db"
    empty.touch()
    result = Cli(str(empty))("standings")
    assert result.exit_code == 1
    assert "no tourney database here (looked for " in result.stderr
    assert "--db " in result.stderr  # the way to create it where it was looked for
    assert empty.stat().st_size == 0
    assert not Path(f"{empty}-wal").exists()


def test_the_commands_that_create_still_do(tmp_path: Path) -> None:
    for name, args in [
        ("a.db", ["tournament", "create", "Club Night"]),
        ("b.db", ["start", "K3", "--players", "Ann,Bo"]),
        ("c.db", ["db", "upgrade"]),
    ]:
        Cli(str(tmp_path / name)).ok(*args)
        assert (tmp_path / name).stat().st_size > 0


@pytest.mark.postgres
def test_a_postgresql_database_without_tourney_tables_is_not_set_up_by_a_read(
    postgres_url: str,
) -> None:
    from sqlalchemy import create_engine, inspect

    cli = Cli(postgres_url)
    result = cli("standings")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: no tourney database at postgresql+psycopg://")
    assert "(it has no tourney tables)" in result.stderr and result.stderr.count("\n") == 1
    engine = create_engine(postgres_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as connection:
            assert inspect(connection).get_table_names() == []
    finally:
        engine.dispose()
    cli.ok("tournament", "create", "Club Night")
    assert cli.ok("standings").exit_code == 0
