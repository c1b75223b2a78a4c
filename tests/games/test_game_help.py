"""``--game``'s help is each installed game's own line, assembled when a help page is drawn
(as ``--format``'s is): a club's game from its own distribution (High card) is listed with
no edit to tourney, in English, and the shipped games' lines keep their translations."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.cli.conftest import Cli
from tourney.gamekit import game, names
from tourney.i18n import using


def test_the_game_help_lists_every_installed_game_each_on_its_own_line(highcard: str) -> None:
    from tourney.cli.game_help import games_help

    said = games_help()
    for name in names():
        assert f"{name}: " in said, name
    assert f"{highcard}: {game(highcard).title}, tables of 2-6" in said
    with using("it"):
        italian = games_help()
    assert "horse-race: domino" in italian and f"{highcard}: High card, tavoli da 2-6" in italian


def test_tournament_create_help_draws_it(highcard: str, tmp_path: Path, template_db: Path) -> None:
    db = tmp_path / "night.db"
    shutil.copyfile(template_db, db)
    shown = Cli(str(db)).ok("tournament", "create", "--help").stdout
    assert f"{highcard}: High card" in " ".join(shown.replace("│", " ").split())


def test_start_help_draws_it(highcard: str, tmp_path: Path, template_db: Path) -> None:
    db = tmp_path / "night.db"
    shutil.copyfile(template_db, db)
    shown = Cli(str(db)).ok("start", "--help").stdout
    assert f"{highcard}: High card" in " ".join(shown.replace("│", " ").split())


def test_simulate_help_names_the_games_it_plays_by_their_own_lines(highcard: str) -> None:
    """`tourney simulate --game` lists each game with a `Simulation` by its own line (a
    club's included, once it has one), and no game it cannot play (High card has none)."""
    from tests.support import tourney_here
    from tourney.gamekit.registry import loadable

    done = tourney_here("simulate", "--help", env={"COLUMNS": "200"})
    assert done.returncode == 0, done.stderr
    shown = " ".join(done.stdout.replace("│", " ").split())
    for played in loadable():
        assert (f"{played.name}: " in shown) == (played.simulation is not None), played.name
    assert f"{highcard}: " not in shown
