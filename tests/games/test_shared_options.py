"""Two installed games may name the same option of `tourney start` (``--to``) or argument of a
one-shot command with different ranges and words (found by the third checklist trial,
Briscola, whose ``--to`` is 1 to 9 deals beside Morra's 1 to 21 points): the command offers
it once, and each game's own range is the one its matches are held to, never the first
game's: installing one club's game must not refuse another's valid value, nor let through
one its own range refuses. A club game's option whose name tourney's own commands give a
word (``--to FILE`` of `export`) shows its own name (``TO``), not that word."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from tests.cli.conftest import Cli
from tests.games.throwaway import Throwaway
from tourney.cli.game_cmd import start_command
from tourney.gamekit import Result, game
from tourney.gamekit.protocol import GameEvent, GameMatch
from tourney.gamekit.registry import register, unregister
from tourney.gamekit.verbs import Param
from tourney.limits import Bound


class _Short(Throwaway):
    """A throwaway game whose ``--to`` is 1 to 9 (Morra's is 1 to 21)."""

    name = "shortto"
    title = "Short"
    table_sizes = (4, 4)

    @property
    def start_options(self) -> Sequence[Param]:
        return (Param("to", "Deals to win.", "--to", int, bound=Bound("to", 1, 9)),)

    def start_event(self, players: tuple[str, ...], options: Mapping[str, Any]) -> GameEvent:
        return super().start_event(players, {})

    def new_match(self) -> GameMatch:
        return game("morra").new_match()

    def legal_moves(self, match: GameMatch) -> list[GameEvent]:
        return []

    def result(self, match: GameMatch) -> Result:
        return Result((0, 0), ())


@pytest.fixture
def short() -> Iterator[Throwaway]:
    played = _Short()
    register(played)
    yield played
    unregister(played.name)


def _start(games: Sequence[Any], *args: str) -> Any:
    app = typer.Typer()
    app.command()(start_command(games))
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


@pytest.mark.parametrize("order", [1, -1])
def test_each_game_is_held_to_its_own_range(short: Throwaway, adhoc_db: Path, order: int) -> None:
    games = [short, game("morra")][::order]
    started = _start(games, "K1", "--players", "A,B,C,D", "--game", "morra", "--to", "15",
                     "--db", str(adhoc_db))  # fmt: skip
    assert started.exit_code == 0, started.output
    refused = _start(games, "K2", "--players", "A,B,C,D", "--game", "shortto", "--to", "15",
                     "--db", str(adhoc_db))  # fmt: skip
    said = str(refused.exception)  # the CLI's edge makes it one line (a LimitError)
    assert refused.exit_code != 0 and "15" in said and "1 to 9" in said, said


def test_a_club_games_option_shows_its_own_name(adhoc_db: Path) -> None:
    shown = " ".join(Cli(str(adhoc_db)).ok("start", "--help").stdout.replace("│", " ").split())
    assert "--to TO" in shown and "FILE" not in shown, shown
