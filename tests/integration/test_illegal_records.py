"""The illegal records of fixtures/illegal/: each breaks one rule and must be refused at the
line its MANIFEST names, with a one-line reason, exit code 1 and no traceback."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.support import FIXTURES, run_tourney
from tourney.cli.app import app
from tourney.games.horserace.record import RecordError, read_lines, replay_lines

ILLEGAL = FIXTURES / "illegal"


@dataclass(frozen=True)
class Row:
    path: Path
    rule: str
    variant: str
    line: int
    expect: str


def _rows() -> list[Row]:
    lines = (ILLEGAL / "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()
    rows = []
    for text in lines[1:]:
        name, rule, variant, line, expect = text.split("\t")
        rows.append(Row(ILLEGAL / name, rule, variant, int(line), expect))
    return rows


ROWS = _rows()


def test_manifest_lists_every_file_and_both_variants() -> None:
    assert {r.path.name for r in ROWS} == {p.name for p in ILLEGAL.glob("*.jsonl")}
    variants: dict[str, set[str]] = {}
    for row in ROWS:
        variants.setdefault(row.path.name.split("-")[1], set()).add(row.variant)
    for rule in ("wrong_turn", "tile_on_table", "spinner_full", "draw_when_able", "pass_when_able"):
        assert variants[rule] == {"known", "hidden"}, rule


@pytest.mark.parametrize("row", ROWS, ids=[r.path.stem for r in ROWS])
def test_illegal_record_is_refused_at_its_line(row: Row) -> None:
    lines = read_lines(str(row.path))
    with pytest.raises(RecordError) as info:
        replay_lines(lines)
    assert info.value.line == row.line
    assert row.expect in info.value.reason
    if row.line > 1 and "no_match_started" not in row.path.name:
        # Everything before the offending line is legal: the fault is that line's alone.
        replay_lines(lines[: row.line - 1])


@pytest.mark.parametrize("row", ROWS, ids=[r.path.stem for r in ROWS])
def test_illegal_record_through_the_cli(row: Row) -> None:
    result = CliRunner().invoke(app, ["replay", str(row.path), "--json"])
    assert result.exit_code == 1
    assert result.stderr == f"line {row.line}: {json.loads(result.stdout)['error']['message']}\n"
    error = json.loads(result.stdout)["error"]
    assert error["line"] == row.line
    assert row.expect in error["message"]


def test_every_illegal_record_exits_1_without_traceback_in_a_real_process() -> None:
    done = run_tourney("replay", *(str(r.path) for r in ROWS), "--json")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == len(ROWS)
    errors = {
        json.loads(line)["file"]: json.loads(line)["error"] for line in done.stdout.splitlines()
    }
    assert {Path(name).name: e["line"] for name, e in errors.items()} == {
        r.path.name: r.line for r in ROWS
    }
