"""The one exception family the CLI turns into a one-line message and exit code 1, and how
those messages quote what the user gave."""

from __future__ import annotations

import re
import unicodedata


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


def printable(text: str) -> str:
    """``text`` safe to write to a terminal or a one-line message: control and format
    characters (newline, ESC, BEL, NUL, bidi overrides, zero-width...), other line breaks
    and lone surrogates shown as ``\\x1b``-style escapes instead of emitted."""
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char.isprintable():
            out.append(char)
        elif unicodedata.category(char) == "Zs":
            out.append(" ")
        else:
            out.append(char.encode("unicode_escape", "backslashreplace").decode("ascii"))
    return "".join(out)


def quote(value: object, width: int = 40) -> str:
    """``value`` quoted for a one-line message: text in quotes and `printable`, cut to
    ``width``; an integer too long to read (Python will not even print one of more than
    4,300 digits) summarised by its size."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 64:
            return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
        return str(value)
    if not isinstance(value, str):
        return printable(repr(value))[:width]
    text = printable(value)
    if len(text) > width:
        text = f"{text[: width - 1]}…"
    return f"'{text}'"


_PASSWORD = r"(://[^:/@\s]*:)[^/\s]*@"  # compiled on first use (`re`'s cache)


def hide_passwords(text: str) -> str:
    """``text`` with the password of any URL in it (``scheme://user:PASSWORD@host``) shown
    as ``***``."""
    return re.sub(_PASSWORD, r"\1***@", text)
