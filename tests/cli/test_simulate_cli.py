"""`tourney simulate`: seeded, reproducible records that replay cleanly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import tourney_here


def simulate(out: Path, *args: str) -> list[Path]:
    done = tourney_here("simulate", "--out", str(out), *args)
    assert done.returncode == 0, done.stderr
    return sorted(out.glob("*.jsonl"))


@pytest.mark.parametrize(
    "args",
    [
        ("--players", "2"),
        ("--players", "3", "--bot", "greedy"),
        (
            "--players",
            "4",
            "--bot",
            "random",
            "--bot",
            "greedy",
            "--bot",
            "random",
            "--bot",
            "greedy",
        ),
        ("--players", "4", "--partnerships"),
    ],
    ids=["2p", "3p-greedy", "4p-mixed", "4p-partnerships"],
)
def test_seeded_records_are_byte_identical_and_replay(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    first = simulate(tmp_path / "a", "--matches", "3", "--seed", "11", *args)
    second = simulate(tmp_path / "b", "--matches", "3", "--seed", "11", *args)
    assert [p.name for p in first] == ["match-0001.jsonl", "match-0002.jsonl", "match-0003.jsonl"]
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]
    assert len({p.read_bytes() for p in first}) == 3  # three different matches
    done = tourney_here("replay", *(str(p) for p in first), "--json")
    assert done.returncode == 0, done.stderr
    summaries = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(summaries) == 3
    assert all(s["finished"] and s["winners"] for s in summaries)
    players = int(args[1])
    n_sides = 2 if "--partnerships" in args else players
    assert all(len(s["sides"]) == n_sides for s in summaries)


def test_another_seed_gives_other_records(tmp_path: Path) -> None:
    first = simulate(tmp_path / "a", "--seed", "1")
    other = simulate(tmp_path / "b", "--seed", "2")
    assert first[0].read_bytes() != other[0].read_bytes()


def test_summary_as_json(tmp_path: Path) -> None:
    done = tourney_here("simulate", "--players", "3", "--matches", "2", "--seed", "3", "--json")
    assert done.returncode == 0
    summary = json.loads(done.stdout)
    assert summary["matches"] == 2
    assert len(summary["sides"]) == 3
    assert sum(side["wins"] for side in summary["sides"]) == pytest.approx(2)


@pytest.mark.parametrize("players", ["2", "3"])
def test_partnerships_without_four_players_is_refused(tmp_path: Path, players: str) -> None:
    done = tourney_here(
        "simulate", "--players", players, "--partnerships", "--out", str(tmp_path / "x")
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert "partnerships" in done.stderr
    assert not (tmp_path / "x").exists()
