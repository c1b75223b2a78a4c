"""Round robins played through the CLI: every round paired, every table's result entered
from its scoresheet, and every pair of players has met by the end, as promised."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from tests.scenarios.director import Director

NAMES = [
    "Ana", "Björk", "Cai", "Dev", "Élodie", "Finn", "Gus", "Hal",
    "Ivy", "José", "Kai", "Lou", "Mo", "Ngozi", "Oona", "Pía",
]  # fmt: skip


@pytest.mark.parametrize(
    ("players", "table_size", "fewest", "perfect"),
    [(6, 3, 4, False), (7, 3, 5, False), (8, 4, 3, False), (13, 4, 6, False), (16, 4, 5, True)],
)
@pytest.mark.slow
def test_a_round_robin_evening_meets_every_pair(
    tmp_path: Path, players: int, table_size: int, fewest: int, perfect: bool
) -> None:
    """`fewest`: the least number of rounds any schedule could have (by counting pairs,
    and for 6 at 3s by trying every schedule); `perfect`: every pair exactly once."""
    director = Director(tmp_path)
    director.run(
        "tournament", "create", "Round Robin", "--format", "round_robin",
        "--table-size", str(table_size), "--rounds", "2",
    )  # fmt: skip
    names = NAMES[:players]
    director.register(names)
    first = director.json("pair")
    promise = first["notes"][0]
    found = re.match(
        rf"{players} players at tables of {table_size}: (\d+) rounds, every pair", promise
    )
    assert found, promise
    rounds = int(found[1])
    assert rounds >= fewest
    assert "the rounds setting (2) does not apply" in first["notes"][1]
    met: dict[frozenset[str], int] = {}
    tables = 0
    paired = first
    for number in range(1, rounds + 1):
        if number > 1:
            paired = director.json("pair")
        assert paired["round"] == number
        for table in paired["tables"]:
            seats = table["seats"]
            assert f"round {number} of {rounds} of the round robin" in table["why"]
            for pair in itertools.combinations(seats, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
            scores = [61] + [40 - 10 * i for i in range(len(seats) - 1)]
            director.adjudicate(table["match"], scores, [1])
            tables += 1
    assert set(met) == {frozenset(p) for p in itertools.combinations(names, 2)}
    assert perfect == ("exactly once" in promise)
    if perfect:
        assert set(met.values()) == {1} and rounds == fewest
    else:
        counts = re.findall(r"(\d+) pairs? (once|twice|\d+ times)", promise)
        said = {
            1 if w == "once" else 2 if w == "twice" else int(w.split()[0]): int(c)
            for c, w in counts
        }
        assert said == {t: list(met.values()).count(t) for t in set(met.values())}
    refusal = director.refused("pair")
    assert f"all {rounds} rounds of the round-robin schedule" in refusal
    standings = director.json("standings")
    assert standings["tournament"]["rounds"] == rounds
    assert standings["tournament"]["paired"] == rounds
    rows = standings["standings"]
    assert sorted(r["name"] for r in rows) == sorted(names)
    assert all(r["played"] == rounds for r in rows)
    assert sum(r["wins"] for r in rows) == tables
