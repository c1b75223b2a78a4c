"""Double elimination (the rule: `bracket`, docs/formats/double-elimination.md): both
brackets read from the events, each round's tables paired from them; `tables` answers
which bracket a table is in for the pages and the CLI."""

from __future__ import annotations

from collections.abc import Sequence

from tourney.i18n import N_, _, page_, page_mark
from tourney.tournament.events import PairedTable, RoundPaired, TournamentEvent
from tourney.tournament.format import Format, PairRequest
from tourney.tournament.formats.double_elimination import bracket as de
from tourney.tournament.formats.double_elimination import tables
from tourney.tournament.formats.double_elimination.sentences import SENTENCES
from tourney.tournament.formats.double_elimination.tables import double_bracket_of
from tourney.tournament.formats.elimination import bracket as elimination
from tourney.tournament.notes.notes import Note, Who, note
from tourney.tournament.round_events import DecidingMatchPaired
from tourney.tournament.seating.pairing import (
    active_field,
    bracket_field,
    rating_seeding,
    round_event,
    seat_records,
    seats_of,
    seeded_round,
)
from tourney.tournament.seating.seating import seat_order
from tourney.tournament.state import TournamentError, TournamentState


class DoubleElimination(Format):
    name = "double_elimination"
    label = page_mark("Double elimination")
    sentences = SENTENCES
    help = N_("double_elimination: no one is out before a second loss")
    options = frozenset({"grand_final_reset"})
    rounds_setting = False
    needs_partnership_game = True
    bracket = "double"
    deciding_matches = True

    def pair(self, state: TournamentState, request: PairRequest) -> list[TournamentEvent]:
        seeding = rating_seeding(state, request.ratings)
        return [seeded_round(_pair_double(state, len(state.rounds) + 1, seeding), seeding)]

    def pair_deciding_matches(self, state: TournamentState) -> list[TournamentEvent]:
        return _double_deciding_matches(state)

    def last_round(self, state: TournamentState) -> int:
        field_size = len(bracket_field(state))
        final = de.final_round(field_size, state.created.sides_per_table)
        return max(final, len(state.rounds))  # the grand final's round, or the reset's

    def stages(self, state: TournamentState) -> dict[str, tuple[int, int]]:
        return tables.stages(state)

    def round_name(self, state: TournamentState, number: int) -> str:
        names = tables.round_name(state, number)
        if names:
            return page_("Round {number} ({name})").format(number=number, name=names)
        return super().round_name(state, number)

    def table_brackets(self, state: TournamentState) -> dict[str, str]:
        return tables.bracket_labels(state)

    def bye_brackets(self, state: TournamentState, number: int) -> dict[str, str]:
        return tables.bye_brackets(state, number)


FORMAT = DoubleElimination()


def _pair_double(
    state: TournamentState, number: int, seeding: tuple[tuple[str, ...], Note] | None = None
) -> RoundPaired:
    """Round `number` of a double elimination: every bracket table its round plays."""
    if number == 1:
        active_field(state)
    order = seeding[0] if seeding else None
    bracket = double_bracket_of(state, order)
    if number > 1:
        tied = [t for t in bracket.tables_in(number - 1) if t.status == "deciding_match_needed"]
        if tied:
            names = ", ".join(state.entrant_name(e) for e in tied[0].tied)
            raise TournamentError(
                _(
                    "cannot pair round {number} of {title}: round {value} needs a deciding "
                    "match between {names}"
                ).format(number=number, title=state.title, value=number - 1, names=names)
            )
    if bracket.champion is not None:
        raise TournamentError(
            _("all {count} rounds of {title} are paired: {name} is the champion").format(
                count=len(state.rounds),
                title=state.title,
                name=state.entrant_name(bracket.champion),
            )
        )
    unsettled = [t for t in bracket.tables() if 0 < t.played_in < number and not t.settled]
    if unsettled:  # a result changed after the round it decides was paired
        table = unsettled[0]
        names = ", ".join(state.entrant_name(e) for e in table.present) or _("players to come")
        raise TournamentError(
            _(
                "cannot pair round {number} of {title}: the {bracket} table of round {played_in} "
                "for {names} was never paired (a result changed after that round was paired on "
                "it: set that result back as it was)"
            ).format(
                number=number,
                title=state.title,
                bracket=page_(de.BRACKET_WORDS[table.bracket]),
                played_in=table.played_in,
                names=names,
            )
        )
    tables = bracket.tables_in(number)
    if not tables:
        raise TournamentError(
            _("all {count} rounds of {title} are paired").format(
                count=len(state.rounds), title=state.title
            )
        )
    rank = {e: i + 1 for i, e in enumerate(bracket_field(state, order))}
    records = seat_records(state)
    paired: list[tuple[Sequence[str], Note]] = []
    for table in tables:
        if table.status != "to_play":
            continue
        round_ = de.bracket_round(bracket, table)
        entrants = tuple(
            note("elimination.seeded", who=Who(e), seed=rank[e]) for e in table.present
        )
        consequence = de.consequence(table, bracket.reset_on)
        where = de.bracket_note(table.bracket)
        why = (
            note(
                "double_elimination.final_table",
                bracket=where,
                entrants=entrants,
                consequence=consequence,
            )
            if round_ is None
            else note(
                "double_elimination.table",
                bracket=where,
                round=round_.named,
                slot=table.index + 1,
                entrants=entrants,
                consequence=consequence,
            )
        )
        paired.append((seat_order(table.present, records), why))
    byes = [t.stay[0] for t in tables if t.status == "bye"]
    notes = [
        t.note
        for t in bracket.tables_in(number - 1)
        if t.note is not None
        and any(p.outcome is not None and len(p.outcome.winners) > 1 for p in t.plays)
    ]
    notes += [
        note("double_elimination.bye", who=Who(t.stay[0]), bracket=de.bracket_note(t.bracket))
        for t in tables
        if t.status == "bye"
    ]
    return round_event(state, number, paired, byes, notes, False)


def _double_deciding_matches(state: TournamentState) -> list[TournamentEvent]:
    """A deciding match for every table of the latest round left tied across its cut."""
    if not state.rounds:
        raise TournamentError(
            _("{title} has no round with a tie to decide").format(title=state.title)
        )
    number = len(state.rounds)
    bracket = double_bracket_of(state)
    tied = [t for t in bracket.tables_in(number) if t.status == "deciding_match_needed"]
    if not tied:
        raise TournamentError(
            _(
                "round {number} of {title} has no tie to decide: no table of it is level across "
                "the cut between those who stay and those who lose"
            ).format(number=number, title=state.title)
        )
    next_table = max(m.table for m in state.round_matches(number)) + 1
    events: list[TournamentEvent] = []
    for offset, table in enumerate(tied):
        decides = table.plays[-1].match_id
        events.append(
            DecidingMatchPaired(
                number,
                decides,
                PairedTable(
                    next_table + offset,
                    seats_of(state, table.tied, number),
                    elimination.deciding_match_id(decides, len(table.plays)),
                    note(
                        "double_elimination.deciding",
                        bracket=de.bracket_note(table.bracket),
                        note=table.note or note("double_elimination.rule"),
                    ),
                ),
            )
        )
    return events
