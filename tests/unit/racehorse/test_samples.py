"""Every shared Racehorse sample: valid records replay to exactly their expected object,
invalid ones fail at exactly their expected line with a one-line reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import (
    RACEHORSE_RECORDS,
    require_shared,
    sample_expected,
    sample_id,
    sample_manifest,
    shared_params,
)
from tourney.errors import RecordError
from tourney.games.racehorse.record import is_racehorse_record, replay_lines
from tourney.textfiles import read_lines

VALID = sorted((RACEHORSE_RECORDS / "valid").glob("*.jsonl"))
INVALID = sorted((RACEHORSE_RECORDS / "invalid").glob("*.jsonl"))
# As parameters: without the shared folder one placeholder, skipped (failed under CI), not
# an empty set that fails the whole collection (`make test` on a clone without shared/).
VALID_PARAMS = shared_params("racehorse/valid", sample_id)
INVALID_PARAMS = shared_params("racehorse/invalid", sample_id)


def test_the_samples_are_there() -> None:
    require_shared()
    assert len(VALID) >= 16, f"no Racehorse samples under {RACEHORSE_RECORDS}"
    assert len(INVALID) >= 20
    assert set(sample_manifest(RACEHORSE_RECORDS / "valid")) == {p.stem for p in VALID}
    assert set(sample_manifest(RACEHORSE_RECORDS / "invalid")) == {p.stem for p in INVALID}


@pytest.mark.parametrize("path", VALID_PARAMS)
def test_valid_record_replays_to_its_expected_object(path: Path) -> None:
    lines = read_lines(str(path))
    assert is_racehorse_record(lines)
    assert replay_lines(lines).match.summary() == sample_expected(path)


@pytest.mark.parametrize("path", INVALID_PARAMS)
def test_invalid_record_fails_at_its_expected_line(path: Path) -> None:
    line = sample_expected(path)["error_line"]
    lines = read_lines(str(path))
    with pytest.raises(RecordError) as info:
        replay_lines(lines)
    assert info.value.line == line
    assert info.value.reason.strip() and "\n" not in info.value.reason
    if line > 1:  # everything before the offending line is legal: the fault is that line's
        replay_lines(lines[: line - 1])


@pytest.mark.parametrize("path", INVALID_PARAMS)
def test_invalid_record_gives_the_manifests_reason(path: Path) -> None:
    """The sample wordings of MANIFEST.tsv are the engine's own."""
    reason = sample_manifest(path.parent)[path.stem]["engine_message"]
    with pytest.raises(RecordError) as info:
        replay_lines(read_lines(str(path)))
    if "'hands'" in reason:  # ours also says how many were dealt
        assert info.value.reason.startswith(reason)
    elif "does not hold" in reason:  # ours also says who played it
        assert info.value.reason.split(" (")[0] == reason.split(" (")[0]
    else:
        assert info.value.reason == reason


@pytest.mark.parametrize("path", VALID_PARAMS[::2])
def test_a_known_sample_and_its_hidden_twin_replay_alike(path: Path) -> None:
    twin = path.with_name(f"{int(path.stem) + 1:04d}.jsonl")
    assert sample_expected(path) == sample_expected(twin)
    assert replay_lines(read_lines(str(twin))).match.summary() == sample_expected(path)
