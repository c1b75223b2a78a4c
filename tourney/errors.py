"""The one exception family the CLI turns into a one-line message and exit code 1."""

from __future__ import annotations


class TourneyError(Exception):
    """Any failure a user can cause: bad input, an illegal event, a missing database.

    The message is one line, names what and where, and is shown as is.
    """


class RecordError(TourneyError):
    """A record line that is malformed or illegal; ``line`` is 1-based.

    Every game's record reader raises it, so ``tourney replay`` reports them all alike:
    ``line N: reason``.
    """

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.reason = message
