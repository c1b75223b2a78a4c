"""A groups -> knockout night through the CLI, as a director types it: 10 players in 3
round-robin pools, the top 2 of each into a knockout, results entered from paper
scoresheets, until a champion; then the published site's page of each stage."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tests.scenarios.director import Director

NAMES = ["Ana", "Björk", "Cai", "Dev", "Élodie", "Finn", "Gus", "Hal", "Ivy", "José"]


def _play_round(director: Director, rng: random.Random) -> None:
    """A paper result for every table of the latest round without one."""
    for table in director.json("pairings")["tables"]:
        if "not played" not in table["result"]:
            continue
        winner, loser = rng.sample(table["seats"], 2)
        director.run(
            "director", "result", f"T{table['table']}", "--scores",
            f"{winner}=61,{loser}={rng.randrange(10, 60)}",
        )  # fmt: skip


@pytest.mark.slow
def test_a_groups_night_from_pools_to_a_champion_and_its_pages(tmp_path: Path) -> None:
    director = Director(tmp_path)
    created = director.run(
        "tournament", "create", "Cup", "--format", "groups", "--table-size", "2",
        "--pools", "3", "--advance", "2", "--pool-format", "round_robin", "--seeding",
        "registration",
    )  # fmt: skip
    assert "Stage 1: 3 pools (snake seeding), each a round robin" in created
    director.register(NAMES)
    rng = random.Random(27)

    first = director.run("pair")
    # Snake seeding over registration order: A 1 6 7, B 2 5 8, C 3 4 9 10.
    assert "pool A: Ana, Finn, Gus; pool B: Björk, Élodie, Hal; pool C: Cai, Dev, Ivy, José" in (
        first
    )
    assert "Round 1 (pools)" in director.run("pairings")
    refusal = director.refused("pair")
    assert refusal == (
        "error: cannot pair round 2 of 'Cup': results of round 1 are missing at tables 1, 2, "
        "3 and 4 (add --override to pair it anyway)"
    )
    _play_round(director, rng)
    for _ in range(2):
        director.run("pair")
        _play_round(director, rng)
    pools = director.json("standings", "--stage", "pools")
    assert [p["pool"] for p in pools["pools"]] == ["A", "B", "C"]
    assert pools["finished"] is True
    advancing = {
        p["pool"]: [r["name"] for r in p["rows"] if r["status"] == "advances"]
        for p in pools["pools"]
    }
    assert all(len(names) == 2 for names in advancing.values())

    stage_two = director.run("pair")
    assert "Stage 2: the knockout. Who advanced, and why:" in stage_two
    for letter, (winner, runner_up) in advancing.items():
        assert re.search(
            rf"pool {letter}: {winner} \(1st, [0-9/ ]+ pts\), {runner_up} \(2nd, [0-9/ ]+ pts\) "
            "advance",
            stage_two,
        ), stage_two
    assert "knockout seeds: 1. " in stage_two
    assert director.json("pairings")["stage"] == "knockout"
    knockout = director.json("standings", "--stage", "knockout")
    assert len(knockout["seeds"]) == 6
    pool_of = {name: letter for letter, names in advancing.items() for name in names}
    for table in knockout["rounds"][0]["tables"]:
        present = [e for e in table["entrants"] if e is not None]
        assert len({pool_of[e] for e in present}) == len(present), table  # pools kept apart

    champion = None
    while champion is None:
        _play_round(director, rng)
        champion = director.json("standings", "--stage", "knockout")["champion"]
        if champion is None:
            director.run("pair")
    assert "all 3 rounds of 'Cup (knockout)' are paired" in director.refused("pair")
    rows = director.json("standings")["standings"]
    assert rows[0]["name"] == champion
    text = director.run("standings")
    assert "Stage 1: the pools" in text and f"Champion: {champion}" in text

    director.run("publish", "site")
    site = tmp_path / "site"
    pools_page = (site / "pools.html").read_text(encoding="utf-8")
    for letter in "ABC":
        assert f'id="pool-{letter}"' in pools_page
    for name in pool_of:
        assert re.search(rf"<td>{name}</td>.*?<td>advances</td>", pools_page)
    assert 'id="knockout-notes"' in pools_page
    bracket = (site / "bracket.html").read_text(encoding="utf-8")
    assert f'id="champion">{champion}<' in bracket
    assert "Stage 2 of 2" in bracket
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="pools.html"' in index and 'href="bracket.html"' in index
    assert "Round 4 (knockout: quarter-finals)" in index
    assert "Round 3 (pools)" in index
