"""Single elimination: the bracket (`bracket`) read from the events, each round's tables
paired from it, a tied table decided by a deciding match."""

from __future__ import annotations

from collections.abc import Sequence

from tourney.i18n import N_, _, page_, page_mark
from tourney.tournament.events import PairedTable, RoundPaired, TournamentEvent
from tourney.tournament.format import Format, PairRequest
from tourney.tournament.formats.elimination import bracket as elimination
from tourney.tournament.formats.elimination.sentences import SENTENCES
from tourney.tournament.matches import MatchRecord
from tourney.tournament.notes.note_words import namer, note_text
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
from tourney.tournament.state import RoundError, TournamentError, TournamentState


class Elimination(Format):
    name = "elimination"
    label = page_mark("Single elimination")
    sentences = SENTENCES
    help = N_("elimination: a single-elimination knockout, the table winner advances")
    options = frozenset({"third_place"})
    rounds_setting = False
    needs_partnership_game = True
    bracket = "single"
    deciding_matches = True

    def pair(self, state: TournamentState, request: PairRequest) -> list[TournamentEvent]:
        seeding = rating_seeding(state, request.ratings)
        paired = _pair_knockout(state, len(state.rounds) + 1, seeding)
        return [seeded_round(paired, seeding)]

    def pair_deciding_matches(self, state: TournamentState) -> list[TournamentEvent]:
        return pair_deciding_matches(state)

    def last_round(self, state: TournamentState) -> int:
        field_size = len(bracket_field(state))
        return elimination.round_count(field_size, state.created.sides_per_table)

    def stages(self, state: TournamentState) -> dict[str, tuple[int, int]]:
        return knockout_stages(state)

    def round_name(self, state: TournamentState, number: int) -> str:
        rounds = bracket_of(state).rounds
        plain = page_("round {number}").format(number=number)
        if number <= len(rounds) and rounds[number - 1].name != plain:
            name = rounds[number - 1].name
            return page_("Round {number} ({name})").format(number=number, name=name)
        return super().round_name(state, number)


FORMAT = Elimination()


def _knockout_layout(state: TournamentState, field_: Sequence[str]) -> elimination.Layout:
    """The layout of a new knockout; a knockout whose stored round 1 was paired by the
    places layout (tourney before full tables) keeps that one."""
    sides = state.created.sides_per_table
    layout = elimination.layout_for(len(field_), sides)
    if not state.rounds or sides == 2:
        return layout

    def first_tables(candidate: elimination.Layout) -> set[frozenset[str]]:
        tables = [[field_[s - 1] for s in t if s is not None] for t in candidate.first]
        return {frozenset(t) for t in tables if len(t) >= 2}

    stored = {frozenset(state.matches[t.match_id].sides) for t in state.rounds[0].tables}
    if stored == first_tables(layout):
        return layout
    return elimination.places_layout(len(field_), sides)


def bracket_of(state: TournamentState, order: Sequence[str] | None = None) -> elimination.Bracket:
    """The knockout bracket as far as the events take it (`order`: round 1's order by
    rating, while it is being paired)."""
    settings = state.created
    field_ = bracket_field(state, order)
    sides = settings.sides_per_table
    layout = _knockout_layout(state, field_)
    plays: dict[tuple[int, int], list[elimination.Play]] = {}
    slot_of: dict[str, tuple[int, int]] = {}

    def build() -> elimination.Bracket:
        return elimination.build_bracket(
            field_, sides, plays, third_place=settings.third_place, layout=layout
        )

    for paired in state.rounds:
        slots = build().rounds[paired.round - 1].slots
        by_entrants = {frozenset(s.present): s.index for s in slots if len(s.present) >= 2}
        for table in paired.tables:
            match = state.matches[table.match_id]
            index = by_entrants.get(frozenset(match.sides))
            if index is None:
                # Not a table of this bracket (a third-place match, or a table paired by
                # hand): the slot it shares the most entrants with, never another's.
                final = paired.round == layout.rounds
                index = 1 if final and settings.third_place else _closest(slots, match.sides)
            key = (paired.round, index)
            plays[key] = [play_of(match)]
            slot_of[match.match_id] = key
        for deciding in state.deciding:
            if deciding.round == paired.round:
                match = state.matches[deciding.table.match_id]
                key = slot_of[deciding.decides]
                plays[key].append(play_of(match))
                slot_of[match.match_id] = key
    return build()


def play_of(match: MatchRecord) -> elimination.Play:
    return elimination.Play(
        match.match_id, match.sides, match.outcome, replaced=match.replaced is not None
    )


def shared_wins(state: TournamentState, number: int) -> list[Note]:
    """How each shared win among round ``number``'s knockout tables was settled (the rule
    stated in each: ``elimination.rule``)."""
    bracket = bracket_of(state)
    if not 1 <= number <= len(bracket.rounds):
        return []
    slots = list(bracket.rounds[number - 1].slots)
    if number == len(bracket.rounds) and bracket.third_place is not None:
        slots.append(bracket.third_place)
    found = []
    for slot in slots:
        shared = any(
            p.outcome is not None and p.outcome.counts and len(p.outcome.winners) > 1
            for p in slot.plays
        )
        if shared and slot.note is not None:
            found.append(slot.note)
    return found


