"""A database file tourney may read but not write (issue 23, item 13): every command that
only reads reads it, `db status` and `verify` as `show` does (they said "permission denied").

Root may write any file whatever its mode: the test also makes `os.access` say what it says
to anyone else, so that it checks the same thing as root."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.cli.conftest import Cli


def test_the_readers_read_a_read_only_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "night.db"
    cli = Cli(str(db))
    cli.ok("tournament", "create", "Club Night", "--table-size", "2")
    for name in ("Ann", "Bo"):
        cli.ok("player", "add", name)
    cli.ok("pair")
    db.chmod(0o444)
    real = os.access

    def access(path: object, mode: int, *args: object, **kwargs: object) -> bool:
        if mode & os.W_OK and Path(str(path)).resolve() == db.resolve():
            return False
        return real(path, mode, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)
    try:
        for args in (["show", "T1"], ["db", "status"], ["verify"], ["standings"]):
            result = cli(*args)
            assert result.exit_code == 0, (args, result.stderr)
            assert "permission denied" not in result.stderr
    finally:
        db.chmod(0o644)
