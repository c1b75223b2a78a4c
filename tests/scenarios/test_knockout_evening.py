"""A knockout of 11 at tables of 4 through the CLI, with a tie settled by a deciding match."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenarios.director import Director

NAMES = ["Ana", "Björk", "Cai", "Dev", "Élodie", "Finn", "Gus", "Hal", "Ivy", "José", "Kai"]


@pytest.mark.slow
def test_a_knockout_of_eleven_at_tables_of_four_with_a_deciding_match(tmp_path: Path) -> None:
    director = Director(tmp_path)
    director.run("tournament", "create", "Cup", "--format", "elimination", "--table-size", "4")
    director.register(NAMES)
    first = director.json("pair")
    tables = first["tables"]
    assert sorted(len(t["seats"]) for t in tables) == [3, 4, 4]  # not 3, 3, 3, 2
    assert first["byes"] == []
    tied = tables[0]
    director.adjudicate(tied["match"], [61, 61, *[20, 10][: len(tied["seats"]) - 2]], [1, 2])
    winners = {}
    for table in tables[1:]:
        director.adjudicate(table["match"], [61] + [30] * (len(table["seats"]) - 1), [1])
        winners[table["match"]] = table["seats"][0]
    refusal = director.refused("pair")
    assert f"needs a deciding match between {tied['seats'][0]}, {tied['seats'][1]}" in refusal
    deciding = director.json("pair", "--deciding")["tables"][-1]
    assert sorted(deciding["seats"]) == sorted(tied["seats"][:2])
    director.adjudicate(deciding["match"], [40, 61], [2])
    through = deciding["seats"][1]
    final = director.json("pair")["tables"]
    assert len(final) == 1
    assert sorted(final[0]["seats"]) == sorted([through, *winners.values()])
    champion = final[0]["seats"][1]
    director.adjudicate(final[0]["match"], [30, 61, 50], [2])
    assert "all 2 rounds" in director.refused("pair")

    rows = {r["name"]: r for r in director.json("standings")["standings"]}
    assert rows[champion]["rank"] == 1
    finalists = [n for n in final[0]["seats"] if n != champion]
    # The final's others come next, level on how far they went, then by the tie-breaks.
    assert sorted(rows[n]["rank"] for n in finalists) == [2, 3]
    assert all(rows[n]["rank"] > 3 for n in NAMES if n not in final[0]["seats"])
    # The deciding match decided who went through; it added no win.
    assert (rows[through]["wins"], rows[through]["shared_wins"]) == (
        1 if through == champion else 0,
        1,
    )
    assert rows[through]["played"] == 2

    director.run("publish", "site")
    bracket = (tmp_path / "site" / "bracket.html").read_text(encoding="utf-8")
    assert f'id="champion">{champion}<' in bracket
    assert ">bye<" not in bracket and "entry-empty" not in bracket
