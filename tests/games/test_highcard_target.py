"""A tournament's winning score is its game's (`Game.target`), never a guess from its
name: High card is won at 5 whatever the tournament's ``target`` setting says, Racehorse has
none (the highest net wins), Horse Race's is the setting."""

from __future__ import annotations

import pytest

from tourney.tournament.create import decide_create
from tourney.tournament.results.rulings import result_target
from tourney.tournament.state import TournamentState, fold


def _created(game_name: str, table_size: int) -> TournamentState:
    events = decide_create(
        TournamentState(),
        "Night",
        format="swiss",
        table_size=table_size,
        rounds=3,
        target=75,
        game_name=game_name,
    )
    return fold(events)


def test_high_card_is_won_at_its_own_target(highcard: str) -> None:
    assert result_target(_created(highcard, 3)) == 5


@pytest.mark.parametrize(
    ("name", "size", "target"), [("horse-race", 4, 75), ("racehorse", 5, None)]
)
def test_shipped_games_keep_their_targets(name: str, size: int, target: int | None) -> None:
    assert result_target(_created(name, size)) == target
