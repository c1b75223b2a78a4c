"""What heads every table's sheet, blank or completed, in either game: the tournament, the
round, the table, its match, what it decides and the players in their seats
(`templates/_sheet_heading.html` prints it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tourney.reports.heading import Heading, heading_of
from tourney.reports.rounds import round_name
from tourney.reports.seating import SeatView, seats_of
from tourney.tournament.matches import MatchRecord
from tourney.tournament.state import TournamentState


@dataclass(frozen=True)
class TableSheet:
    heading: Heading
    round: int
    round_name: str
    table: int
    match_id: str
    decides: str | None
    seats: tuple[SeatView, ...]

    @property
    def play_label(self) -> str:
        """How this table plays, after the match id (a game's sheet may say more): its own
        number of seats, not the tournament's table size."""
        return self.heading.play_label_at(len(self.seats))


@dataclass(frozen=True)
class PlayedSheet(TableSheet):
    """The sheet of a match played (or being played): how it stands, and the hash that
    ties the page to the stored stream."""

    finished: bool
    winners: tuple[str, ...]
    result: str
    integrity_hash: str | None
    played_note: str
    """When the director's result replaced the play recorded at the table, a sentence that
    says the play below is what was played (`story.played_note`); "" otherwise."""


def table_sheet_fields(
    state: TournamentState,
    record: MatchRecord,
    heading: Heading | None = None,
    name: str | None = None,
) -> dict[str, Any]:
    """The `TableSheet` fields of `record`'s sheet; `heading` and `name` (the round's)
    when the caller has them already."""
    return {
        "heading": heading or heading_of(state),
        "round": record.round,
        "round_name": name or round_name(state, record.round),
        "table": record.table,
        "match_id": record.match_id,
        "decides": record.decides,
        "seats": seats_of(state, record),
    }
