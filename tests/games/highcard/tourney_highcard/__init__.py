"""High card: a deliberately tiny third game, defined only here, that proves a game is
played end to end through the `tourney.games.Game` interface alone (issue 24).

2 to 6 players; each deal, every player in seat order shows one card (a rank, 1 to 13); the
one highest rank wins the deal and a point (a tie for highest: nobody scores); the first to 5
points wins the match.
"""

from tests.games.highcard.game import GAME

__all__ = ["GAME"]
