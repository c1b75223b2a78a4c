"""Who sits where at a table: players by seat, and the sides (scoring units) they make."""

from dataclasses import dataclass
from typing import NamedTuple

from tourney.tournament.matches import MatchRecord
from tourney.tournament.state import TournamentState

SIDE_LETTERS = "ABCD"


class SeatView(NamedTuple):
    """Seat `number` (1-based, clockwise) and its player, on side `side` (0-based)."""

    number: int
    player_id: str
    name: str
    side: int

    @property
    def side_letter(self) -> str:
        return SIDE_LETTERS[self.side]


@dataclass(frozen=True)
class SideView:
    """A scoring side: a player, or a partnership of the players in `members`."""

    index: int
    entrant_id: str
    name: str
    members: tuple[str, ...]

    @property
    def letter(self) -> str:
        return SIDE_LETTERS[self.index]


def side_of_seat(seat_index: int, partnerships: bool) -> int:
    """Side of a 0-based seat: seats 1+3 against 2+4 in partnerships, else one side a seat."""
    return seat_index % 2 if partnerships else seat_index


def seats_of(state: TournamentState, record: MatchRecord) -> tuple[SeatView, ...]:
    partnerships = state.created.partnerships
    return tuple(
        SeatView(i + 1, pid, state.players[pid].name, side_of_seat(i, partnerships))
        for i, pid in enumerate(record.seats)
    )


def sides_of(state: TournamentState, record: MatchRecord) -> tuple[SideView, ...]:
    seats = seats_of(state, record)
    return tuple(
        SideView(
            index,
            entrant,
            state.entrant_name(entrant),
            tuple(s.name for s in seats if s.side == index),
        )
        for index, entrant in enumerate(record.sides)
    )
