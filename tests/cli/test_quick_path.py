"""A scorer's one-shot command as a process (the console script reads a plain line itself,
without Typer: `tourney.cli.quick`) prints, refuses and stores exactly what the same line
does through Typer (the whole app, in-process): a whole hidden-hand match, with `show`,
`undo`, `--at`, `--json` and refusals along the way, on two copies of one database."""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path

from typer.testing import CliRunner

from tests.factories.tablesim import hidden_match
from tests.support import run_tourney
from tourney.cli.app import app
from tourney.scorer.oneshot import one_shot_args

# The stream's head hash holds each event's time of recording: the two copies differ there.
HASH = re.compile(r"(v[0-9]+ )[0-9a-f]{12}|(\"head\": \")[0-9a-f]{12}")


def _same(text: str) -> str:
    return HASH.sub(lambda m: f"{m.group(1) or m.group(2)}#", text)


# What the engine or the desk refuses among `_lines()`, by command and match.
REFUSED = [["place", "K1"], ["hand", "K1"], ["draw", "K1"], ["reveal", "K1"]]


def _lines() -> list[list[str]]:
    events = hidden_match(seed=5, target=21)
    lines = [one_shot_args(event, "K1") for event in events]
    extra: list[list[str]] = [
        ["show", "K1"],
        ["show", "K1", "--json"],
        ["place", "K1", "9-9"],  # not a tile: refused by the engine
        ["undo", "K1"],
        ["undo", "K1", "--redo", "--json"],
        ["hand", "K1", "--at", "1"],  # the match has moved on
        ["draw", "K1", "--player=Nobody"],
        ["show", "K9"],  # no match yet: says so
        ["reveal", "K1", "Ann", "0-0", "--at", "2"],
    ]
    mixed = lines[:6] + extra[:5] + lines[6:12] + extra[5:] + lines[12:]
    return [*mixed, ["show", "K1"], ["show", "K1", "--json"]]


def _events(path: Path) -> list[tuple[str, int, str, str]]:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = connection.execute(
            "SELECT stream_id, version, type, payload FROM events ORDER BY position"
        ).fetchall()
    finally:
        connection.close()
    return [(str(s), int(v), str(t), str(p)) for s, v, t, p in rows]


def test_the_quick_path_prints_refuses_and_stores_what_typer_does(tmp_path: Path, db: str) -> None:
    quick_db, typer_db = tmp_path / "quick.db", tmp_path / "typer.db"
    shutil.copyfile(db, quick_db)
    shutil.copyfile(db, typer_db)
    runner = CliRunner()
    refused: list[list[str]] = []
    for line in _lines():
        by_process = run_tourney(*line, "--db", str(quick_db))
        in_process = runner.invoke(app, [*line, "--db", str(typer_db)])
        assert by_process.returncode == in_process.exit_code, (line, by_process.stderr)
        assert _same(by_process.stdout) == _same(in_process.stdout), line
        assert by_process.stderr == in_process.stderr, line
        if by_process.returncode != 0:
            refused.append(line[:2])
    assert refused == REFUSED  # each reached its command and was refused there
    assert _events(quick_db) == _events(typer_db)
