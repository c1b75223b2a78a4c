"""The CLI's one error edge: every failure becomes one line on stderr and an exit code.

Every command passes through here, through `EdgeGroup` (`tourney.cli.edge_group`), the root
command's class (the console script, and the in-process test runner, which calls the root
command directly).

- a refusal (`TourneyError`), a file that cannot be read or written (`OSError`), text that is
  not UTF-8 (`UnicodeError`), a template, database or migration error: ``error: ...``, exit 1;
- a command line that does not parse (unknown option, missing argument, a number out of
  range): ``error: ... (see `tourney CMD -h`)``, exit 1 as well — bad input is bad input,
  whether Click or tourney noticed it (Click alone would say 2);
- Ctrl-C: ``interrupted: ...``, exit 130;
- anything else is a bug: one line naming it and the file the full traceback was written
  to (under the user's cache folder), exit 70 (EX_SOFTWARE).

Commands therefore never catch errors to print them: they raise, and the edge reports.
Nothing here imports SQLAlchemy, Jinja or psycopg: an error can only be one of theirs when
its module has been imported already, so `sys.modules` is asked.
"""

from __future__ import annotations

import errno
import importlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tourney.errors import TourneyError, hide_passwords, printable
from tourney.i18n import _

if TYPE_CHECKING:
    from pathlib import Path

REFUSED = 1
INTERNAL = 70
INTERRUPTED = 130
MAX_LINE = 400


def one_line(text: str) -> str:
    """``text`` as one printable line of at most `MAX_LINE` characters."""
    line = printable(" ".join(text.strip().splitlines()) or text)
    return line if len(line) <= MAX_LINE else f"{line[: MAX_LINE - 1]}…"


def say(text: str) -> None:
    """Write one line to stderr, whatever the terminal's encoding."""
    line = one_line(text) + "\n"
    stream = sys.stderr
    try:
        stream.write(line)
        stream.flush()
    except UnicodeEncodeError:
        encoding = getattr(stream, "encoding", None) or "ascii"
        stream.write(line.encode(encoding, "backslashreplace").decode(encoding))
        stream.flush()
    except OSError:
        pass  # stderr is gone: nothing left to tell


def _loaded(module: str, *names: str) -> tuple[type[BaseException], ...]:
    """Exception classes of ``module`` if it has been imported (else nothing can be one)."""
    # A package's own modules (psycopg.errors...) load with it.
    if module.split(".")[0] not in sys.modules:
        return ()
    try:
        found = importlib.import_module(module)
    except ImportError:
        return ()
    return tuple(getattr(found, name) for name in names if hasattr(found, name))


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def describe(exc: BaseException) -> str | None:
    """The one-line message for an error a user can cause, or None for a bug."""
    if isinstance(exc, TourneyError):
        return str(exc)
    if isinstance(exc, UnicodeError):
        return _unicode(exc)
    if isinstance(exc, ValueError) and str(exc).startswith("embedded null"):
        # What every os function says of a path with a NUL in it (only a caller inside the
        # process can pass one: a command line cannot hold it).
        return _("a file name cannot hold a NUL character")
    if isinstance(exc, OSError):
        where = exc.filename if exc.filename is not None else None
        reason = exc.strerror or _first_line(exc)
        return f"{where}: {reason}" if where is not None else reason
    template = _loaded("jinja2", "TemplateError")
    if template and isinstance(exc, template):
        return _template(exc)
    migration = _loaded("alembic.util.exc", "CommandError")
    if migration and isinstance(exc, migration):
        return f"database schema: {_first_line(exc)}"
    database = (
        _loaded("sqlite3", "Error")
        + _loaded("sqlalchemy.exc", "SQLAlchemyError")
        + _loaded("psycopg", "Error")
    )
    if database and isinstance(exc, database):
        return f"database: {_first_line(exc)}"
    return None


def _unicode(exc: UnicodeError) -> str:
    if isinstance(exc, UnicodeEncodeError | UnicodeDecodeError):
        bad = exc.object[exc.start : exc.end]
        shown = repr(bad) if isinstance(bad, bytes) else printable(bad)
        verb = "encode" if isinstance(exc, UnicodeEncodeError) else "decode"
        return f"cannot {verb} {shown} as {exc.encoding}: {exc.reason} (text that is not UTF-8?)"
    return f"text that is not valid: {exc}"


def _template(exc: BaseException) -> str:
    name = getattr(exc, "filename", None) or getattr(exc, "name", None)
    line = getattr(exc, "lineno", None)
    where = "template" + (f" {name}" if name else "") + (f", line {line}" if line else "")
    message = getattr(exc, "message", None) or _first_line(exc)
    return f"{where}: {message}"


def report_folder() -> Path:
    """Where full reports of internal errors go: $XDG_CACHE_HOME/tourney (~/.cache/tourney),
    else the temporary folder."""
    from pathlib import Path  # here, not at the top: only a bug pays for it

    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return Path(base) / "tourney"


def write_report(exc: BaseException, argv: Sequence[str]) -> Path | None:
    """Write the traceback and the command line (passwords hidden) to a new file; its path,
    or None when no folder would take it."""
    import tempfile  # here, not at the top: only a bug pays for these imports
    import traceback
    from datetime import UTC, datetime
    from pathlib import Path

    now = datetime.now(UTC)
    text = "".join(
        [
            f"tourney internal error, {now.isoformat(timespec='seconds')}\n",
            "command: tourney " + hide_passwords(" ".join(argv)) + "\n",
            f"python: {sys.version.split()[0]} on {sys.platform}\n\n",
            *traceback.format_exception(exc),
        ]
    )
    name = f"crash-{now:%Y%m%d-%H%M%S}-{os.getpid()}.txt"
    for folder in (report_folder(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            with open(path, "x", encoding="utf-8", errors="backslashreplace") as handle:
                handle.write(text)
            return path
        except OSError:
            continue
    return None


def translate(exc: BaseException, argv: Sequence[str]) -> int:
    """Report ``exc`` as one line on stderr; the exit code to leave with."""
    if isinstance(exc, KeyboardInterrupt):
        say(_("interrupted: stopped before finishing (what was recorded is kept)"))
        return INTERRUPTED
    if isinstance(exc, BrokenPipeError) or (isinstance(exc, OSError) and exc.errno == errno.EPIPE):
        _silence_stdout()
        return REFUSED
    message = describe(exc)
    if message is not None:
        say(_("error: {message}").format(message=message))
        return REFUSED
    path = write_report(exc, argv)
    where = f"the full report is in {path}" if path else "no report could be written"
    what = _first_line(exc)
    what = what if len(what) <= 160 else f"{what[:159]}…"  # the report's path must fit
    say(f"internal error: {type(exc).__name__}: {what} — a bug in tourney; {where}")
    return INTERNAL


def _silence_stdout() -> None:
    """The reader of stdout went away (``tourney export T3 | head``): stop writing to it."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
