"""Random draw: each round, the active entrants are shuffled and seated at full tables, a
format tourney does not ship. It is one module and one registration: `register(FORMAT)`
in a process, or the ``tourney.formats`` entry point of an installed distribution
(``random_draw = tests.formats.random_draw:FORMAT``)."""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping
from typing import ClassVar

from tourney.i18n import N_, page_mark
from tourney.tournament.events import TournamentEvent
from tourney.tournament.format import Format, PairRequest
from tourney.tournament.notes.notes import note
from tourney.tournament.notes.sentence import Sentence, sentence_
from tourney.tournament.seating.pairing import active_field, round_event, seat_records
from tourney.tournament.seating.seating import seat_order, table_sizes
from tourney.tournament.state import TournamentError, TournamentState


class RandomDraw(Format):
    name = "random_draw"
    label = page_mark("Random draw")
    help = N_("random_draw: each round a new random seating, no one ranked by it")
    late_entries = True
    sentences: ClassVar[Mapping[str, Sentence]] = {
        "random_draw.table": sentence_("random draw {seed}")
    }

    def pair(self, state: TournamentState, request: PairRequest) -> list[TournamentEvent]:
        number = len(state.rounds) + 1
        if number > state.created.rounds:
            raise TournamentError(f"all {state.created.rounds} rounds of {state.title} are paired")
        field = list(active_field(state))
        seed = zlib.crc32(f"{state.created.slug}/{number}".encode())
        random.Random(seed).shuffle(field)  # the same draw whenever it is decided again
        sizes, _byes = table_sizes(len(field), state.created.sides_per_table)
        records = seat_records(state)
        tables, at = [], 0
        for size in sizes:
            drawn = field[at : at + size]
            at += size
            tables.append((seat_order(drawn, records), note("random_draw.table", seed=str(seed))))
        return [round_event(state, number, tables, field[at:], [], request.override)]


FORMAT = RandomDraw()
