"""The pool stage of a groups -> knockout tournament: each pool's table, who advances and
why, as a page, as text for the terminal and as JSON; and the knockout as text.

The rule is `tourney.tournament.formats.groups.stages`'; this only shows what it decided.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tourney.i18n import N_, _, page_mark
from tourney.reports.heading import Heading, heading_of
from tourney.reports.notes import ShownNote, shown_all
from tourney.tournament.format import format_of, label_text
from tourney.tournament.formats.groups.format import knockout_bracket
from tourney.tournament.formats.groups.pairing import pool_tables
from tourney.tournament.formats.groups.stages import pool_stage_finished
from tourney.tournament.matches import points_text
from tourney.tournament.notes.notes import Note
from tourney.tournament.state import TournamentError, TournamentState

POOL_COLUMNS = ("Rank", "Name", "Points", "Played", "Wins", "Losses", "Byes", "Opp. avg", "Scored")
POOL_WORDS = (page_mark("Opp. avg"), page_mark("out"))
"""Words of the pools' page no other page has (the template shows each column and status
through the catalog)."""


@dataclass(frozen=True)
class PoolLine:
    entrant_id: str
    rank: str
    name: str
    cells: tuple[str, ...]
    """The numbers after the name, one per `POOL_COLUMNS` past the second."""
    status: str
    """``"advances"``, ``"out"``, ``"withdrawn"``, or ``""`` while the pool plays."""


@dataclass(frozen=True)
class PoolView:
    letter: str
    lines: tuple[PoolLine, ...]
    notes: tuple[ShownNote, ...]
    said: tuple[Note, ...] = ()
    """The notes themselves (the CLI words them in its own catalog)."""


@dataclass(frozen=True)
class PoolsView:
    heading: Heading
    pools: tuple[PoolView, ...]
    finished: bool
    advance: int
    knockout_notes: tuple[ShownNote, ...]
    columns: tuple[str, ...] = POOL_COLUMNS


def check_groups(state: TournamentState) -> None:
    fmt = format_of(state)
    if not fmt.has_pools:
        kind = label_text(fmt)
        raise TournamentError(
            _("{title} is {kind}: it has no pools (--stage is for groups)").format(
                title=state.title, kind=kind
            )
        )


def pools_view(state: TournamentState) -> PoolsView:
    """Every pool's standings (empty before round 1 forms the pools)."""
    check_groups(state)
    finished = pool_stage_finished(state)
    pools = []
    for table in pool_tables(state):
        lines = []
        for row in table.rows:
            if row.withdrawn:
                status = "withdrawn"
            elif not finished:
                status = ""
            else:
                status = "advances" if row.entrant_id in table.advancing else "out"
            lines.append(
                PoolLine(
                    row.entrant_id,
                    row.rank_text,
                    row.name,
                    (
                        points_text(row.match_points),
                        str(row.played),
                        str(row.wins),
                        str(row.losses),
                        str(row.byes),
                        points_text(row.buchholz),
                        str(row.points_scored),
                    ),
                    status,
                )
            )
        pools.append(
            PoolView(table.letter, tuple(lines), shown_all(state, table.notes), table.notes)
        )
    knockout = state.groups.knockout
    return PoolsView(
        heading=heading_of(state),
        pools=tuple(pools),
        finished=finished,
        advance=state.created.advance,
        knockout_notes=shown_all(state, knockout.notes) if knockout else (),
    )


def pools_json(view: PoolsView) -> dict[str, Any]:
    return {
        "stage": "pools",
        "finished": view.finished,
        "advance": view.advance,
        "pools": [
            {
                "pool": pool.letter,
                "rows": [
                    {
                        "rank": line.rank,
                        "entrant_id": line.entrant_id,
                        "name": line.name,
                        **dict(
                            zip(
                                (
                                    "points",
                                    "played",
                                    "wins",
                                    "losses",
                                    "byes",
                                    "buchholz",
                                    "scored",
                                ),
                                line.cells,
                                strict=True,
                            )
                        ),
                        "status": line.status,
                    }
                    for line in pool.lines
                ],
                "notes": [note.text for note in pool.notes],
            }
            for pool in view.pools
        ],
    }


STATUS_WORDS = {
    "waiting": N_("waiting"),
    "bye": N_("bye"),
    "empty": N_("empty"),
    "to_play": N_("to play"),
    "in_play": N_("in play"),
    "deciding_match_needed": N_("deciding match needed"),
    "decided": N_("decided"),
}
"""A knockout slot's status (`elimination.SlotStatus`) as `standings --stage knockout` says it."""


def knockout_lines(state: TournamentState) -> list[str]:
    """The knockout as text: each round's tables, their entrants and what became of them."""
    check_groups(state)
    bracket = knockout_bracket(state)
    if not bracket.rounds:
        return [_("The knockout starts when every pool match has a result (tourney pair).")]
    names = state.entrant_name
    lines = []
    for round_ in bracket.rounds:
        lines.append(round_.name.capitalize())
        for slot in round_.slots:
            who = " v ".join(names(e) if e else _("bye") for e in slot.entrants)
            if slot.status == "decided" and slot.winner:
                what = _("{name} advances").format(name=names(slot.winner))
            else:
                what = _(STATUS_WORDS.get(slot.status, slot.status))
            lines.append(
                "  "
                + _("table {number}: {who}  [{what}]").format(
                    number=slot.index + 1, who=who or "?", what=what
                )
            )
    if bracket.champion:
        lines.append(_("Champion: {name}").format(name=names(bracket.champion)))
    return lines


def knockout_json(state: TournamentState) -> dict[str, Any]:
    check_groups(state)
    bracket = knockout_bracket(state)
    return {
        "stage": "knockout",
        "seeds": [state.entrant_name(e) for e in state.groups.knockout.order]
        if state.groups.knockout
        else [],
        "rounds": [
            {
                "name": round_.name,
                "tables": [
                    {
                        "entrants": [
                            None if e is None else state.entrant_name(e) for e in slot.entrants
                        ],
                        "status": slot.status,
                        "winner": None if slot.winner is None else state.entrant_name(slot.winner),
                    }
                    for slot in round_.slots
                ],
            }
            for round_ in bracket.rounds
        ],
        "champion": None if bracket.champion is None else state.entrant_name(bracket.champion),
    }
