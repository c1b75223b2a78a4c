"""Every shared Racehorse sample: valid records replay to exactly their expected object,
invalid ones fail at exactly their expected line with a one-line reason."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support import RACEHORSE_RECORDS, require_shared
from tourney.errors import RecordError
from tourney.games.racehorse.record import is_racehorse_record, replay_lines
from tourney.textfiles import read_lines

VALID = sorted((RACEHORSE_RECORDS / "valid").glob("*.jsonl"))
INVALID = sorted((RACEHORSE_RECORDS / "invalid").glob("*.jsonl"))


def manifest(folder: Path) -> dict[str, dict[str, str]]:
    lines = (folder / "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    rows = [dict(zip(header, line.split("\t"), strict=True)) for line in lines[1:] if line]
    return {row["record"]: row for row in rows}


def expected(path: Path) -> Any:
    return json.loads(path.with_suffix(".expected.json").read_text(encoding="utf-8"))


def ident(path: Path) -> str:
    row = manifest(path.parent).get(path.stem, {})
    return f"{path.stem}-{row.get('variant', '')}-{row.get('mutation') or row.get('players', '')}"


def test_the_samples_are_there() -> None:
    require_shared()
    assert len(VALID) >= 16, f"no Racehorse samples under {RACEHORSE_RECORDS}"
    assert len(INVALID) >= 20
    assert set(manifest(RACEHORSE_RECORDS / "valid")) == {p.stem for p in VALID}
    assert set(manifest(RACEHORSE_RECORDS / "invalid")) == {p.stem for p in INVALID}


@pytest.mark.parametrize("path", VALID, ids=[ident(p) for p in VALID])
def test_valid_record_replays_to_its_expected_object(path: Path) -> None:
    lines = read_lines(str(path))
    assert is_racehorse_record(lines)
    assert replay_lines(lines).match.summary() == expected(path)


@pytest.mark.parametrize("path", INVALID, ids=[ident(p) for p in INVALID])
def test_invalid_record_fails_at_its_expected_line(path: Path) -> None:
    line = expected(path)["error_line"]
    lines = read_lines(str(path))
    with pytest.raises(RecordError) as info:
        replay_lines(lines)
    assert info.value.line == line
    assert info.value.reason.strip() and "\n" not in info.value.reason
    if line > 1:  # everything before the offending line is legal: the fault is that line's
        replay_lines(lines[: line - 1])


@pytest.mark.parametrize("path", INVALID, ids=[ident(p) for p in INVALID])
def test_invalid_record_gives_the_manifests_reason(path: Path) -> None:
    """The sample wordings of MANIFEST.tsv are the engine's own."""
    reason = manifest(path.parent)[path.stem]["engine_message"]
    with pytest.raises(RecordError) as info:
        replay_lines(read_lines(str(path)))
    if "'hands'" in reason:  # ours also says how many were dealt
        assert info.value.reason.startswith(reason)
    elif "does not hold" in reason:  # ours also says who played it
        assert info.value.reason.split(" (")[0] == reason.split(" (")[0]
    else:
        assert info.value.reason == reason


@pytest.mark.parametrize("path", VALID[::2], ids=[ident(p) for p in VALID[::2]])
def test_a_known_sample_and_its_hidden_twin_replay_alike(path: Path) -> None:
    twin = path.with_name(f"{int(path.stem) + 1:04d}.jsonl")
    assert expected(path) == expected(twin)
    assert replay_lines(read_lines(str(twin))).match.summary() == expected(path)
