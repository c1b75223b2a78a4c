"""A tournament format tourney does not ship (`tests/formats/random_draw.py`: a random draw
each round) plays a club night through `tourney` processes, installed as a distribution of
its own (the ``tourney.formats`` entry point) with no edit to tourney (issue 33): created,
listed in ``--format``'s help, paired, its results entered, ranked and published. The same
database read by a tourney without that format is refused in one line, nothing written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.formats import installed
from tests.scenarios.conftest import tree
from tests.scenarios.director import Director
from tourney.tournament.format import names

NAMES = ["Ann", "Bo", "Cy", "Di", "Eve", "Finn"]


@pytest.mark.slow
def test_a_format_installed_from_outside_tourney_plays_a_night(tmp_path: Path) -> None:
    folder = tmp_path / "night"
    folder.mkdir()
    director = Director(folder)
    director.env = installed(tmp_path / "site")
    # The help's words as read, whatever the table's wrapping (another shipped format's line
    # wraps this one elsewhere: adding a format edits no test).
    shown = re.sub(r"[│╭╮╰╯─]", " ", director.run("tournament", "create", "--help"))
    assert "random_draw: each round a new random seating" in " ".join(shown.split())
    said = director.run(
        "tournament", "create", "Draw Night", "--format", "random_draw",
        "--table-size", "2", "--rounds", "2",
    )  # fmt: skip
    assert "Random draw, tables of 2" in said
    director.register(NAMES)
    met: set[frozenset[str]] = set()
    for number in (1, 2):
        paired = director.json("pair")
        assert paired["round"] == number and not paired["byes"] and len(paired["tables"]) == 3
        for table in paired["tables"]:
            assert table["why"].startswith("random draw ")
            met.add(frozenset(table["seats"]))
            director.adjudicate(table["match"], [61, 30], [1])
    assert len(met) >= 4  # two draws, not one seating twice
    assert "all 2 rounds of 'Draw Night' are paired" in director.refused("pair")
    standings = director.json("standings")
    assert sorted(row["name"] for row in standings["standings"]) == sorted(NAMES)
    assert sum(row["wins"] for row in standings["standings"]) == 6
    director.run("publish", "site")
    site = folder / "site"
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "Random draw" in index and "bracket.html" not in index
    assert "Draw Night" in (site / "round-2.html").read_text(encoding="utf-8")
    manifest = json.loads((site / ".tourney-site.json").read_text(encoding="utf-8"))
    assert manifest

    # The same night read by a tourney that does not have the format.
    plain = Director(folder)
    before = tree(folder)
    for command in (["standings"], ["pair"], ["tournament", "show"], ["pairings"]):
        refusal = plain.refused(*command)
        assert refusal == (
            "error: this tournament's format 'random_draw' is not installed (installed: "
            f"{', '.join(names())}): install the distribution that provides it"
        ), command
    assert tree(folder) == before
