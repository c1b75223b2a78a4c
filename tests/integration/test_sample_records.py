"""Every shared sample record: valid ones replay to their expected JSON, invalid ones fail
at the expected line, both through the library and through ``tourney replay --json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import (
    SHARED,
    SHARED_RECORDS,
    sample_expected,
    sample_id,
    shared_params,
    tourney_here,
)
from tourney.games.horserace.record import RecordError, read_lines, replay_lines

pytestmark = SHARED


VALID = shared_params("valid", sample_id)
INVALID = shared_params("invalid", sample_id)


def test_the_samples_are_there() -> None:
    assert len(VALID) >= 24, f"no sample records under {SHARED_RECORDS}"
    assert len(INVALID) >= 25


@pytest.mark.parametrize("path", VALID)
def test_valid_record_replays_to_expected_json(path: Path) -> None:
    summary = replay_lines(read_lines(str(path))).match.summary()
    assert summary == sample_expected(path)


@pytest.mark.parametrize("path", VALID)
def test_valid_record_replays_through_the_cli(path: Path) -> None:
    done = tourney_here("replay", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert json.loads(done.stdout) == sample_expected(path)


@pytest.mark.parametrize("path", INVALID)
def test_invalid_record_fails_at_the_expected_line(path: Path) -> None:
    line = sample_expected(path)["error_line"]
    with pytest.raises(RecordError) as info:
        replay_lines(read_lines(str(path)))
    assert info.value.line == line
    assert info.value.reason.strip()
    assert "\n" not in info.value.reason


@pytest.mark.parametrize("path", INVALID)
def test_invalid_record_fails_through_the_cli(path: Path) -> None:
    line = sample_expected(path)["error_line"]
    done = tourney_here("replay", str(path), "--json")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"line {line}: ")
    error = json.loads(done.stdout)["error"]
    assert error["line"] == line
    assert isinstance(error["message"], str) and error["message"]
