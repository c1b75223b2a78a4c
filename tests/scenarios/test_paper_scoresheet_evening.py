"""A knockout whose tables keep paper scoresheets (issue 12 item 5): each result entered
from the sheet, hand by hand or as final scores, through the CLI as a director types it.
The sheets are checked, the tables close to the scorers, and the standings and bracket show
played results from a paper scoresheet, not adjudications."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from tests.scenarios.conftest import Folder
from tests.scenarios.director import Director

NAMES = ["Ana", "Björk", "Cai", "Dev", "Élodie", "Finn", "Gus", "Hal"]


@pytest.mark.slow
def test_a_knockout_scored_on_paper(tmp_path: Path) -> None:
    director = Director(tmp_path)
    folder = Folder(tmp_path)
    director.run("tournament", "create", "Cup", "--format", "elimination", "--table-size", "4")
    director.register(NAMES)
    first = director.json("pair")["tables"]
    assert [len(t["seats"]) for t in first] == [4, 4]

    # A sheet that goes on after the match ended, or adds up wrong, is refused, unwritten.
    folder.refused(
        "director", "result", "T1", "--hand", "61,0,0,0", "--hand", "2,0,0,0",
        message="reached 61 in hand 1, which ended the match",
    )  # fmt: skip
    folder.refused(
        "director", "result", "T1", "--hand", "30,20,10,0", "--hand", "10,25,41,0",
        "--scores", "40,45,51,1", message="the hands add up to 40-45-51-0",
    )  # fmt: skip
    said = director.result("T1", [], [30, 20, 10, 0], [10, 25, 51, 4])
    winner_one = first[0]["seats"][2]
    assert f"{winner_one} won (40-45-61-4) [paper scoresheet]." in said
    said = director.result("T2", [12, 61, 64, 0])  # two reached 61 in the last count
    shared = first[1]["seats"][1:3]
    assert f"shared win: {shared[0]}, {shared[1]} (12-61-64-0) [paper scoresheet]" in said
    folder.refused("hand", "T1", message="closed: the director ruled on it (paper scoresheet")

    final = director.json("pair")["tables"]
    # The shared win went to the higher final score.
    assert sorted(final[0]["seats"]) == sorted([winner_one, shared[1]])
    champion = final[0]["seats"][0]
    director.result("T1", [], [20, 33], [41, 0])
    assert "all 2 rounds" in director.refused("pair")

    rows = {r["name"]: r for r in director.json("standings")["standings"]}
    assert rows[champion]["rank"] == 1 and rows[champion]["wins"] == 2
    assert "every hash chain intact" in director.run("verify")

    director.run("publish", "site")
    bracket = html.unescape((tmp_path / "site" / "bracket.html").read_text(encoding="utf-8"))
    assert f'id="champion">{champion}<' in bracket
    assert "(paper scoresheet)" in bracket and "adjudicated" not in bracket
    round_one = html.unescape((tmp_path / "site" / "round-1.html").read_text(encoding="utf-8"))
    assert round_one.count("[paper scoresheet]") == 2
