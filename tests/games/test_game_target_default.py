"""A tournament created without ``--target`` is played to its game's own winning score
(`Game.first_to`), not Horse Race's 61 (found by the third checklist trial: Briscola, won
at 2 deals and reading the tournament's target, had every table's ``match_started`` say 61
and could not be played)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Cli
from tests.games.throwaway import Throwaway
from tourney.gamekit import game
from tourney.gamekit.base import Started
from tourney.gamekit.registry import register, unregister
from tourney.tournament.create import decide_create
from tourney.tournament.results.rulings import result_target
from tourney.tournament.state import TournamentError, TournamentState, fold


class _ToThree(Throwaway):
    """A throwaway game won at 3 unless the tournament says otherwise."""

    name = "tothree"
    title = "To three"
    table_sizes = (2, 2)
    first_to = 3

    def target(self, settings: Mapping[str, Any]) -> int | None:
        return int(settings.get("target") or self.first_to)


@pytest.fixture
def to_three() -> Iterator[str]:
    register(_ToThree())
    yield "tothree"
    unregister("tothree")


def _target(game_name: str, **given: Any) -> int | None:
    given = {"table_size": 2, **given}
    events = decide_create(
        TournamentState(), "Night", format="swiss", rounds=3, game_name=game_name, **given
    )
    return result_target(fold(events))


def test_a_game_is_played_to_its_own_score_unless_told(to_three: str) -> None:
    assert _target(to_three) == 3
    assert _target(to_three, target=7) == 7


def test_horse_race_keeps_61() -> None:
    events = decide_create(TournamentState(), "Night", format="swiss", table_size=4, rounds=3,
                           game_name="horse-race")  # fmt: skip
    assert result_target(fold(events)) == 61


def test_the_cli_leaves_the_target_to_the_game(tmp_path: Path, template_db: Path) -> None:
    db = tmp_path / "night.db"
    shutil.copyfile(template_db, db)
    cli = Cli(str(db))
    said = cli.ok("tournament", "create", "Sera", "--game", "morra", "--table-size", "4",
                  "--partnerships").stdout  # fmt: skip
    assert "first to 5" in said and "61" not in said
    shown = json.loads(cli.ok("tournament", "show", "--json").stdout)
    assert "61" not in json.dumps(shown), shown


NARROW = type(
    "Narrow",
    (type(game("morra")),),
    {
        "name": "narrow",
        "target": lambda self, settings: int(settings.get("target") or 5),
        "table_start": lambda self, players, settings, extra: Started(
            tuple(players), {**extra, "to": settings["target"]}
        ),
    },
)
"""Morra played to the tournament's target, which its engine holds to 1 to 21."""


def test_a_target_the_game_refuses_is_refused_at_creation() -> None:
    """Found by the third checklist trial: `--target 12` for Briscola (won at 1 to 9 deals)
    was created and paired, and every table's stream then refused to replay."""
    register(NARROW())
    try:
        assert _target("narrow", table_size=4, partnerships=True, target=21) == 21
        with pytest.raises(TournamentError, match="to: a whole number from 1 to 21"):
            _target("narrow", table_size=4, partnerships=True, target=30)
    finally:
        unregister("narrow")
