"""Every table's scoresheets, in any game: the blank sheets of a round (one printable sheet
per table) and the completed sheet of a played match.

What every sheet has — the heading, round, table, seats, sides, who signs, and for a played
match its result and integrity hash — is built here; the game's part (a hand-by-hand grid,
the deals...) comes from the game (`Game.sheets`) and is read from the template as
attributes of the sheet like the rest (``sheet.hands``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tourney.gamekit import GameEvent, GameMatch, game
from tourney.gamekit.errors import SheetError
from tourney.i18n import _
from tourney.reports.heading import heading_of
from tourney.reports.results import played_note, result_text
from tourney.reports.rounds import round_name
from tourney.reports.seating import SideView, sides_of
from tourney.reports.table_sheet import PlayedSheet, TableSheet, table_sheet_fields
from tourney.tournament.matches import MatchRecord
from tourney.tournament.state import TournamentError, TournamentState

__all__ = ["BlankSheet", "CompletedSheet", "SheetError", "blank_sheets", "completed_sheet"]


class _GameFields:
    """The game's fields of a sheet (`game`), read as attributes of the sheet."""

    game: Mapping[str, Any]
    heading: Any
    seats: Any

    def __getattr__(self, name: str) -> Any:
        if name == "game" or name.startswith("__"):
            raise AttributeError(name)
        try:
            return self.game[name]
        except KeyError:
            raise AttributeError(name) from None

    @property
    def play_label(self) -> str:
        """How the table plays, after the match id: the game's words, else the heading's
        said of this table's seats."""
        label: str = self.game.get("play_label") or self.heading.play_label_at(len(self.seats))
        return label


@dataclass(frozen=True)
class BlankSheet(_GameFields, TableSheet):
    sides: tuple[SideView, ...]
    signers: tuple[str, ...]
    game: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class CompletedSheet(_GameFields, PlayedSheet):
    sides: tuple[SideView, ...]
    game: Mapping[str, Any] = field(default_factory=dict)


def game_settings(state: TournamentState) -> dict[str, Any]:
    """The tournament's settings a game's sheets may read."""
    created = state.created
    return {
        "partnerships": created.partnerships,
        "target": created.target,
        "deals": created.deals,
        "table_size": created.table_size,
    }


def blank_sheets(state: TournamentState, number: int) -> tuple[BlankSheet, ...]:
    """A sheet per table of round `number`, deciding matches included, in table order.

    Raises `TournamentError` when the round has not been paired.
    """
    if not 1 <= number <= len(state.rounds):
        raise TournamentError(
            _("round {number} of {title} has not been paired").format(
                number=number, title=state.title
            )
        )
    sheets_of = game(state.created.game).sheets
    settings = game_settings(state)
    heading = heading_of(state)
    name = round_name(state, number)
    sheets = []
    for record in sorted(state.round_matches(number), key=lambda m: m.table):
        fields = table_sheet_fields(state, record, heading, name)
        players = tuple(s.name for s in fields["seats"])
        sheets.append(
            BlankSheet(
                **fields,
                sides=sides_of(state, record),
                signers=players,
                game=sheets_of.blank(players, settings),
            )
        )
    return tuple(sheets)


def completed_sheet(
    state: TournamentState,
    record: MatchRecord,
    match: GameMatch,
    events: Sequence[tuple[int, GameEvent]] | None = None,
    integrity_hash: str | None = None,
) -> CompletedSheet:
    """The completed sheet of `record`, whose play `match` has replayed.

    `events` are (version, event) pairs of the match stream in force; without them the
    sheet shows what the match alone tells. Raises `SheetError` (naming the match) when
    the events do not agree with the replayed match.
    """
    try:
        fields = dict(game(state.created.game).sheets.played(match, events, game_settings(state)))
    except SheetError as exc:
        raise SheetError(
            _("match {match}: {reason}").format(match=record.match_id, reason=exc)
        ) from None
    return CompletedSheet(
        **table_sheet_fields(state, record),
        sides=sides_of(state, record),
        finished=fields.pop("finished"),
        winners=fields.pop("winners"),
        result=result_text(state, record),
        played_note=played_note(state, record),
        integrity_hash=integrity_hash,
        game=fields,
    )
