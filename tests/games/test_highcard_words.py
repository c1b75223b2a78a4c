"""A club's game's moves on its table page are said in its own words (`Game.describe`), not
as "a recorded event": the notice after a tap, the table's history and the undo button.
The web's own words know only tourney's games' event types (issue 33)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tourney.gamekit import game
from tourney.web import words


@dataclass(frozen=True)
class Stored:
    version: int
    type: str
    payload: dict[str, Any]


def test_a_club_games_moves_are_said_in_its_own_words(highcard: str) -> None:
    played = game(highcard)
    stored = [
        Stored(1, "match_started", {"game": highcard, "players": ["Ann", "Bo"]}),
        Stored(2, "card_shown", {"player": "Ann", "rank": 7}),
        Stored(3, "card_shown", {"player": "Bo", "rank": 9}),
        Stored(4, "undone", {"version": 3}),
    ]
    assert words.said(stored, 2, played) == "Ann shows 7"
    assert words.said(stored, 4, played) == "undone: Bo shows 9"
    assert [line["text"] for line in words.history(stored, game=played)] == [
        "undone: Bo shows 9", "Bo shows 9", "Ann shows 7", "The match started: Ann, Bo",
    ]  # fmt: skip
    assert words.possessive(stored[1], game=played) == "Ann shows 7"
    assert words.redo_offer(stored, played) == "Bo shows 9"
