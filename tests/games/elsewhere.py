"""A game installed in one tourney and not in another: High card under a name of its own
(``elsewhere``), declared by a distribution that a test puts on one process's path only
(`tests/scenarios/test_not_installed.py`)."""

from __future__ import annotations

from tourney.gamekit import Game, game

ELSEWHERE = type(
    "Elsewhere", (type(game("highcard")),), {"name": "elsewhere", "title": "Elsewhere"}
)
GAME: Game = ELSEWHERE()
