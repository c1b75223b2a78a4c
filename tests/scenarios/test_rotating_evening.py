"""A rotating-partners evening through the CLI (issue 27), as a director types it: twelve
players registered one by one, eleven rounds whose partnerships are drawn anew, every
table's result entered from its paper scoresheet by a partner's name; everyone partners
everyone exactly once and opposes everyone exactly twice, each player is ranked on the
points their partnerships scored, and the published site shows the partnerships of each
round and the players' own standings."""

from __future__ import annotations

import html
import itertools
from collections import Counter
from pathlib import Path

import pytest

from tests.scenarios.director import Director

NAMES = [
    "Ana Silva", "Björk", "Cai", "Dev", "Élodie", "Finn",
    "Gus", "Hal", "Ivy", "José", "Kai", "Lou",
]  # fmt: skip


@pytest.mark.slow
def test_a_rotating_partners_evening_partners_everyone_once(tmp_path: Path) -> None:
    director = Director(tmp_path)
    said = director.run(
        "tournament", "create", "Progressive Night", "--format", "rotating", "--rounds", "11"
    )
    assert "Rotating partners, tables of 4 in partnerships" in said
    director.register(NAMES)
    assert "drawn anew each round" in director.refused("player", "team", "Cai", "Dev")

    partnered: Counter[frozenset[str]] = Counter()
    opposed: Counter[frozenset[str]] = Counter()
    points: Counter[str] = Counter()
    scored: Counter[str] = Counter()
    for number in range(1, 12):
        paired = director.json("pair")
        assert paired["round"] == number and not paired["byes"]
        assert f"whist design for 12 players, round {number} of 11" in paired["notes"][0]
        for table in paired["tables"]:
            a, b, c, d = table["seats"]
            assert table["why"] == f"{a} & {c} against {b} & {d}"
            partnered.update((frozenset((a, c)), frozenset((b, d))))
            opposed.update(frozenset(p) for p in ((a, b), (a, d), (c, b), (c, d)))
            # The first partnership wins odd tables, the second even ones: by a name.
            winners, losers = ((a, c), (b, d)) if table["table"] % 2 else ((b, d), (a, c))
            low = 10 + number + table["table"]
            director.run(
                "director", "result", f"T{table['table']}",
                "--scores", f"{losers[1]}={low},{winners[0]}=61",
            )  # fmt: skip
            points.update(winners)
            scored.update({winners[0]: 61, winners[1]: 61, losers[0]: low, losers[1]: low})
    assert "all 11 rounds" in director.refused("pair")
    pairs = [frozenset(p) for p in itertools.combinations(NAMES, 2)]
    assert {partnered[p] for p in pairs} == {1}
    assert {opposed[p] for p in pairs} == {2}

    standings = director.json("standings")["standings"]
    assert sorted(r["name"] for r in standings) == sorted(NAMES)
    rows = {r["name"]: r for r in standings}
    for name in NAMES:
        assert rows[name]["played"] == 11
        assert rows[name]["match_points"] == str(points[name])
        assert rows[name]["points_scored"] == scored[name]
    ranked = [(r["match_points_float"], r["points_scored"]) for r in standings]
    assert ranked == sorted(ranked, reverse=True)

    assert "every hash chain intact" in director.run("verify")
    director.run("rebuild")
    assert director.json("standings")["standings"] == standings

    director.run("publish", "site")
    site = tmp_path / "site"
    first = director.json("pairings", "--round", "1")["tables"][0]["seats"]
    page = html.unescape((site / "round-1.html").read_text(encoding="utf-8"))
    assert f"{first[0]} & {first[2]} against {first[1]} & {first[3]}" in page
    assert "whist design for 12 players" in page
    assert "Rotating partners · tables of 4, partnerships" in page
    table = html.unescape((site / "standings.html").read_text(encoding="utf-8"))
    assert all(name in table for name in NAMES)
    assert " & " not in table.split("<table", 1)[1].split("</table>", 1)[0]
    assert "Ties are broken by game points scored, then opponents" in table
    chart = html.unescape((site / "wall-chart.html").read_text(encoding="utf-8"))
    assert chart.count("W P") + chart.count("L P") == 12 * 11
