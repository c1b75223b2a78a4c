"""A club's season typed at the CLI as processes (issue 26): three nights in a series, one
of them Racehorse; a late duplicate registered under another name and merged; a result
corrected after the fact; best-N and minimum nights applied. The series table and the
ratings are checked (the ratings against openskill called here on the places written out
by hand), and `rebuild` reproduces every number."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from tests.scenarios.conftest import Folder


def seats(folder: Folder, tournament: str) -> list[str]:
    listed = json.loads(folder.ok("pairings", "--json", "-t", tournament).stdout)["tables"]
    (table,) = listed
    return list(table["seats"])


def result(folder: Folder, tournament: str, scores: dict[str, int]) -> None:
    order = seats(folder, tournament)
    text = ",".join(str(scores[name]) for name in order)
    folder.ok("director", "result", "T1", "--scores", text, "-t", tournament)


def by_hand(steps: list[tuple[list[str], list[float]]]) -> dict[str, tuple[float, float]]:
    model = PlackettLuce()
    held: dict[str, Any] = {}
    for names, ranks in steps:
        new = model.rate([[held.get(n) or model.rating()] for n in names], ranks=ranks)
        for name, (rated,) in zip(names, new, strict=True):
            held[name] = rated
    return {name: (r.mu, r.sigma) for name, r in held.items()}


@pytest.mark.slow
def test_a_season_of_three_nights(tmp_path: Path) -> None:
    folder = Folder(tmp_path)
    folder.ok("series", "create", "Winter", "--scoring", "places:10,7,5,3", "--best", "2",
              "--min-nights", "2")  # fmt: skip

    # Night 1, Horse Race.
    folder.ok("tournament", "create", "Night 1", "--rounds", "1", "--series", "Winter")
    for name in ("Ana", "Bo", "Cy", "Di"):
        folder.ok("player", "add", name)
    folder.ok("pair")
    one = seats(folder, "Night 1")
    result(folder, "Night 1", {"Ana": 61, "Bo": 40, "Cy": 30, "Di": 20})

    # Night 2, Racehorse: one table of five, ranked by net units.
    folder.ok("tournament", "create", "Night 2", "--game", "racehorse", "--table-size", "5",
              "--rounds", "1", "--deals", "2")  # fmt: skip
    folder.ok("series", "add", "winter")
    for name in ("bo", "Cy", "Di", "Ed", "Fi"):
        said = folder.ok("player", "add", name).stdout
    assert "Fi joins the club roster as P" in said
    folder.ok("pair")
    two = seats(folder, "Night 2")
    result(folder, "Night 2", {"bo": 6, "Cy": -1, "Di": -2, "Ed": 0, "Fi": -3})

    # Night 3: Cy comes back as "Cyrus" (a new person to the roster); table 1's sheet was
    # misread, and corrected after the night.
    folder.ok("tournament", "create", "Night 3", "--rounds", "1", "--series", "Winter")
    for name in ("Ana", "Cyrus", "Di", "Ed"):
        folder.ok("player", "add", name)
    folder.ok("pair")
    three = seats(folder, "Night 3")
    result(folder, "Night 3", {"Ana": 30, "Cyrus": 61, "Di": 40, "Ed": 20})
    scores = {"Ana": 61, "Cyrus": 50, "Di": 40, "Ed": 20}
    folder.ok("director", "adjudicate", "T1", "--scores", ",".join(str(scores[n]) for n in three),
              "--winners", str(three.index("Ana") + 1), "--reason", "sheet misread", "-t",
              "Night 3", "--replace")  # fmt: skip
    assert "Merged" in folder.ok("roster", "merge", "Cy", "Cyrus").stdout

    table = json.loads(folder.ok("series", "standings", "--json").stdout)
    assert table["nights"] == ["night-1", "night-2", "night-3"]
    rows = [
        (r["name"], r["points"], r["dropped"], r["counted"], r["nights"], r["meets_minimum"])
        for r in table["standings"]
    ]
    assert rows == [
        ("Ana", ["10", None, "10"], [], "20", 2, True),
        ("Bo", ["7", "10", None], [], "17", 2, True),
        ("Cy", ["5", "5", "7"], [1], "12", 3, True),
        ("Ed", [None, "7", "3"], [], "10", 2, True),
        ("Di", ["3", "3", "5"], [1], "8", 3, True),
        ("Fi", [None, "0", None], [], "0", 1, False),
    ]
    text = folder.ok("series", "standings").stdout
    assert "[5]" in text and "best 2" in text and "Ties: the points that count" in text

    rated = json.loads(folder.ok("ratings", "--json", "--history").stdout)
    people = {"bo": "Bo", "Cyrus": "Cy"}
    steps: list[tuple[list[str], list[float]]] = [
        (one, [{"Ana": 1, "Bo": 2, "Cy": 3, "Di": 4}[n] for n in one]),
        (two, [{"bo": 1, "Ed": 2, "Cy": 3, "Di": 4, "Fi": 5}[n] for n in two]),
        (three, [{"Ana": 1, "Cyrus": 2, "Di": 3, "Ed": 4}[n] for n in three]),
    ]
    steps = [([people.get(n, n) for n in names], ranks) for names, ranks in steps]
    # Each game rated on its own, game by game: Horse Race from nights 1 and 3, then
    # Racehorse from night 2.
    in_order = [steps[0], steps[2], steps[1]]
    assert [u["teams"] for u in rated["updates"]] == [[[n] for n in s] for s, _ in in_order]
    assert [u["game"] for u in rated["updates"]] == ["horse-race", "horse-race", "racehorse"]
    for game, played in (("horse-race", [steps[0], steps[2]]), ("racehorse", [steps[1]])):
        want = by_hand(played)
        got = {p["name"]: (p["mu"], p["sigma"]) for p in rated["players"] if p["game"] == game}
        assert set(got) == set(want)
        for name, pair in want.items():
            assert got[name] == pytest.approx(pair, abs=1e-9), name
    matches = {(p["game"], p["name"]): p["matches"] for p in rated["players"]}
    assert matches["horse-race", "Cy"] == 2 and matches["racehorse", "Cy"] == 1

    roster = json.loads(folder.ok("roster", "--json").stdout)["people"]
    assert [(p["name"], p["nights"]) for p in roster] == [
        ("Ana", 2),
        ("Bo", 2),
        ("Cy", 3),
        ("Di", 3),
        ("Ed", 2),
        ("Fi", 1),
    ]

    folder.ok("publish", "site", "-t", "Night 3")
    index = html.unescape((tmp_path / "site" / "index.html").read_text(encoding="utf-8"))
    assert '<a href="series.html">Series: Winter</a>' in index
    assert '<a href="ratings.html">Ratings</a>' in index
    page = html.unescape((tmp_path / "site" / "series.html").read_text(encoding="utf-8"))
    assert page.count('<s class="dropped">') == 2  # Cy's and Di's second nights
    assert "N1: Night 1" in page and '<a href="index.html">Night 3</a>' in page
    assert "best 2 nights count; at least 2 nights to qualify" in page
    ranked = html.unescape((tmp_path / "site" / "ratings.html").read_text(encoding="utf-8"))
    # one table per game, under the game's name, each in the JSON's order
    sections = ranked.split('<h2 class="game-ratings">')[1:]
    assert [section.split("<")[0] for section in sections] == ["Horse Race", "Racehorse"]
    for game, section in zip(("horse-race", "racehorse"), sections, strict=True):
        names = [p["name"] for p in rated["players"] if p["game"] == game]
        assert [section.index(f"<td>{name}</td>") for name in names] == sorted(
            section.index(f"<td>{name}</td>") for name in names
        )
    assert ranked.count("<polyline") == len(rated["players"])

    folder.ok("rebuild")
    assert json.loads(folder.ok("series", "standings", "--json").stdout) == table
    assert json.loads(folder.ok("ratings", "--json", "--history").stdout) == rated
    assert json.loads(folder.ok("roster", "--json").stdout)["people"] == roster
    assert "every hash chain intact" in folder.ok("verify").stdout
