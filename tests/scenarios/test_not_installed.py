"""A database made by a tourney with a format or a game that this tourney does not have
(issue 33): every command that reads or writes such a tournament refuses it by name, in
one line, exit 1, the database untouched. Found by the second checklist trial (audit33b):
`rebuild` rebuilt the read models leaving that tournament's events out (exit 0), `verify`
said "ok", `serve` crashed on a game not installed (a traceback, exit 3), and `player add`
and `player withdraw` recorded into a tournament whose game it cannot play."""

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
    refusals = {
        "draw": "error: this tournament's format 'random_draw' is not installed "
        f"(formats: {', '.join(names())})",
        "away": f"error: 'elsewhere' is not a game tourney plays: {', '.join(registry.names())}",
    }
    for slug, refusal in refusals.items():
        for command in (
            ["standings"], ["pair", "--override"], ["publish", "site"],
            ["player", "add", "Di"], ["player", "withdraw", "Ann"],
        ):  # fmt: skip
            assert plain.refused(*command, "-t", slug) == refusal, command
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
