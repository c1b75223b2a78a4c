"""The "Next:" line a command may end with: what the director types next, complete and
runnable as printed, for the tournament the command acted on.

Every such line is made here, in one shape: ``Next: <what to do>: tourney …`` and, for a
choice, ``; or <what>: tourney …``. A command ends at ``;`` or at the end of the line, and
its only gaps are placeholders in capitals, the metavar of the value they stand for as
``--help`` shows it in the reader's language (``NAME``: Italian ``NOME``, Russian ``ИМЯ``;
`gap`), or ``...`` for a number: so that the tests can find each command in what was
printed, fill its gaps and run it (``tests/next_steps.py``), and a suggestion that would be
refused when followed fails there first."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tourney.cli import metavars
from tourney.i18n import _

if TYPE_CHECKING:
    from tourney.tournament.events import TournamentEvent
    from tourney.tournament.matches import MatchRecord
    from tourney.tournament.state import TournamentState


class Gap(str):
    """A placeholder in a command: the director types a value in its place, so it is shown
    as it is (not quoted for the shell, which would quote a Russian ``ИМЯ``)."""

    __slots__ = ()


def gap(metavar: str) -> Gap:
    """The placeholder for a value whose metavar is ``metavar`` (``NAME``, ``REASON``), in
    the reader's language: the word ``--help`` shows for the same value."""
    return Gap(metavars.said(metavar))


def command(*words: str) -> str:
    """``tourney <words>``, each word quoted for the shell where it needs it (a name with
    a space), a `Gap` as it is: what a director can paste."""
    return " ".join(
        ["tourney", *(word if isinstance(word, Gap) else shlex.quote(word) for word in words)]
    )


def next_line(what: str, first: str, *choices: tuple[str, str]) -> str:
    """``Next: <what>: <first>``, then ``; or <what>: <command>`` for each of ``choices``
    (each a pair: what it does, the command)."""
    line = _("Next: {what}: {command}").format(what=what, command=first)
    for said, other in choices:
        line += "; " + _("or {what}: {command}").format(what=said, command=other)
    return line


def add_players_line(slug: str) -> str:
    """After a tournament (or a series' night) is created: register its players."""
    return next_line(
        _("add each player"),
        command("player", "add", gap("NAME"), "-t", slug),
        (_("import them from a CSV file"), command("player", "import", gap("FILE"), "-t", slug)),
    )


def record_line(paired: Sequence[TournamentEvent]) -> str:
    """After a round (or deciding matches) is paired: record its first table, by its match
    id (a table code names the newest tournament's, which this may not be). "" when the
    round seats no table."""
    from tourney.tournament.events import RoundPaired
    from tourney.tournament.round_events import DecidingMatchPaired

    for event in paired:
        if isinstance(event, RoundPaired) and event.tables:
            match_id = event.tables[0].match_id
        elif isinstance(event, DecidingMatchPaired):
            match_id = event.table.match_id
        else:
            continue
        return next_line(_("record each table, the first"), command("record", match_id))
    return ""


def example_scores(state: TournamentState, record: MatchRecord) -> str:
    """``Ann=...,Cy=...`` for the sides still playing (the others score 0 unless given):
    how to type their result; by side number (``1=...,3=...``) when a name holds a comma
    or an equals sign."""
    from tourney.tournament.results.sides import side_names

    names = side_names(state, record)
    playing = [s for s in range(len(names)) if s not in record.forfeited]
    if any("," in names[s] or "=" in names[s] for s in playing):
        return ",".join(f"{s + 1}=..." for s in playing)
    return ",".join(f"{names[s]}=..." for s in playing)


def disputed_line(state: TournamentState, record: MatchRecord) -> str:
    """Under an open dispute: uphold the result, or enter the right one over it."""
    slug = state.created.slug
    return next_line(
        _("uphold the result"),
        command("disputes", "uphold", record.match_id, "--note", gap("NOTE"), "-t", slug),
        (
            _("enter the right result"),
            command(
                "director", "result", record.match_id, "--scores",
                example_scores(state, record), "--replace", "-t", slug,
            ),
        ),
    )  # fmt: skip
