"""Balanced seating: multi-player tables seated to keep repeat meetings down, the whole
schedule fixed (`design.balanced`) when round 1 is paired, recorded as `ScheduleFixed`."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tourney.i18n import N_, _, page_mark
from tourney.tournament.events import TournamentCreated, TournamentEvent
from tourney.tournament.format import Format, PairRequest
from tourney.tournament.formats.balanced import design as balanced
from tourney.tournament.formats.balanced.sentences import SENTENCES
from tourney.tournament.notes.notes import Note, Who, clauses, note
from tourney.tournament.notes.schedule_sources import source_note
from tourney.tournament.round_events import ScheduleFixed
from tourney.tournament.seating.pairing import (
    active_field,
    bracket_field,
    round_event,
    seeded,
    withdrawn_clause,
)
from tourney.tournament.state import TournamentError, TournamentState, evolve

if TYPE_CHECKING:
    from tourney.gamekit import Game


class Balanced(Format):
    name = "balanced"
    label = page_mark("Balanced seating")
    sentences = SENTENCES
    help = N_("balanced: tables of 3 or 4 seated to keep repeat meetings down")
    fixed_at_round_1 = N_("balanced seating")

    def settled(self, created: TournamentCreated, played: Game) -> TournamentCreated:
        name = created.name
        if created.partnerships or not 3 <= created.table_size <= 4:
            raise TournamentError(
                (
                    _(
                        "balanced seating for {name!r} seats players at tables of 3 or 4, each "
                        "for themselves (not partnerships)"
                    )
                    if created.partnerships
                    else _(
                        "balanced seating for {name!r} seats players at tables of 3 or 4, each "
                        "for themselves (not tables of {table_size})"
                    )
                ).format(name=name, table_size=created.table_size)
            )
        if created.seed_by == "rating":
            raise TournamentError(
                _(
                    "--seed-by rating for {name!r}: a balanced seating is fixed before play, so "
                    "it is not seeded (rating seeds a knockout or a Swiss's first round)"
                ).format(name=name)
            )
        return created

    def pair(self, state: TournamentState, request: PairRequest) -> list[TournamentEvent]:
        return _pair_balanced(state, len(state.rounds) + 1, request.override)


FORMAT = Balanced()


def balanced_seed(state: TournamentState) -> int:
    """A balanced seating's search seed: from the tournament's slug, so the same field
    gets the same schedule (recorded in its `ScheduleFixed`)."""
    return zlib.crc32(state.created.slug.encode("utf-8"))


def _pair_balanced(state: TournamentState, number: int, override: bool) -> list[TournamentEvent]:
    """A round of a balanced seating: the whole schedule is fixed (`balanced.balanced`)
    when round 1 is paired, and each round read from it; a withdrawn player's seat stays
    empty (a table left with one player is a bye)."""
    settings = state.created
    if number > settings.rounds:
        raise TournamentError(
            _("all {count} rounds of {title} are paired").format(
                count=settings.rounds, title=state.title
            )
        )
    fixed: list[TournamentEvent] = []
    if state.schedule is None:
        field_ = list(active_field(state) if number == 1 else bracket_field(state))
        field_ = seeded(state, field_)
        seed = balanced_seed(state)
        seating = balanced.balanced(len(field_), settings.rounds, settings.table_size, seed=seed)
        rounds = tuple(
            (tuple(tuple(field_[i] for i in table) for table in round_), ())
            for round_ in seating.rounds
        )
        fixed.append(ScheduleFixed(rounds, seating.source, seed=seed))
        state = evolve(state, fixed[0])
    assert state.schedule is not None
    tables_, planned_byes = state.schedule.rounds[number - 1]
    total = len(state.schedule.rounds)
    tables: list[tuple[Sequence[str], Note]] = []
    byes = [e for e in planned_byes if not state.entrant_withdrawn(e)]
    for table in tables_:
        present = [e for e in table if not state.entrant_withdrawn(e)]
        if len(present) >= 2:
            why = note(
                "balanced.table", round=number, total=total, entrants=tuple(Who(e) for e in present)
            )
            tables.append((present, withdrawn_clause(why, len(table) - len(present))))
        else:
            byes.extend(present)
    notes: list[Note] = []
    if number == 1:
        entrants = sorted({e for r, _ in state.schedule.rounds for t in r for e in t})
        index_of = {e: i for i, e in enumerate(entrants)}
        quality = balanced.quality(
            len(entrants),
            [[[index_of[e] for e in t] for t in r] for r, _ in state.schedule.rounds],
        )
        said = note(
            "balanced.seating",
            n=len(entrants),
            sides=settings.table_size,
            rounds=total,
            quality=quality.described(),
        )
        notes.append(
            clauses(said, note("schedule.used", source=source_note(state.schedule.source)))
        )
    return [*fixed, round_event(state, number, tables, byes, notes, override)]
