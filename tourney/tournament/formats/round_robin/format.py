"""Round robin: everyone meets everyone, by a schedule fixed when round 1 is paired (the
shipped or searched one of `schedule`), recorded as `ScheduleFixed`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tourney.i18n import N_, _, page_mark
from tourney.tournament.events import RoundPaired, TournamentCreated, TournamentEvent
from tourney.tournament.format import Format, PairRequest
from tourney.tournament.formats.round_robin import schedule as roundrobin
from tourney.tournament.formats.round_robin.sentences import SENTENCES
from tourney.tournament.notes.notes import Note, Who, clauses, note
from tourney.tournament.notes.schedule_sources import source_note
from tourney.tournament.round_events import ScheduleFixed
from tourney.tournament.seating.pairing import (
    active_field,
    bracket_field,
    round_event,
    withdrawn_clause,
)
from tourney.tournament.state import TournamentError, TournamentState, evolve

if TYPE_CHECKING:
    from tourney.gamekit import Game


class RoundRobin(Format):
    name = "round_robin"
    label = page_mark("Round robin")
    sentences = SENTENCES
    help = N_("round_robin: everyone meets everyone, by a schedule fixed at round 1")
    fixed_at_round_1 = N_("round-robin schedule")

    def settled(self, created: TournamentCreated, played: Game) -> TournamentCreated:
        if created.seed_by == "rating":
            raise TournamentError(
                _(
                    "--seed-by rating for {name!r}: a round robin meets everyone, so "
                    "it is not seeded (rating seeds a knockout or a Swiss's first "
                    "round)"
                ).format(name=created.name)
            )
        return created

    def pair(self, state: TournamentState, request: PairRequest) -> list[TournamentEvent]:
        number = len(state.rounds) + 1
        fixed: list[TournamentEvent] = []
        if state.schedule is None:
            schedule = round_robin_schedule(state)
            rounds = tuple((r.tables, r.byes) for r in schedule.rounds)
            fixed.append(ScheduleFixed(rounds, schedule.source))
            state = evolve(state, fixed[0])
        return [*fixed, _pair_round_robin(state, number, request.override)]

    def last_round(self, state: TournamentState) -> int:
        return len(round_robin_schedule(state).rounds)


FORMAT = RoundRobin()


def _played_rounds(state: TournamentState) -> list[roundrobin.ScheduledRound]:
    return [
        roundrobin.ScheduledRound(
            tuple(state.matches[t.match_id].sides for t in paired.tables), paired.byes
        )
        for paired in state.rounds
    ]


def round_robin_schedule(state: TournamentState) -> roundrobin.Schedule:
    """The round robin's whole schedule: the shipped or searched one for the field fixed at
    round 1 (before it, the active entrants); when the rounds already paired do not follow
    it (paired by an earlier version of tourney), those rounds completed by a search."""
    if state.schedule is not None:
        return roundrobin.Schedule(
            tuple(roundrobin.ScheduledRound(t, b) for t, b in state.schedule.rounds),
            state.schedule.source,
        )
    settings = state.created
    field_ = bracket_field(state)
    sides = settings.sides_per_table
    schedule = roundrobin.schedule(field_, sides)
    played = _played_rounds(state)
    if roundrobin.follows(schedule, played):
        return schedule
    return roundrobin.continued(field_, sides, played)


def _pair_round_robin(state: TournamentState, number: int, override: bool) -> RoundPaired:
    settings = state.created
    if number == 1:
        active_field(state)
    field_ = bracket_field(state)
    schedule = round_robin_schedule(state)
    total = len(schedule.rounds)
    if number > total:
        raise TournamentError(
            _("all {total} rounds of the round-robin schedule of {title} are paired").format(
                total=total, title=state.title
            )
        )
    scheduled = schedule.rounds[number - 1]
    tables: list[tuple[Sequence[str], Note]] = []
    byes = [e for e in scheduled.byes if not state.entrant_withdrawn(e)]
    source = source_note(schedule.source)
    for table in scheduled.tables:
        present = [e for e in table if not state.entrant_withdrawn(e)]
        if len(present) >= 2:
            why = note(
                "round_robin.table",
                round=number,
                total=total,
                source=source,
                entrants=tuple(Who(e) for e in present),
            )
            tables.append((present, withdrawn_clause(why, len(table) - len(present))))
        else:
            byes.extend(present)
    notes: list[Note] = []
    if number == 1 or schedule.source == roundrobin.CONTINUED:
        coverage = roundrobin.coverage(schedule, field_, settings.sides_per_table)
        notes.append(
            clauses(coverage.described(settings.partnerships), note("schedule.used", source=source))
        )
        if settings.rounds != total:
            notes.append(note("round_robin.rounds_setting", rounds=settings.rounds, n=total))
    return round_event(state, number, tables, byes, notes, override)
