"""Swiss: each round pairs entrants level on match points, none meeting twice while it can
be avoided (`search`), with the options of `options` (acceleration, king of the hill)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from tourney.i18n import N_, _, page_mark
from tourney.tournament.format import Format
from tourney.tournament.formats.swiss.sentences import SENTENCES
from tourney.tournament.state import TournamentError, TournamentState

if TYPE_CHECKING:
    from tourney.tournament.events import RoundPaired, TournamentEvent
    from tourney.tournament.format import PairRequest
    from tourney.tournament.notes.notes import Note

# Pairing a round, its options (acceleration, king of the hill) and its seating are imported
# by the functions that pair: a command that reads a Swiss tournament (pairings, standings)
# asks its format only for its words and round names (their classes cost ~4 ms to build).


class Swiss(Format):
    name = "swiss"
    label = page_mark("Swiss")
    help = N_("swiss: each round pairs players level on points, no one meeting twice")
    late_entries = True
    drafts = True
    sentences = SENTENCES

    def pair(self, state: TournamentState, request: PairRequest) -> list[TournamentEvent]:
        from tourney.tournament.seating.pairing import rating_seeding, seeded_round

        number = len(state.rounds) + 1
        seeding = rating_seeding(state, request.ratings)
        if number > state.created.rounds:
            raise TournamentError(
                _("all {rounds} rounds of {title} are paired").format(
                    rounds=state.created.rounds, title=state.title
                )
            )
        paired = _pair_swiss(
            state, number, request.override, request.forbidden, request.avoid_same_club, seeding
        )
        return [seeded_round(paired, seeding)]


FORMAT = Swiss()
NO_POINTS = Fraction(0)


def _pair_swiss(
    state: TournamentState,
    number: int,
    override: bool,
    forbidden: frozenset[frozenset[str]],
    avoid_same_club: bool,
    seeding: tuple[tuple[str, ...], Note] | None = None,
) -> RoundPaired:
    # The search, here: a command that reads a Swiss tournament (pairings, standings)
    # does not import it (its classes cost ~15 ms to build).
    from tourney.tournament.formats.swiss.options import is_king_of_the_hill
    from tourney.tournament.formats.swiss.search import SwissEntrant, pair_swiss
    from tourney.tournament.seating.pairing import (
        active_field,
        meetings,
        points_by_entrant,
        round_event,
        seat_records,
        seed_keys,
    )
    from tourney.tournament.seating.seating import SeatRecord

    active = active_field(state)
    points = points_by_entrant(state)
    order = seeding[0] if seeding else None
    records = seat_records(state)
    bye_counts = {e: 0 for e in active}
    for entrant in state.byes():
        if entrant in bye_counts:
            bye_counts[entrant] += 1
    seeds = seed_keys(state, active, order)
    if is_king_of_the_hill(state.created, number):
        ranked = _ranked(active, points, seeds)
        return _pair_hill(state, number, ranked, points, bye_counts, override)
    group, bonus = _acceleration(state, number, active, order)
    extra = dict.fromkeys(group, bonus)
    standing = {e: points[e] + extra[e] if e in extra else points[e] for e in active}
    ranked = _ranked(active, standing, seeds)
    entrants = [
        SwissEntrant(
            e,
            state.entrant_name(e),
            standing[e],
            bye_counts[e],
            state.entrant_club(e),
            records.get(e, SeatRecord()),
            virtual=extra.get(e, NO_POINTS),
        )
        for e in ranked
    ]
    pairing = pair_swiss(
        entrants,
        state.created.sides_per_table,
        meetings(state),
        forbidden=forbidden,
        avoid_same_club=avoid_same_club,
        rounds_left=state.created.rounds - number,
    )
    tables = [(table.sides, table.why) for table in pairing.tables]
    paired = round_event(state, number, tables, pairing.byes, pairing.notes, override)
    if not group:
        return paired
    from tourney.tournament.formats.swiss.options import acceleration_note

    note = acceleration_note(group, bonus, number)
    return replace(paired, accelerated=group, virtual_points=bonus, notes=(note, *paired.notes))


def _ranked(
    entrants: Sequence[str],
    score: Mapping[str, Fraction],
    seeds: Mapping[str, tuple[int, ...]],
) -> list[str]:
    """`entrants` by `score`, highest first, then by seed. Sorted on each score's place
    among the scores (a few values): comparing the Fractions themselves, in Python, cost
    a tenth of a 10,000-player round."""
    values = sorted({score[e] for e in entrants}, reverse=True)
    place = {value: at for at, value in enumerate(values)}
    return sorted(entrants, key=lambda e: (place[score[e]], seeds[e]))


def _acceleration(
    state: TournamentState, number: int, active: Sequence[str], order: Sequence[str] | None
) -> tuple[tuple[str, ...], Fraction]:
    """Group A and its virtual points in round `number` of an accelerated Swiss (none:
    ``((), 0)``): fixed at round 1 from the seed order, read from round 1's event after."""
    from tourney.tournament.formats.swiss.options import group_a_size, virtual_points
    from tourney.tournament.seating.pairing import seeded

    bonus = virtual_points(state.created, number)
    if not bonus:
        return (), Fraction(0)
    if number == 1 or not state.rounds:
        seeds = seeded(state, active, order)
        return tuple(seeds[: group_a_size(len(seeds), state.created.sides_per_table)]), bonus
    return state.rounds[0].accelerated, bonus


def _pair_hill(
    state: TournamentState,
    number: int,
    ranked: Sequence[str],
    points: Mapping[str, Fraction],
    bye_counts: Mapping[str, int],
    override: bool,
) -> RoundPaired:
    """A king-of-the-hill last round (`swiss_options.king_of_the_hill`) of the active
    entrants `ranked` as every Swiss round ranks them: match points, then seed order."""
    from tourney.tournament.formats.swiss.options import king_of_the_hill, round_most
    from tourney.tournament.seating.pairing import round_event, seat_records
    from tourney.tournament.seating.seating import seat_order

    settings = state.created
    hill = king_of_the_hill(
        ranked,
        points,
        bye_counts,
        sides=settings.sides_per_table,
        most=round_most(settings),
        gibson=settings.gibson,
        prizes=settings.prizes,
    )
    records = seat_records(state)
    tables = [(seat_order(members, records), why) for members, why in hill.tables]
    return round_event(state, number, tables, hill.byes, hill.notes, override)
