"""What the wall display and the director's page show of the latest round: each table's
seats and where its match stands, and the standings — from the read models (`reads`), the
tournament's own fold for who sits where, and the match streams for confirmations."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from tourney.gamekit import game
from tourney.i18n import page_mark
from tourney.reports.heading import heading_of
from tourney.reports.results import result_text
from tourney.reports.rounds import round_name
from tourney.streams.matches import (
    confirmations,
    confirmed_from,
    match_id,
    match_stream,
    one_device_note,
)
from tourney.web.reads import MatchLine, match_lines, standings_lines

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore
    from tourney.tournament.state import TournamentState
    from tourney.web.night import Night


@dataclass(frozen=True, slots=True)
class TableStatus:
    number: int
    match_id: str
    seats: tuple[str, ...]
    status: str
    """``waiting``, ``playing``, ``hand N`` (Racehorse: ``deal N of M``), ``finished``,
    ``confirmed`` or ``result``."""
    scores: tuple[int, ...]
    detail: str
    unconfirmed: tuple[str, ...] = ()
    score_text: str = ""
    """The scores as the board shows them, ``61–40`` (empty at a Racehorse table)."""
    seated: str = ""
    """The players as the board shows them, ``Ann · Bo``; at a Racehorse table each with
    their net units, ``Ann +4 · Bo -1 · ...``."""
    confirmed_from: tuple[str, ...] = ()
    """For the director: who confirmed from which device, ``Ann: phone 3fa2b1c0 (iPhone ·
    Safari)``, and a last line ``all 4 from one phone`` when it was one."""

    @property
    def short(self) -> str:
        """What the wall's "Now" column says of a table with a result: its scores, ``61–33``
        (a Racehorse table's nets are beside its players: nothing), never a sentence."""
        return self.score_text if self.status in ("finished", "confirmed", "result") else ""


STATUS_WORDS = (
    page_mark("waiting"),
    page_mark("playing"),
    page_mark("finished"),
    page_mark("invalid"),
    page_mark("result"),
    page_mark("confirmed"),
)
"""A table's statuses, shown in the reader's language (the page's data keeps them)."""


def _status(row: MatchLine | None, progress: Callable[[int], str]) -> tuple[str, tuple[int, ...]]:
    """A table's status from its read-model row; ``progress`` words the hands or deals
    done in the table's game (`Display.progress_text`)."""
    if row is None:
        return "waiting", ()
    scores = tuple(row.scores)
    if row.status == "finished":
        return "finished", scores
    if row.status == "invalid":
        return "invalid", scores
    if row.hands:
        return progress(row.hands), scores
    return "playing", scores


def game_settings(state: TournamentState) -> dict[str, Any]:
    """The tournament's settings its game words its tables with."""
    created = state.created
    return {
        "table_size": created.table_size,
        "partnerships": created.partnerships,
        "target": created.target,
        "deals": created.deals,
    }


def board_context(
    night: Night, store: EventStore, confirmations_too: bool = False
) -> dict[str, Any]:
    """The latest round's tables and the standings; with ``confirmations_too`` (the director's
    page), who has yet to confirm each finished match."""
    loaded = night.loaded()
    if loaded is None:
        return {
            "heading": None,
            "round": 0,
            "round_name": "",
            "tables": [],
            "standings": [],
            "net_units": False,
            **NOT_FINAL,  # the template reads them all (StrictUndefined), whichever branch
        }
    state = loaded.state
    tables = night.tables(loaded)
    # The read model keys a match by its canonical (upper-case) id, as its stream does.
    rows = match_lines(store, [match_id(t.match_id) for t in tables])
    display = game(state.created.game).display
    settings = game_settings(state)
    statuses = []
    for table in tables:
        status, scores = _status(
            rows.get(match_id(table.match_id)),
            partial(display.progress_text, settings=settings, seats=len(table.seats)),
        )
        record = state.matches.get(table.match_id)
        detail = ""
        unconfirmed: tuple[str, ...] = ()
        devices: tuple[str, ...] = ()
        if record is not None and record.outcome is not None:
            detail = result_text(state, record)
            if record.outcome.kind != "played":
                # The director's result counts: its scores, not the table's own play.
                status, scores = "result", tuple(record.outcome.scores)
        elif record is not None and record.forfeited:
            detail = result_text(state, record)
        if status == "finished" and confirmations_too:
            stored = list(night.store.read_stream(match_stream(table.match_id)))
            done = confirmations(stored)
            unconfirmed = tuple(p for p in table.seats if p not in done)
            if not unconfirmed:
                status = "confirmed"
            by_device = confirmed_from(stored)
            note = one_device_note(by_device)
            devices = (*(f"{p}: {d}" for p, d in by_device.items()), *([note] if note else []))
        statuses.append(
            TableStatus(
                table.number,
                table.match_id,
                table.seats,
                status,
                scores,
                detail,
                unconfirmed,
                *display.board(scores, table.seats),
                devices,
            )
        )
    heading = heading_of(state)
    return {
        "heading": heading,
        "round": len(state.rounds),
        # the latest round as its format names it ("Round 2 (semi-finals)"), "" before one
        "round_name": round_name(state, len(state.rounds)) if state.rounds else "",
        "tables": statuses,
        "net_units": display.net_units,
        "standings": standings_lines(store, loaded.slug),
        **final_context(state, heading.paired >= heading.rounds > 0),
    }


@dataclass(frozen=True, slots=True)
class FinalLine:
    """A line of the final standings on the wall: the place, who, the points, the prize."""

    rank: int
    tied: bool
    name: str
    match_points: str
    prize: str


PODIUM = 3
"""The places the podium shows (ties at the third place stand on it too)."""

NOT_FINAL: dict[str, Any] = {"final": False, "podium": [], "final_lines": [], "prizes": False}
"""The final standings' part of the board before the last round is complete."""


def final_context(state: TournamentState, all_paired: bool) -> dict[str, Any]:
    """When the last round is complete (every round paired, every table's result in): the
    final standings with each place's prize, and the podium. Before: ``final`` is False."""
    if not all_paired or any(m.outcome is None for m in state.matches.values()):
        return dict(NOT_FINAL)
    from tourney.tournament.matches import points_text
    from tourney.tournament.standings.rows import money_text
    from tourney.tournament.standings.standings import standings_of

    lines = [
        FinalLine(r.rank, r.tied, r.name, points_text(r.match_points), money_text(r.prize))
        for r in standings_of(state)
    ]
    return {
        "final": True,
        "podium": [line for line in lines if line.rank <= PODIUM],
        "final_lines": lines,
        "prizes": any(line.prize for line in lines),
    }
