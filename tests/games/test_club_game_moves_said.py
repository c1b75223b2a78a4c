"""A club's game's move is said in its own words (`Game.describe`) when it is recorded,
whatever its engine answers: a move whose `apply` returns None (a card shown before the
deal is complete; most moves of a club's game) was said as its code and a fixed list of
tourney's games' payload keys, ``v2 card_shown Ann``, at the console and after a one-shot
command, in every language (found with Morra from its own distribution, audit33b)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.conftest import Cli
from tourney.cli.app import app


def test_a_move_its_engine_says_nothing_of_is_said_in_the_games_words(
    highcard: str, adhoc_db: Path
) -> None:
    cli = Cli(str(adhoc_db))
    cli.ok("start", "K9", "--game", highcard, "--players", "Ann,Bo")
    typed = cli.runner.invoke(app, ["record", "K9", "--db", str(adhoc_db)], input="5\n3\n")
    assert typed.exit_code == 0, typed.output
    assert "v2: Ann shows 5\n" in typed.stdout, typed.stdout
    assert "v3: Bo shows 3\nDeal won by Ann\n" in typed.stdout, typed.stdout
    assert "card_shown" not in typed.stdout
