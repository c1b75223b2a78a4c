"""Numbers and text in match records (issue 11 items 10, 12): what JSON cannot say is
malformed, what the store cannot keep exactly is refused at import, and everything else
round-trips exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tests.cli.conftest import Cli, checksum
from tourney.cli.app import app
from tourney.games.horserace.record import RecordError, check_storable, replay_lines

START = '{"type": "match_started", "version": 1, "players": ["Ann", "Bo"], "partnerships": false'


def replay(*args: str) -> Result:
    """`tourney replay ...`: it reads files only (no --db)."""
    return CliRunner().invoke(app, ["replay", *args])


def record(tmp_path: Path, *lines: str, name: str = "R1.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (START + ', "target": 61, "note": ' + "9" * 5000 + "}", "a number too long to read"),
        (START + ', "target": NaN}', "NaN is not a JSON number"),
        (START + ', "target": 61, "note": -Infinity}', "-Infinity is not a JSON number"),
        (
            '{"type": "match_started", "players": ["Ann\\udcff", "Bo"]}',
            "a string holds a lone surrogate (not text)",
        ),
    ],
)
def test_what_is_not_json_is_malformed_at_its_line(
    cli: Cli, tmp_path: Path, line: str, reason: str
) -> None:
    path = record(tmp_path, "# a comment", line)
    result = replay(str(path))
    assert result.exit_code == 1
    assert result.stderr == f"line 2: malformed JSON: {reason}\n"
    result = replay(str(path), "--json")
    assert json.loads(result.stdout)["error"] == {"line": 2, "message": f"malformed JSON: {reason}"}
    before = checksum(cli.db)
    result = cli("import", str(path))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert f"line 2: malformed JSON: {reason}" in result.stderr
    assert checksum(cli.db) == before


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        (', "target": 10000000000000000000000000000', "'target': a number of about 29 digits"),
        (', "target": 1001', "'target': 1001 is outside what tourney stores (1 to 1000)"),
        (', "note": 100000000000000000000000', "'note': a number of about 24 digits is too"),
        (', "note": [1, {"deep": 1e400}]', "'note': inf is not a finite number"),
    ],
)
def test_values_the_store_cannot_keep_exactly_are_refused_at_import(
    cli: Cli, tmp_path: Path, fields: str, reason: str
) -> None:
    path = record(tmp_path, START + fields + "}")
    assert replay(str(path)).exit_code == 0  # a record may say it; tourney won't store it
    before = checksum(cli.db)
    result = cli("import", str(path))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"error: {path}: line 1: {reason}")
    assert checksum(cli.db) == before
    cli.ok("verify")


@pytest.mark.parametrize(
    "players",
    [["Ann\x1b[31m", "Bo"], ["Ann\n", "Bo"], [" Ann", "Bo"], ["Ann", "ANN"], ["Zoë", "Zoe"]],
)
def test_a_record_whose_names_are_not_clean_is_refused_not_rewritten(
    cli: Cli, tmp_path: Path, players: list[str]
) -> None:
    line = json.dumps({"type": "match_started", "players": players})
    path = record(tmp_path, line)
    before = checksum(cli.db)
    result = cli("import", str(path))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "line 1: 'players': " in result.stderr and "\x1b" not in result.stderr
    assert checksum(cli.db) == before


def test_a_replayed_account_shows_control_characters_escaped(cli: Cli, tmp_path: Path) -> None:
    line = json.dumps({"type": "match_started", "players": ["Ann\x1b[2J", "Bo"]})
    result = replay(str(record(tmp_path, line)))
    assert result.exit_code == 0
    assert "\x1b" not in result.stdout and "Ann\\x1b[2J" in result.stdout


def test_extra_fields_round_trip_exactly(cli: Cli, tmp_path: Path) -> None:
    lines = [
        START + ', "target": 61, "at": "2026-04-01T19:00:00Z", "count": 9223372036854775807, '
        '"ratio": 0.1, "neg": -12, "flags": [true, null, {"k": "v"}], "note": "Zoë 美咲"}',
        '{"type": "hand_started", "opener": "Ann", "by": "scorer 2"}',
    ]
    path = record(tmp_path, *lines)
    cli.ok("import", str(path), "--id", "R1")
    exported = cli.ok("export", "R1").stdout.splitlines()
    assert [json.loads(line) for line in exported] == [json.loads(line) for line in lines]
    again = record(tmp_path, *exported, name="again.jsonl")
    cli.ok("import", str(again), "--id", "R2")
    assert cli.ok("export", "R2").stdout.splitlines() == exported  # byte for byte


def test_a_file_name_that_is_not_utf8_is_shown_escaped(cli: Cli, tmp_path: Path) -> None:
    line = json.dumps({"type": "match_started", "players": ["Ann", "Bo"]})
    odd = tmp_path / "odd-\udcff.jsonl"  # the bytes b"odd-\xff.jsonl" on disk
    odd.write_text(line + "\n", encoding="utf-8")
    plain = record(tmp_path, line, name="plain.jsonl")
    result = replay(str(plain), str(odd))
    assert result.exit_code == 0
    assert "== " + str(tmp_path) + "/odd-\\udcff.jsonl" in result.stdout
    result = replay(str(tmp_path / "missing-\udcfe.jsonl"))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "missing-\\udcfe.jsonl: no such file" in result.stderr


def test_check_storable_cites_the_line() -> None:
    lines = [START + ', "target": 61}', '{"type": "hand_started", "opener": "Ann", "n": 1e999}']
    replayed = replay_lines(lines, keep_events=True)
    with pytest.raises(RecordError) as caught:
        check_storable(replayed.events)
    assert caught.value.line == 2 and "'n': inf is not a finite number" in caught.value.reason


def test_a_surrogate_pair_is_one_character_and_replays(tmp_path: Path) -> None:
    line = '{"type": "match_started", "players": ["Ann \\ud83d\\ude00", "Bo"]}'
    result = replay(str(record(tmp_path, line)), "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["sides"][0]["players"] == ["Ann 😀"]
