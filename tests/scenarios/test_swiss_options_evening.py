"""Swiss options through the CLI, as a director types them (issue 27): an accelerated
Swiss night, a king-of-the-hill last round, and a round re-paired and removed -- each
refusal one line, exit 1, and nothing written (the folder's files hashed before and
after)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.scenarios.conftest import tree
from tests.scenarios.director import Director

# Seeded in this order by rating (S01 the best).
PLAYERS = [f"S{n:02d}" for n in range(1, 13)]


def start(tmp_path: Path, *options: str, rounds: int = 4) -> Director:
    director = Director(tmp_path)
    director.run(
        "tournament", "create", "Night", "--table-size", "2", "--rounds", str(rounds), *options
    )
    csv = tmp_path / "players.csv"
    rows = "".join(f"{name},,{2000 - n}\n" for n, name in enumerate(PLAYERS))
    csv.write_text("name,club,rating\n" + rows, encoding="utf-8")
    director.run("player", "import", str(csv))
    return director


def pairs(round_json: dict[str, Any]) -> list[set[str]]:
    return [set(table["seats"]) for table in round_json["tables"]]


def better_seeds_win(director: Director, round_json: dict[str, Any]) -> None:
    """Every table won by its better seed (the lower number), entered by names."""
    for table in round_json["tables"]:
        best = min(table["seats"])
        scores = ",".join(f"{s}={61 if s == best else 20}" for s in table["seats"])
        director.run("director", "result", f"T{table['table']}", "--scores", scores)


@pytest.mark.slow
def test_an_accelerated_swiss_night_with_a_king_of_the_hill_last_round(tmp_path: Path) -> None:
    director = start(tmp_path, "--accelerated-rounds", "3", "--last-round", "king-of-the-hill")
    first = director.json("pair")
    assert first["notes"][0].startswith("accelerated round 1: the top 6 of the seed order")
    better_seeds_win(director, first)
    standings = director.json("standings")["standings"]
    assert sum(float(row["match_points"]) for row in standings) == 6  # no virtual point
    second = director.json("pair")
    # Group A's winners at 2, its losers with B's winners at 1 (by seed), B's losers at 0.
    assert pairs(second) == [
        {"S01", "S03"},
        {"S05", "S02"},
        {"S04", "S06"},
        {"S07", "S09"},
        {"S11", "S08"},
        {"S10", "S12"},
    ]
    better_seeds_win(director, second)
    third = director.json("pair")
    assert "½ virtual points each" in third["notes"][0]
    better_seeds_win(director, third)
    ranked = [row["name"] for row in director.json("standings")["standings"]]
    last = director.json("pair")
    assert last["notes"][0].startswith("king of the hill")
    points = {row["name"]: row["match_points"] for row in director.json("standings")["standings"]}
    # The hill: the ranking by match points then seed, two by two from the top.
    order = sorted(ranked, key=lambda name: (-float(points[name]), name))
    assert pairs(last) == [set(order[i : i + 2]) for i in range(0, 12, 2)]
    better_seeds_win(director, last)
    assert "all 4 rounds" in director.refused("pair")


@pytest.mark.slow
def test_repair_and_remove_through_the_cli_write_nothing_when_refused(tmp_path: Path) -> None:
    director = start(tmp_path, rounds=3)
    first = director.json("pair")
    director.run("player", "withdraw", "S12", "--reason", "left before play")
    said = director.run("round", "repair", "--reason", "S12 left")
    assert "Round 1 paired again" in said and "S12" not in said
    repaired = director.json("pairings")
    assert all(t["match"].endswith("-p2") for t in repaired["tables"])
    assert repaired["notes"][0] == "round 1 paired again: S12 left"
    assert {t["match"] for t in repaired["tables"]}.isdisjoint(t["match"] for t in first["tables"])
    # The first pairing's tables are closed to the scorers.
    closed = first["tables"][0]
    refused = director.refused("hand", closed["match"], "--opener", closed["seats"][0])
    assert "is closed: the director ruled on it (round paired again: S12 left)" in refused

    table = repaired["tables"][0]
    director.run("director", "result", "T1", "--scores", ",".join(["61", "20"]))
    before = tree(tmp_path)
    assert director.refused("round", "repair") == (
        f"error: cannot re-pair round 1 of 'Night': table 1 ({table['match']}) has a result "
        "(paper); a round is re-paired only before any of its matches has an event (tourney "
        "round remove 1 --discard-results, then tourney pair)"
    )
    assert "add --discard-results" in director.refused("round", "remove", "1")
    assert "only the latest round, 1, can be" in director.refused("round", "remove", "2")
    assert tree(tmp_path) == before

    director.run("round", "remove", "1", "--discard-results", "--reason", "start again")
    assert "no round of night is paired yet" in director.refused("pairings")
    rows = director.json("standings")["standings"]
    assert all(row["played"] == 0 and row["match_points"] == "0" for row in rows)
    again = director.json("pair")
    assert all(t["match"].endswith("-p3") for t in again["tables"])
