"""A database made by a tourney with a format or a game that this tourney does not have
(issue 33): every command that reads or writes such a tournament refuses it by name, in
one line, exit 1, the database untouched. Found by the second checklist trial (audit33b):
`rebuild` rebuilt the read models leaving that tournament's events out (exit 0), `verify`
said "ok", `serve` crashed on a game not installed (a traceback, exit 3), and `player add`
and `player withdraw` recorded into a tournament whose game it cannot play. Then
`pairings`, `tournament show`, `checkin`, `disputes`, `clock status`, `draft show` and
`director confirmations` still showed one, and a scorer recorded at a table of a tournament
whose format is not installed (its result would have been posted to that tournament):
every reading of a tournament now goes through `DirectorDesk.load` (the scorer's through
`tourney.streams.tournaments.played`), which refuses it. `tournament list` lists every
tournament the database holds, these two included: a list of names reads none of them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.formats import declare, installed
from tests.integration.live_server import free_port
from tests.scenarios.conftest import tree
from tests.scenarios.director import TOURNEY, Director
from tourney.gamekit import registry
from tourney.tournament.format import names


@pytest.mark.slow
def test_a_tournament_whose_format_or_game_is_not_installed_is_refused_everywhere(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "night"
    folder.mkdir()
    made = Director(folder)
    made.env = installed(tmp_path / "site")
    declare(tmp_path / "site", "elsewhere-game", "tourney.games", "elsewhere", "elsewhere")
    made.run(
        "tournament", "create", "Draw", "--format", "random_draw", "--table-size", "2",
        "--rounds", "2",
    )  # fmt: skip
    made.run(
        "tournament", "create", "Away", "--game", "elsewhere", "--table-size", "2",
        "--rounds", "2",
    )  # fmt: skip
    for slug in ("draw", "away"):
        for name in ("Ann", "Bo", "Cy"):
            made.run("player", "add", name, "-t", slug)
        made.run("pair", "-t", slug)

    plain = Director(folder)
    before = tree(folder)
    # One wording for both, saying what to do.
    refusals = {
        "draw": "error: this tournament's format 'random_draw' is not installed (installed: "
        f"{', '.join(names())}): install the distribution that provides it",
        "away": "error: this tournament's game 'elsewhere' is not installed (installed: "
        f"{', '.join(registry.names())}): install the distribution that provides it",
    }
    for slug, refusal in refusals.items():
        for command in (
            ["standings"], ["pair", "--override"], ["publish", "site"],
            ["player", "add", "Di"], ["player", "withdraw", "Ann"], ["pairings"],
            ["tournament", "show"], ["checkin"], ["disputes"], ["clock", "status"],
            ["draft", "show"], ["director", "confirmations"],
        ):  # fmt: skip
            assert plain.refused(*command, "-t", slug) == refusal, command
        for command in (["hand", f"{slug}-r1-t1", "--opener", "Ann"], ["show", f"{slug}-r1-t1"]):
            assert plain.refused(*command) == refusal, command
    # ... in Italian and Russian too (the name quoted, the installed ones listed).
    for lang, words in {"it": ("formato", "gioco"), "ru": ("формат", "игра")}.items():
        for slug, word in zip(("draw", "away"), words, strict=True):
            said = plain.refused("--lang", lang, "standings", "-t", slug)
            assert word in said and "install the" not in said, said
            assert said.count("'random_draw'" if slug == "draw" else "'elsewhere'") == 1
    listed = plain.run("tournament", "list").splitlines()
    assert [line.split()[0] for line in listed] == ["draw", "away"]
    stream = "tournament-draw"
    assert plain.refused("rebuild") == f"error: not rebuilding: {stream}: {refusals['draw'][7:]}"
    verified = subprocess.run(
        [str(TOURNEY), "verify"], cwd=folder, env=plain.env, capture_output=True, text=True
    )
    assert verified.returncode == 1 and not verified.stdout
    assert verified.stderr.splitlines() == [
        f"problem: stream 'tournament-{slug}' version 1: {refusal[7:]}"
        for slug, refusal in refusals.items()
    ]
    served = subprocess.run(
        [str(TOURNEY), "serve", "--host", "127.0.0.1", "--port", str(free_port()), "--no-qr",
         "-t", "away"],
        cwd=folder, capture_output=True, text=True, timeout=120,
        env={**plain.env, "TOURNEY_DIRECTOR_PASSWORD": "a-long-director-password"},
    )  # fmt: skip
    assert (served.returncode, served.stdout, served.stderr) == (1, "", refusals["away"] + "\n")
    assert tree(folder) == before
