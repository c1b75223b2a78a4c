"""Pairings and seating of a round, and the table cards that go on its tables."""

from collections.abc import Collection
from typing import NamedTuple

from tourney.i18n import _
from tourney.reports import paths
from tourney.reports.heading import Heading, heading_of
from tourney.reports.notes import ShownNote, shown, shown_all
from tourney.reports.results import result_text
from tourney.reports.seating import SeatView, SideView, seats_of, sides_of
from tourney.tournament.format import format_of
from tourney.tournament.notes.notes import Note
from tourney.tournament.state import TournamentError, TournamentState


def round_name(state: TournamentState, number: int) -> str:
    """``"Round 2"``, or as its format names it: ``"Round 2 (semi-finals)"``."""
    return format_of(state).round_name(state, number)


class TableView(NamedTuple):
    number: int
    match_id: str
    seats: tuple[SeatView, ...]
    sides: tuple[SideView, ...]
    why: ShownNote
    result: str
    sheet_href: str | None
    decides: str | None
    bracket: str = ""
    """Double elimination: the bracket the table is in ("winners' bracket"...)."""
    why_note: Note | None = None
    """The note `why` shows (the CLI words it in its own catalog)."""


class RoundView(NamedTuple):
    heading: Heading
    number: int
    name: str
    tables: tuple[TableView, ...]
    byes: tuple[str, ...]
    notes: tuple[ShownNote, ...]
    overridden: bool
    scoresheets_href: str
    cards_href: str


def _check_round(state: TournamentState, number: int) -> None:
    if not 1 <= number <= len(state.rounds):
        raise TournamentError(
            _("round {number} of {title} has not been paired").format(
                number=number, title=state.title
            )
        )


def round_view(state: TournamentState, number: int, sheets: Collection[str] = ()) -> RoundView:
    """Pairings and seating of round `number`; tables whose match id is in `sheets` link to
    their completed scoresheet. Raises `TournamentError` for a round not yet paired."""
    _check_round(state, number)
    paired = state.rounds[number - 1]
    brackets = format_of(state).table_brackets(state)
    why = {t.match_id: t.why for t in paired.tables}
    why.update({d.table.match_id: d.table.why for d in state.deciding if d.round == number})
    tables = tuple(
        TableView(
            number=record.table,
            match_id=record.match_id,
            seats=seats_of(state, record),
            sides=sides_of(state, record),
            why=shown(state, why.get(record.match_id)),
            result=result_text(state, record),
            sheet_href=paths.match_page(record.match_id) if record.match_id in sheets else None,
            decides=record.decides,
            bracket=brackets.get(record.match_id, ""),
            why_note=why.get(record.match_id),
        )
        for record in sorted(state.round_matches(number), key=lambda m: m.table)
    )
    return RoundView(
        heading=heading_of(state),
        number=number,
        name=round_name(state, number),
        tables=tables,
        byes=tuple(state.entrant_name(e) for e in paired.byes),
        notes=shown_all(state, paired.notes),
        overridden=paired.overridden,
        scoresheets_href=paths.scoresheets_page(number),
        cards_href=paths.cards_page(number),
    )


class TableCard(NamedTuple):
    heading: Heading
    round_name: str
    table: int
    match_id: str
    seats: tuple[SeatView, ...]
    sides: tuple[SideView, ...]


def table_cards(state: TournamentState, number: int) -> tuple[TableCard, ...]:
    """A card per table of round `number`, to stand on the table: its number and seating."""
    view = round_view(state, number)
    return tuple(
        TableCard(view.heading, view.name, t.number, t.match_id, t.seats, t.sides)
        for t in view.tables
    )
