"""Reading the text files people hand to tourney (records, player lists), with one-line
errors that name the file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.errors import TourneyError, quote
from tourney.i18n import _

if TYPE_CHECKING:
    from pathlib import Path


def read_text(path: str | Path, kind: str = "text") -> str:
    """The UTF-8 text of ``path`` (a leading byte-order mark dropped).

    Raises TourneyError naming the path: missing, a folder, unreadable, or not UTF-8.
    """
    try:
        with open(path, encoding="utf-8-sig") as handle:
            return handle.read()
    except FileNotFoundError:
        raise TourneyError(_("{path}: no such file").format(path=path)) from None
    except IsADirectoryError:
        raise TourneyError(
            _("{path}: is a folder, not a {kind} file").format(path=path, kind=kind)
        ) from None
    except PermissionError:
        raise TourneyError(_("{path}: permission denied").format(path=path)) from None
    except UnicodeDecodeError as exc:
        raise TourneyError(
            _("{path}: not UTF-8 text (byte {start})").format(path=path, start=exc.start)
        ) from None
    except OSError as exc:
        raise TourneyError(f"{path}: {exc.strerror}") from None
    except ValueError:  # a NUL in the name: no file can be called that
        raise TourneyError(
            _("{path}: not a file name (it holds a NUL)").format(path=quote(str(path)))
        ) from None


def split_lines(text: str) -> list[str]:
    """Physical lines as RECORD.md counts them: split on newlines only, not on U+2028."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def read_lines(path: str) -> list[str]:
    """A record file's lines (any game's); TourneyError with the path when it cannot be read."""
    return split_lines(read_text(path, "record"))
