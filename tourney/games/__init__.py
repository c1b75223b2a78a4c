"""The games tourney ships, one package each (``horserace``, ``racehorse``), found as a club's
own game is: through the ``tourney.games`` entry points (`tourney.gamekit.registry`).
Nothing else lives here: what every game is built on and what tourney asks of it is
`tourney.gamekit`. Nothing outside a game's package imports it (import-linter: one
wildcard contract, ``tourney.games.*``)."""
