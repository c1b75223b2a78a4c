"""Double elimination nights through the CLI, as a director types them: create, register,
pair each round, enter every table's result with the director's commands (a paper
result, an adjudicated shared win and its deciding match, a forfeit), until a champion;
then publish and read the bracket page. A browser then checks the page's two brackets."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.scenarios.director import TOURNEY, Director

if TYPE_CHECKING:
    from playwright.sync_api import Page

NAMES = ["Ana", "Björk", "Cai", "Dev", "Élodie", "Finn"]
SEEDED = re.compile(r"(.+?) \(seed (\d+)\)")


def _try(director: Director, *args: str) -> subprocess.CompletedProcess[str]:
    """Run a command that may be refused (the last `pair`: the champion is decided)."""
    done = subprocess.run(
        [str(TOURNEY), *args],
        cwd=director.folder,
        env=director.env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr
    return done


def _seeds(why: str) -> dict[str, int]:
    """The entrants of a table and their seeds, from the pairing's reason."""
    listed = why.split(": ", 1)[1].split("; ", 1)[0]
    return {m.group(1): int(m.group(2)) for m in map(SEEDED.fullmatch, listed.split(", ")) if m}


def _play_night(director: Director, table_size: int) -> dict[str, Any]:
    """Pair and settle every round; return what happened (labels seen, champion...)."""
    seen: dict[str, Any] = {"brackets": set(), "rounds": 0, "deciding": False, "reset": False}
    tied: list[str] = []
    while True:
        done = _try(director, "pair", "--json")
        if done.returncode != 0:
            assert done.returncode == 1 and "is the champion" in done.stderr, done.stderr
            return seen
        paired = json.loads(done.stdout)
        seen["rounds"] = paired["round"]
        for table in paired["tables"]:
            bracket = table["bracket"]
            seen["brackets"].add(bracket)
            seeds = _seeds(table["why"])
            names = table["seats"]
            best = min(names, key=lambda n: seeds[n])
            winner = best
            if bracket == "grand final":  # the losers' bracket champion wins it: a reset
                winner = list(seeds)[1]
            if bracket == "grand final reset":
                seen["reset"] = True
                winner = next(iter(seeds))
            match = table["match"]
            if paired["round"] == 1 and table["table"] == 1:
                # A shared win with equal scores: the tied play a deciding match.
                scores = [61, 61, *([10] * (len(names) - 2))]
                director.adjudicate(match, scores, [1, 2])
                tied = names[:2]
                continue
            if bracket == "losers' bracket" and table_size == 2 and not seen.get("forfeit"):
                loser = next(n for n in names if n != winner)
                director.run(
                    "director",
                    "forfeit",
                    match,
                    "--sides",
                    loser,
                    "--others",
                    "share",
                    "--reason",
                    "left early",
                )
                seen["forfeit"] = True
                continue
            places = sorted(names, key=lambda n: (n != winner, seeds[n]))
            result = ",".join(
                f"{n}={61 if n == winner else 50 - 10 * i}" for i, n in enumerate(places)
            )
            director.run("director", "result", match, "--scores", result)
        if paired["round"] == 1:
            assert "needs a deciding match" in director.refused("pair")
            deciding = director.json("pair", "--deciding")["tables"][-1]
            assert sorted(deciding["seats"]) == sorted(tied)
            assert "deciding match" in deciding["why"]
            first, second = deciding["seats"]
            director.run(
                "director", "result", deciding["match"], "--scores", f"{first}=61,{second}=30"
            )
            seen["deciding"] = second  # lost the deciding match after a shared win


def _night(folder: Path, table_size: int) -> tuple[Director, dict[str, Any]]:
    director = Director(folder)
    director.run(
        "tournament",
        "create",
        "Double Cup",
        "--format",
        "double_elimination",
        "--table-size",
        str(table_size),
    )
    csv = folder / "players.csv"
    csv.write_text(
        "name,rating\n" + "".join(f"{n},{2000 - 10 * i}\n" for i, n in enumerate(NAMES)),
        encoding="utf-8",
    )
    director.run("player", "import", str(csv))
    seen = _play_night(director, table_size)
    director.run("publish", "site")
    return director, seen


@pytest.fixture(scope="module")
def nights(tmp_path_factory: pytest.TempPathFactory) -> dict[int, tuple[Director, dict[str, Any]]]:
    return {size: _night(tmp_path_factory.mktemp(f"double{size}"), size) for size in (2, 4)}


@pytest.mark.slow
@pytest.mark.parametrize("size", [2, 4])
def test_a_double_elimination_night_through_the_cli(
    nights: dict[int, tuple[Director, dict[str, Any]]], size: int
) -> None:
    director, seen = nights[size]
    assert seen["deciding"] and seen["reset"]
    assert {"winners' bracket", "losers' bracket", "grand final", "grand final reset"} <= seen[
        "brackets"
    ]
    rows = director.json("standings")["standings"]
    champion = next(r["name"] for r in rows if r["rank"] == 1)
    # Everyone but the champion lost twice; the champion once (the grand final). A
    # deciding match only says who goes on: its loser's first loss is the shared win.
    # (At tables of 3 or 4 a place that stays can still be a lost match: the standings'
    # losses count matches, so there the bracket page says who went where.)
    if size == 2:
        losses = {r["name"]: r["losses"] for r in rows}
        assert losses[champion] == 1
        assert losses[seen["deciding"]] == 1
        others = [n for n in NAMES if n not in (champion, seen["deciding"])]
        assert all(losses[n] == 2 for n in others), losses
    # Which bracket a table is in: pairings and the table's own show say it.
    last = director.run("pairings")
    assert "grand final reset" in last
    assert "In the grand final reset" in director.run("show", "T1")
    bracket = (director.folder / "site" / "bracket.html").read_text(encoding="utf-8")
    assert f'id="champion">{champion}<' in bracket
    for section in ("winners", "losers", "final"):
        assert f'id="bracket-{section}"' in bracket
    assert "grand final reset" in bracket
    losers = bracket.split('id="bracket-losers"', 1)[1].split('id="bracket-final"', 1)[0]
    assert all(n in losers for n in NAMES if n != champion)  # the champion won every WB table
    assert "Double elimination" in bracket
    round_page = (director.folder / "site" / "round-2.html").read_text(encoding="utf-8")
    assert "losers&#39; bracket" in round_page


@pytest.mark.slow
@pytest.mark.browser
def test_the_double_bracket_page_in_a_browser(
    nights: dict[int, tuple[Director, dict[str, Any]]], page: Page, phone_page: Page
) -> None:
    """On a wide screen each bracket is drawn once, as its tree (the phone's packed copy
    stays hidden: it showed under every bracket, single elimination's too); on a phone no
    box runs off the side."""
    for size in (2, 4):
        url = (nights[size][0].folder / "site" / "bracket.html").resolve().as_uri()
        page.goto(url)
        assert page.locator(".bracket-narrow").first.is_hidden()
        drawn = page.evaluate(
            "[...document.querySelectorAll('g.slot rect.box')]"
            ".filter(r => r.getBoundingClientRect().height > 0).length"
        )
        assert drawn == page.evaluate("document.querySelectorAll('.bracket-wide g.slot').length")
        for section in ("winners", "losers", "final"):
            assert page.locator(f"#bracket-{section} .bracket-wide g.slot").count() > 0
        phone_page.goto(url)
        right = phone_page.evaluate(
            "Math.max(...[...document.querySelectorAll('g.slot rect.box')]"
            ".filter(r => r.getBoundingClientRect().height > 0)"
            ".map(r => r.getBoundingClientRect().right))"
        )
        assert right <= 390
