"""Blank scoresheets: one printable sheet for every table of a round."""

from __future__ import annotations

from dataclasses import dataclass

from tourney.reports.heading import heading_of
from tourney.reports.rounds import round_name
from tourney.reports.seating import SideView, sides_of
from tourney.reports.table_sheet import TableSheet, table_sheet_fields
from tourney.tournament.state import TournamentError, TournamentState

HAND_ROWS = 16
"""Rows of the hand-by-hand grid: more hands than a match to 61 usually takes."""


@dataclass(frozen=True)
class BlankSheet(TableSheet):
    sides: tuple[SideView, ...]
    hands: tuple[int, ...]
    signers: tuple[str, ...]


def blank_sheets(
    state: TournamentState, number: int, hand_rows: int = HAND_ROWS
) -> tuple[BlankSheet, ...]:
    """A sheet per table of round `number`, deciding matches included, in table order.

    Raises `TournamentError` when the round has not been paired.
    """
    if not 1 <= number <= len(state.rounds):
        raise TournamentError(f"round {number} of {state.title} has not been paired")
    heading = heading_of(state)
    name = round_name(state, number)
    sheets = []
    for record in sorted(state.round_matches(number), key=lambda m: m.table):
        fields = table_sheet_fields(state, record, heading, name)
        sheets.append(
            BlankSheet(
                **fields,
                sides=sides_of(state, record),
                hands=tuple(range(1, hand_rows + 1)),
                signers=tuple(s.name for s in fields["seats"]),
            )
        )
    return tuple(sheets)
