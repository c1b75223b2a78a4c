"""`tourney replay`: the readable account, --json, and one-line errors for bad files."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.support import (
    FIXTURES,
    SHARED,
    SHARED_RECORDS,
    replay_file,
    run_tourney,
    tourney_exe,
    tourney_here,
)
from tourney.cli.app import app

RECORDS = [
    *(
        pytest.param(SHARED_RECORDS / "valid" / f"{name}.jsonl", id=name, marks=SHARED)
        for name in ("0000", "0003", "0006")
    ),
    *(
        pytest.param(FIXTURES / "examples" / f"{name}.jsonl", id=name)
        for name in ("D6-shared-win-at-count", "D7-target-on-placement")
    ),
]


def account(path: Path) -> list[str]:
    result = CliRunner().invoke(app, ["replay", str(path)], terminal_width=100)
    assert result.exit_code == 0, result.stderr
    return result.stdout.splitlines()


@pytest.mark.parametrize("path", RECORDS)
def test_account_shows_each_hand_end_credits_and_result(path: Path) -> None:
    match = replay_file(path).match
    lines = account(path)
    text = "\n".join(lines)
    for hand in match.hands:
        assert f"Hand {hand.number} — {hand.opener} opens" in text
        if hand.end is not None and hand.end.value != "target":
            credits = [
                f"{' & '.join(match.sides[s])} +{c}" for s, c in enumerate(hand.credits) if c
            ]
            assert f"Hand {hand.number} ends: {hand.end.value}; credits: " in text
            ending = next(x for x in lines if x.strip().startswith(f"Hand {hand.number} ends"))
            for credit in credits:
                assert credit in ending
    if match.hands[-1].end is not None and match.hands[-1].end.value == "target":
        assert "Target reached on a placement: no count." in text
    placements = [x for x in lines if " places " in x]
    assert len(placements) == len(match.placements)
    for line, placement in zip(placements, match.placements, strict=True):
        assert f"ends {placement.ends:>3}" in line
        assert (f"+{placement.points}" in line) == bool(placement.points)
    winners = " and ".join(" & ".join(match.sides[w]) for w in match.winners)
    assert lines[-1].startswith("Result: ")
    assert winners in lines[-1]
    for side, score in zip(match.sides, match.scores, strict=True):
        assert f"{' & '.join(side)} {score}" in lines[-1]


def test_account_of_a_shared_win_says_so() -> None:
    lines = account(FIXTURES / "examples" / "D6-shared-win-at-count.jsonl")
    assert lines[-1] == "Result: Ann & Cy and Bo & Di share the win — Ann & Cy 6, Bo & Di 7"


@SHARED
def test_account_shows_draws_passes_and_reveals() -> None:
    text = "\n".join(account(SHARED_RECORDS / "valid" / "0003.jsonl"))
    assert " draws " in text
    assert " passes" in text
    assert " reveals " in text


@SHARED
def test_unfinished_record_replays_to_its_current_state(tmp_path: Path) -> None:
    lines = (SHARED_RECORDS / "valid" / "0000.jsonl").read_text(encoding="utf-8").splitlines()
    short = tmp_path / "short.jsonl"
    short.write_text("\n".join(lines[:12]) + "\n", encoding="utf-8")
    assert account(short)[-1].startswith("Unfinished: ")
    done = tourney_here("replay", str(short), "--json")
    assert done.returncode == 0
    summary = json.loads(done.stdout)
    assert summary["finished"] is False
    assert summary["winners"] == []
    assert summary["hands"][-1]["end"] is None


def test_json_output_is_the_replay_object() -> None:
    path = FIXTURES / "examples" / "D7-target-on-placement.jsonl"
    done = tourney_here("replay", str(path), "--json")
    assert done.returncode == 0
    assert json.loads(done.stdout) == replay_file(path).match.summary()
    assert done.stdout.count("\n") == 1


def _one_line_failure(*args: str) -> str:
    done = tourney_here("replay", *args)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1
    return done.stderr


def test_missing_file(tmp_path: Path) -> None:
    assert "no such file" in _one_line_failure(str(tmp_path / "nope.jsonl"))


def test_folder(tmp_path: Path) -> None:
    assert "folder" in _one_line_failure(str(tmp_path))


def test_non_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.jsonl"
    path.write_bytes('{"type": "match_started", "players": ["Zoë", "Bo"]}\n'.encode("latin-1"))
    assert "UTF-8" in _one_line_failure(str(path))
    assert "UTF-8" in _one_line_failure(str(path), "--json")


def test_illegal_record_cites_the_line_without_json(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"type": "match_started", "players": ["Ann"]}\n', encoding="utf-8")
    stderr = _one_line_failure(str(path))
    assert stderr.startswith("line 1: ")


def test_many_records_replay_in_the_order_given_as_each_alone() -> None:
    """From FILES_FOR_PROCESSES records on, the replay is shared by a pool of processes:
    every record's line, error and account comes out in the order given, as if each ran
    alone."""
    from tourney.cli.replay_cmd import FILES_FOR_PROCESSES

    files = [
        *sorted((FIXTURES / "examples").glob("*.jsonl")),
        *sorted((FIXTURES / "racehorse" / "examples").glob("*.jsonl")),
        *sorted((FIXTURES / "illegal").glob("*.jsonl"))[:16],
        *sorted((FIXTURES / "records").glob("*.jsonl")),
    ]
    random.Random(7).shuffle(files)  # the games and the illegal ones interleaved
    assert len(files) >= 2 * FILES_FOR_PROCESSES
    alone = [CliRunner().invoke(app, ["replay", "--json", str(p)]) for p in files]
    done = run_tourney("replay", "--json", *map(str, files))
    assert done.returncode == 1  # some are illegal
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [Path(str(line.pop("file"))) for line in lines] == files
    assert lines == [json.loads(one.stdout) for one in alone]
    failed = [(p, one) for p, one in zip(files, alone, strict=True) if one.exit_code]
    assert 0 < len(failed) < len(files)
    assert done.stderr.splitlines() == [f"{p}: {one.stderr.strip()}" for p, one in failed]

    legal = [p for p, one in zip(files, alone, strict=True) if not one.exit_code]
    text = run_tourney("replay", *map(str, legal)).stdout
    assert text == "".join(
        f"== {p}\n{CliRunner().invoke(app, ['replay', str(p)]).stdout}" for p in legal
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a named pipe")
def _release(fifo: Path) -> None:
    """A worker that reached the named pipe waits in its open for a writer, and outlives
    the replay it was part of (the suite once left two such processes asleep): opened
    for writing and closed, the pipe gives it the end of the file, and it ends."""
    with contextlib.suppress(OSError):  # no reader waiting (ENXIO): no worker got that far
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


def test_ctrl_c_stops_a_replay_of_many_records_at_once(tmp_path: Path) -> None:
    """Ctrl-C during a replay shared by a pool of processes leaves at once, exit 130 and one
    line: the records not started are not replayed. The last record is a named pipe nobody
    writes to, so a replay that went on to it would never end."""
    record = FIXTURES / "records" / "2p-known.jsonl"
    files = [tmp_path / f"r{i:04}.jsonl" for i in range(640)]
    for path in files[:-1]:
        path.symlink_to(record)
    os.mkfifo(files[-1])
    process = subprocess.Popen(
        [tourney_exe(), "replay", "--json", *map(str, files)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None and process.stdout.readline()  # under way
        process.send_signal(signal.SIGINT)
        code = process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        _release(files[-1])
    assert process.stderr is not None
    assert (code, process.stderr.read()) == (
        130,
        "interrupted: stopped before finishing (what was recorded is kept)\n",
    )
