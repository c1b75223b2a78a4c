"""Click's and Typer's own sentences, for a command line that does not parse, in the reader's
language.

Click builds these messages itself (``No such option: --bogus``) before tourney sees them,
through the stdlib's global gettext, which cannot follow `--lang` or a phone's language.
So the edge (`tourney.cli.edge_group`) reads each known sentence back out of the finished
message and says it again through tourney's catalog. English is left exactly as Click wrote
it; a sentence not listed here stays English (a test walks the list in Russian and
Italian, so a Click release that rewords one shows up as a failing test, not as a silent
English line).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tourney import i18n
from tourney.i18n import N_, _

SENTENCES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"No such option: (?P<name>\S+)"), N_("No such option: {name}")),
    (re.compile(r"Did you mean (?P<name>\S+)\?"), N_("Did you mean {name}?")),
    (re.compile(r"\(Possible options: (?P<names>[^)]*)\)"), N_("(Possible options: {names})")),
    (re.compile(r"Missing argument '(?P<name>[^']+)'\."), N_("Missing argument '{name}'.")),
    (re.compile(r"Missing option '(?P<name>[^']+)'\."), N_("Missing option '{name}'.")),
    (re.compile(r"No such command '(?P<name>[^']+)'\."), N_("No such command '{name}'.")),
    (re.compile(r"Invalid value for '(?P<name>[^']+)':"), N_("Invalid value for '{name}':")),
    (
        re.compile(r"Option '(?P<name>[^']+)' requires an argument\."),
        N_("Option '{name}' requires an argument."),
    ),
    (
        re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((?P<args>[^)]*)\)"),
        N_("Got unexpected extra arguments ({args})"),
    ),
)
"""Each sentence as Click 8.5 / Typer 0.29 write it, and the msgid that says it again."""


def in_language(message: str) -> str:
    """``message`` (Click's English) with every known sentence in the current language."""
    if i18n.current() == i18n.DEFAULT:
        return message
    for pattern, msgid in SENTENCES:
        message = pattern.sub(_said_again(msgid), message)
    return message


def _said_again(msgid: str) -> Callable[[re.Match[str]], str]:
    def say(found: re.Match[str]) -> str:
        return _(msgid).format(**found.groupdict())

    return say
