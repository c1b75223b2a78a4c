"""The one exception family the CLI turns into a one-line message and exit code 1."""

from __future__ import annotations


class TourneyError(Exception):
    """Any failure a user can cause: bad input, an illegal event, a missing database.

    The message is one line, names what and where, and is shown as is.
    """
