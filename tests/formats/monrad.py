"""Monrad, a format tourney does not ship, with a setting of its own: each round pairs
neighbours in the standings (no one meeting twice where avoidable), the lowest-ranked
without a bye sits out an odd field, and it plays ceil(log2(players)) rounds plus its
``extra_rounds`` setting (``tourney tournament create --format monrad --setting
extra_rounds=1``), refused in one line outside 0 to 3. Its tie-breaks are its own (head to
head first) and its rounds are named "Round 2 of 4". One module and one registration, as
`random_draw` (`register(FORMAT)`, or the ``tourney.formats`` entry point
``monrad = tests.formats.monrad:FORMAT``): no field of an event, no option of the CLI."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from tourney.errors import quote
from tourney.gamekit import Game
from tourney.i18n import N_, _, page_, page_mark
from tourney.tournament.events import TournamentCreated, TournamentEvent
from tourney.tournament.format import Format, PairRequest
from tourney.tournament.notes.notes import note
from tourney.tournament.notes.sentence import Sentence, sentence_
from tourney.tournament.seating.pairing import active_field, round_event
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentError, TournamentState

EXTRA_ROUNDS = range(4)


class Monrad(Format):
    name = "monrad"
    label = page_mark("Monrad")
    help = N_(
        "monrad: neighbours in the standings meet, ceil(log2(players)) rounds and "
        "--setting extra_rounds=0..3 more; tables of 2"
    )
    settings: ClassVar[Mapping[str, str]] = {"extra_rounds": "0"}
    rounds_setting = False
    fixed_at_round_1 = N_("field")
    sentences: ClassVar[Mapping[str, Sentence]] = {
        "monrad.neighbours": sentence_("neighbours in the standings")
    }

    def settled(self, created: TournamentCreated, played: Game) -> TournamentCreated:
        extra = created.setting("extra_rounds")
        if not extra.isdigit() or int(extra) not in EXTRA_ROUNDS:
            raise TournamentError(
                _("--setting extra_rounds={value} for {name!r}: a whole number from 0 to 3").format(
                    value=quote(extra), name=created.name
                )
            )
        if created.sides_per_table != 2:
            raise TournamentError(
                _("Monrad pairs tables of 2, not {size} ({name!r})").format(
                    size=created.table_size, name=created.name
                )
            )
        settings = tuple(
            (k, str(int(v)) if k == "extra_rounds" else v) for k, v in created.settings
        )
        return replace(created, settings=settings)

    def default_tie_breaks(self, played: Game) -> tuple[str, ...]:
        return ("head_to_head", "buchholz", "scored")

    def last_round(self, state: TournamentState) -> int:
        field = len(state.active_entrants()) if not state.rounds else len(_field(state))
        extra = int(state.created.setting("extra_rounds", "0"))
        return math.ceil(math.log2(max(2, field))) + extra

    def round_name(self, state: TournamentState, number: int) -> str:
        return page_("Round {number} of {last}").format(number=number, last=self.last_round(state))

    def pair(self, state: TournamentState, request: PairRequest) -> list[TournamentEvent]:
        number = len(state.rounds) + 1
        last = self.last_round(state)
        if number > last:
            raise TournamentError(f"all {last} rounds of {state.title} are paired")
        playing = set(active_field(state))
        ranked = [row.entrant_id for row in standings_of(state) if row.entrant_id in playing]
        ranked += [e for e in active_field(state) if e not in ranked]
        byes: list[str] = []
        if len(ranked) % 2:
            had = {e for paired in state.rounds for e in paired.byes}
            sits = next((e for e in reversed(ranked) if e not in had), ranked[-1])
            ranked.remove(sits)
            byes.append(sits)
        met = {frozenset(m.sides) for m in state.matches.values()}
        tables = []
        while ranked:
            first = ranked.pop(0)
            other = next((e for e in ranked if frozenset((first, e)) not in met), ranked[0])
            ranked.remove(other)
            tables.append(((first, other), note("monrad.neighbours")))
        return [round_event(state, number, tables, byes, [], request.override)]


def _field(state: TournamentState) -> set[str]:
    """The entrants round 1 fixed (seated or given a bye)."""
    first = state.rounds[0]
    return {*first.byes, *(seat for table in first.tables for seat in table.seats)}


FORMAT = Monrad()