def _closest(slots: Sequence[elimination.Slot], sides: Sequence[str]) -> int:
    return max(slots, key=lambda s: (len(set(s.present) & set(sides)), -s.index)).index


def _pair_knockout(
    state: TournamentState, number: int, seeding: tuple[tuple[str, ...], Note] | None = None
) -> RoundPaired:
    if number == 1:
        active_field(state)
    order = seeding[0] if seeding else None
    bracket = bracket_of(state, order)
    if number > len(bracket.rounds):
        raise TournamentError(
            _("all {count} rounds of {title} are paired").format(
                count=len(bracket.rounds), title=state.title
            )
        )
    if number > 1:
        tied = [s for s in bracket.rounds[number - 2].slots if s.status == "deciding_match_needed"]
        if tied:
            names = ", ".join(state.entrant_name(e) for e in tied[0].tied)
            raise RoundError(
                _(
                    "cannot pair round {number} of {title}: round {value} needs a "
                    "deciding match between {names}"
                ),
                rounds=("number", "value"),
                number=number,
                title=state.title,
                value=number - 1,
                names=names,
            )
    rank = {e: i + 1 for i, e in enumerate(bracket_field(state, order))}
    current = bracket.rounds[number - 1]
    slots = [s for s in current.slots if s.status == "to_play"]
    third = bracket.third_place
    if third is not None and number == len(bracket.rounds) and third.status == "to_play":
        slots.append(third)
    tables: list[tuple[Sequence[str], Note]] = []
    records = seat_records(state)
    total = len(bracket.rounds)
    for slot in slots:
        entrants = tuple(note("elimination.seeded", who=Who(e), seed=rank[e]) for e in slot.present)
        why = (
            note("elimination.third_place", entrants=entrants)
            if slot is third
            else note(
                "elimination.table",
                round=elimination.round_note(number, total, bracket.sides),
                slot=slot.index + 1,
                entrants=entrants,
            )
        )
        tables.append((seat_order(slot.present, records), why))
    byes = [s.winner for s in current.slots if s.status == "bye" and s.winner is not None]
    notes = shared_wins(state, number - 1) if number > 1 else []
    notes += [note("elimination.bye", who=Who(e)) for e in byes]
    return round_event(state, number, tables, byes, notes, False)


def pair_deciding_matches(state: TournamentState) -> list[TournamentEvent]:
    """Pair a deciding match for every knockout slot of the latest round left tied."""
    if not state.rounds:
        raise TournamentError(
            _("{title} has no knockout round with a tie to decide").format(title=state.title)
        )
    number = len(state.rounds)
    bracket = bracket_of(state)
    slots = [s for s in bracket.rounds[number - 1].slots if s.status == "deciding_match_needed"]
    third = bracket.third_place
    if third is not None and third.status == "deciding_match_needed":
        slots.append(third)
    if not slots:
        settled = shared_wins(state, number)
        if not settled:
            raise RoundError(
                _(
                    "round {number} of {title} has no tie to decide: no table of it "
                    "ended in a shared win"
                ),
                rounds=("number",),
                number=number,
                title=state.title,
            )
        raise RoundError(
            _("round {number} of {title} has no tie to decide: {settled}"),
            rounds=("number",),
            number=number,
            title=state.title,
            settled=" | ".join(note_text(n, namer(state)) for n in settled),
        )
    next_table = max(m.table for m in state.round_matches(number)) + 1
    events: list[TournamentEvent] = []
    for offset, slot in enumerate(slots):
        table = next_table + offset
        decides = slot.plays[-1].match_id
        events.append(
            DecidingMatchPaired(
                number,
                decides,
                PairedTable(
                    table,
                    seats_of(state, slot.tied, number),
                    elimination.deciding_match_id(decides, len(slot.plays)),
                    note("elimination.deciding", note=slot.note or note("elimination.rule")),
                ),
            )
        )
    return events


def knockout_stages(state: TournamentState) -> dict[str, tuple[int, int]]:
    """How far each entrant of a knockout went, as a key that sorts the furthest first:
    (2 * round + 1 while still in it, 2 * round once out in it, 2 * rounds + 2 for the
    champion; then 1 for the third-place match's winner). Entrants not in the bracket: 0.
    """
    bracket = bracket_of(state)
    stage = {e: (0, 0) for e in state.entrant_ids()}
    for round_ in bracket.rounds:
        for slot in round_.slots:
            settled = slot.status in ("decided", "bye") and slot.winner is not None
            for entrant in slot.present:
                out = settled and entrant != slot.winner
                stage[entrant] = (2 * round_.number + (0 if out else 1), 0)
    if bracket.champion is not None:
        stage[bracket.champion] = (2 * len(bracket.rounds) + 2, 0)
    third = bracket.third_place
    if third is not None and third.status == "decided" and third.winner is not None:
        stage[third.winner] = (stage[third.winner][0], 1)
    return stage
