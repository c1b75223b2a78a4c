"""A match played outside any tournament (`tourney start`) of a game this tourney does not
have: `rebuild` refuses it by name and changes nothing, `verify` names it as a problem,
and its commands refuse it in one line (found by the third checklist trial: with Briscola
uninstalled, `rebuild` said "rebuilt" and wrote each of its matches' read model over as
"invalid", and `verify` said "ok", where a tournament of it was refused)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.scenarios.conftest import tree
from tests.scenarios.director import TOURNEY, Director, outside
from tourney.gamekit import registry


@pytest.mark.slow
def test_an_adhoc_match_of_a_game_not_installed_is_refused(tmp_path: Path) -> None:
    made = outside(tmp_path)
    folder = made.folder
    made.run("start", "K1", "--game", "elsewhere", "--players", "Ann,Bo")
    made.run("start", "K2", "--players", "Ann,Bo")  # Horse Race, installed everywhere

    plain = Director(folder)
    before = tree(folder)
    refusal = f"'elsewhere' is not a game tourney plays: {', '.join(registry.names())}"
    assert plain.refused("show", "K1") == f"error: {refusal}"
    assert plain.refused("rebuild") == f"error: not rebuilding: match-K1: {refusal}"
    verified = subprocess.run(
        [str(TOURNEY), "verify"], cwd=folder, env=plain.env, capture_output=True, text=True
    )
    assert verified.returncode == 1 and not verified.stdout
    assert verified.stderr.splitlines() == [f"problem: stream 'match-K1' version 1: {refusal}"]
    assert tree(folder) == before
