"""Facts about stored data that name a game, for good: a ``match_started`` or
``tournament_created`` payload without ``game`` was written before tourney played a second
game, and replays as Horse Race; one without ``target`` is played to Horse Race's 61. The
shell reads old payloads with them (`tourney.streams`) and takes them as its defaults (the
CLI); the pure cores never do."""

from __future__ import annotations

HORSE_RACE = "horse-race"
"""The registry name of Horse Race, the domino game (a stream without ``game``)."""

RACEHORSE = "racehorse"
"""The registry name of Racehorse, the card game (``"game": "racehorse"``)."""

DEFAULT_GAME = HORSE_RACE
"""The game of a payload that names none, and a new match's or tournament's when its
director names none (the CLI's default)."""

DEFAULT_TARGET = 61
"""The target of a payload that names none (Horse Race's, RULES.md: 61; its engine's
`tourney.games.horserace.events.DEFAULT_TARGET` is this value), and the CLI's default."""
