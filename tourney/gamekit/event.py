"""What every game's event offers, in a module of its own so that the game protocol's parts
(`tourney.gamekit.chances`) can name it without importing the protocol that names them."""

from __future__ import annotations

from typing import Protocol


class GameEvent(Protocol):
    """What every game's event offers: its record ``type``."""

    @property
    def type(self) -> str: ...
