"""The tournament core's refusals (`tourney.tournament.state` exports them too)."""

from __future__ import annotations

from tourney.errors import TourneyError

__all__ = ["RoundError", "TournamentError"]


class TournamentError(TourneyError):
    """A tournament command the rules refuse; the message names what and where."""


class RoundError(TournamentError):
    """A refusal that names rounds by number, the numbers kept as data: a stage paired as a
    tournament of its own (a groups tournament's knockout) says its refusal in the whole
    tournament's rounds (`shifted`), in any language, without reading the words back.

    `message` is the translated template, `rounds` the names of its values that are round
    numbers."""

    def __init__(self, message: str, *, rounds: tuple[str, ...] = (), **values: object) -> None:
        super().__init__(message.format(**values))
        self.message = message
        self.rounds = rounds
        self.values = values

    def shifted(self, offset: int) -> RoundError:
        """The same refusal with every round number `offset` later."""
        values = {
            key: value + offset if key in self.rounds and isinstance(value, int) else value
            for key, value in self.values.items()
        }
        return RoundError(self.message, rounds=self.rounds, **values)
