"""Every shared sample record: valid ones replay to their expected JSON, invalid ones fail
at the expected line, both through the library and through ``tourney replay --json``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support import SHARED, SHARED_RECORDS, run_tourney, shared_params
from tourney.record import RecordError, read_lines, replay_lines

pytestmark = SHARED


def _manifest(folder: Path) -> dict[str, dict[str, str]]:
    lines = (folder / "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    rows = [dict(zip(header, line.split("\t"), strict=True)) for line in lines[1:] if line]
    return {row["record"]: row for row in rows}


def _expected(path: Path) -> Any:
    return json.loads(path.with_suffix(".expected.json").read_text(encoding="utf-8"))


def _id(path: Path) -> str:
    manifest = _manifest(path.parent)
    row = manifest.get(path.stem, {})
    what = row.get("mutation") or row.get("config", "")
    return f"{path.stem}-{row.get('variant', '')}-{what}"


VALID = shared_params("valid", _id)
INVALID = shared_params("invalid", _id)


def test_the_samples_are_there() -> None:
    assert len(VALID) >= 24, f"no sample records under {SHARED_RECORDS}"
    assert len(INVALID) >= 25


@pytest.mark.parametrize("path", VALID)
def test_valid_record_replays_to_expected_json(path: Path) -> None:
    summary = replay_lines(read_lines(str(path))).match.summary()
    assert summary == _expected(path)


@pytest.mark.parametrize("path", VALID)
def test_valid_record_replays_through_the_cli(path: Path) -> None:
    done = run_tourney("replay", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert json.loads(done.stdout) == _expected(path)


@pytest.mark.parametrize("path", INVALID)
def test_invalid_record_fails_at_the_expected_line(path: Path) -> None:
    line = _expected(path)["error_line"]
    with pytest.raises(RecordError) as info:
        replay_lines(read_lines(str(path)))
    assert info.value.line == line
    assert info.value.reason.strip()
    assert "\n" not in info.value.reason


@pytest.mark.parametrize("path", INVALID)
def test_invalid_record_fails_through_the_cli(path: Path) -> None:
    line = _expected(path)["error_line"]
    done = run_tourney("replay", str(path), "--json")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"line {line}: ")
    error = json.loads(done.stdout)["error"]
    assert error["line"] == line
    assert isinstance(error["message"], str) and error["message"]
