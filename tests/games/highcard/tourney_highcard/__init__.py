"""High card: a deliberately tiny third game, a distribution of its own (its pyproject.toml
declares it in the ``tourney.games`` entry-point group), that proves a game is played end
to end through the `tourney.gamekit.Game` interface alone, found as a club's game would be.

2 to 6 players; each deal, every player in seat order shows one card (a rank, 1 to 13); the
one highest rank wins the deal and a point (a tie for highest: nobody scores); the first to 5
points wins the match. It ships no translations: its words are English in every language.
"""
