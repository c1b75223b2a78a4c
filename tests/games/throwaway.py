"""`Throwaway`: a game with no rules of its own, for a test that needs one capability of a
game (a start option, a match in deals, a target) under a name of its own, registered
with `tourney.gamekit.registry.register` for the test's length (a club's game is installed
instead, and found by its entry point)."""

from __future__ import annotations

from tourney.gamekit import Result, game
from tourney.gamekit.base import BaseGame
from tourney.gamekit.protocol import GameEvent, GameMatch


class Throwaway(BaseGame):
    """Tables of 2 to 4, no moves (High card's engine starts its matches); a test's
    subclass says what it is about."""

    title = "Throwaway"
    table_sizes = (2, 4)

    def new_match(self) -> GameMatch:
        return game("highcard").new_match()

    def legal_moves(self, match: GameMatch) -> list[GameEvent]:
        return []

    def result(self, match: GameMatch) -> Result:
        return Result((0, 0), ())
