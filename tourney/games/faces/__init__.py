"""The games' public faces: what code outside `tourney.games` may use of one game beyond
the `Game` interface (its one-shot commands' notation, its bots and self-play), one module
per game, named after it."""
