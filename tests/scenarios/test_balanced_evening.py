"""A balanced-seating event played through the CLI: the schedule fixed at round 1 (and
said in round 1's note), no pair meeting twice where the design allows, every round
paired and scored, the site published with the format named."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

import pytest

from tests.scenarios.director import Director

NAMES = [
    "Ana", "Björk", "Cai", "Dev", "Élodie", "Finn", "Gus", "Hal",
    "Ivy", "José", "Kai", "Lou", "Mo", "Ngozi", "Oona", "Pía",
]  # fmt: skip


@pytest.mark.slow
def test_a_balanced_seating_of_16_over_5_rounds_meets_no_pair_twice_and_publishes(
    tmp_path: Path,
) -> None:
    director = Director(tmp_path)
    director.run(
        "tournament", "create", "Riichi Day", "--format", "balanced",
        "--table-size", "4", "--rounds", "5",
    )  # fmt: skip
    director.register(NAMES)
    met: Counter[frozenset[str]] = Counter()
    seats: dict[str, Counter[int]] = {name: Counter() for name in NAMES}
    for number in range(1, 6):
        paired = director.json("pair")
        assert paired["round"] == number
        if number == 1:
            assert "no pair meets twice" in paired["notes"][0]
            assert "0 indirect meets" in paired["notes"][0]
            assert "affine plane of order 4" in paired["notes"][0]
        for table in paired["tables"]:
            assert f"round {number} of 5 of the balanced seating" in table["why"]
            for seat, name in enumerate(table["seats"]):
                seats[name][seat] += 1
            met.update(frozenset(p) for p in itertools.combinations(table["seats"], 2))
            scores = [61, 40, 30, 20]
            director.adjudicate(table["match"], scores, [1])
    assert set(met.values()) == {1} and len(met) == 120  # every pair exactly once
    assert all(max(c.values()) <= 2 and len(c) == 4 for c in seats.values())
    refusal = director.refused("pair")
    assert "all 5 rounds of 'Riichi Day' are paired" in refusal
    late = director.refused("player", "add", "Quinn")
    assert "balanced seating of 'Riichi Day' was fixed when round 1 was paired" in late
    standings = director.json("standings")
    assert standings["tournament"]["paired"] == 5
    assert all(row["played"] == 5 for row in standings["standings"])
    director.run("publish", "site")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "Riichi Day" in index
    manifest = json.loads((tmp_path / "site" / ".tourney-site.json").read_text("utf-8"))
    assert manifest


def test_balanced_seating_refuses_tables_it_does_not_seat(tmp_path: Path) -> None:
    director = Director(tmp_path)
    refusal = director.refused(
        "tournament", "create", "Pairs", "--format", "balanced", "--table-size", "2"
    )
    assert "balanced seating for 'Pairs' seats players at tables of 3 or 4" in refusal
    assert not (tmp_path / "tourney.db").exists() or "Pairs" not in director.run(
        "tournament", "list"
    )
