"""Fold: each round the field, ranked by the standings, is folded in half: the first meets
the last, the second the one before last... Its setting ``start`` (``top`` or ``middle``):
round 1 folds the seeding from the top, or from the middle. Registration closes when round 1
is paired; an odd field is refused. Every word it says is in its own catalog
(``tourney_fold/locale/<lang>/LC_MESSAGES/tourney_fold.mo``), found by
`tourney.i18n.ClubWords`: nothing of it is in tourney's catalogs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tourney.errors import quote
from tourney.gamekit import Game
from tourney.i18n import N_, _, page_, page_mark
from tourney.tournament.events import TournamentCreated, TournamentEvent
from tourney.tournament.format import Format, PairRequest
from tourney.tournament.notes.notes import Who, note
from tourney.tournament.notes.sentence import Sentence, sentence_
from tourney.tournament.state import TournamentError, TournamentState


class Fold(Format):
    name = "fold"
    label = page_mark("Fold")
    fixed_at_round_1 = N_("folded field")
    help = N_(
        "fold: the standings folded in half, first against last; --setting "
        "start=top|middle; tables of 2"
    )
    settings: ClassVar[Mapping[str, str]] = {"start": "top"}
    sentences: ClassVar[Mapping[str, Sentence]] = {
        "fold.ends": sentence_("{first} against {second}, folded ends of the standings"),
    }

    def settled(self, created: TournamentCreated, played: Game) -> TournamentCreated:
        start = created.setting("start")
        if start not in ("top", "middle"):
            raise TournamentError(
                _("--setting start={value}: fold from top or middle").format(value=quote(start))
            )
        if created.sides_per_table != 2:
            raise TournamentError(
                _("Fold pairs tables of 2, not {size}").format(size=created.table_size)
            )
        return created

    def round_name(self, state: TournamentState, number: int) -> str:
        return page_("Fold {number}").format(number=number)

    def pair(self, state: TournamentState, request: PairRequest) -> list[TournamentEvent]:
        from tourney.tournament.seating.pairing import active_field, round_event, seeded
        from tourney.tournament.standings.standings import standings_of

        number = len(state.rounds) + 1
        if number > state.created.rounds:
            raise TournamentError(
                _("{title} has all its {rounds} folds").format(
                    title=state.title, rounds=state.created.rounds
                )
            )
        field = active_field(state)
        if len(field) % 2:
            raise TournamentError(
                _("Fold needs an even field, not {n} players").format(n=len(field))
            )
        ranked = [row.entrant_id for row in standings_of(state) if row.entrant_id in field]
        ranked += seeded(state, [e for e in field if e not in ranked])
        if number == 1 and state.created.setting("start") == "middle":
            half = len(ranked) // 2
            ranked = ranked[half:] + ranked[:half]
        tables = []
        while ranked:
            first, second = ranked.pop(0), ranked.pop()
            why = note("fold.ends", first=Who(first), second=Who(second))
            tables.append(((first, second), why))
        return [round_event(state, number, tables, [], [], request.override)]


FORMAT = Fold()
