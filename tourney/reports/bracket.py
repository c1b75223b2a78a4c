"""The bracket of an elimination event, laid out for an inline SVG drawing.

Python places every box and connector (templates only draw them): round columns left to
right, each slot a box with one line per place at its table (2-4), later slots centred on
the slots that feed them (`Bracket.feeds`), and the third-place match under the final.
A slot shows the scores of the play that settled it (an adjudicated match over its
deciding matches) and every entrant at its table; a place reads "bye" only when the slot
really is a bye.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Literal

from tourney.i18n import _, page_, page_mark
from tourney.reports import paths
from tourney.reports.heading import Heading, heading_of
from tourney.tournament.format import format_of
from tourney.tournament.formats.elimination.bracket import Slot
from tourney.tournament.formats.elimination.format import bracket_of
from tourney.tournament.notes.note_words import namer, page_note
from tourney.tournament.seating.pairing import seeded
from tourney.tournament.state import TournamentError, TournamentState

BOX_WIDTH = 200
LINE_HEIGHT = 22
COLUMN_GAP = 48
ROW_GAP = 18
TOP = 34
MARGIN = 12

EntryState = Literal["winner", "out", "playing", "bye", "waiting", "empty"]

STATUS_LABELS = {
    "waiting": page_mark("waiting for the previous round"),
    "bye": page_mark("bye"),
    "empty": page_mark("no entrants"),
    "to_play": page_mark("to play"),
    "in_play": page_mark("in play"),
    "deciding_match_needed": page_mark("deciding match needed"),
    "decided": page_mark("decided"),
}


NAME_ROOM = 20
"""Characters of a name that fit in a box beside its seed and score; the rest is cut."""


def fit(name: str, room: int = NAME_ROOM) -> str:
    """`name` cut to `room` characters, ending in an ellipsis when it was cut."""
    return name if len(name) <= room else name[: room - 1] + "…"


@dataclass(frozen=True)
class BracketEntry:
    name: str
    short: str
    seed: int | None
    state: EntryState
    score: int | None
    y: int


@dataclass(frozen=True)
class BracketSlot:
    round: int
    index: int
    label: str
    status: str
    status_label: str
    entries: tuple[BracketEntry, ...]
    winner: str | None
    outcome_word: str
    note: str
    hrefs: tuple[str, ...]
    x: int
    y: int
    width: int
    height: int


@dataclass(frozen=True)
class BracketColumn:
    """One round, drawn as its own picture so that on a narrow screen the rounds wrap
    below each other instead of running off the side: `left` and `width` are its part of
    the bracket's coordinates (its connectors in the gap before it, then its boxes)."""

    number: int
    name: str
    x: int
    slots: tuple[BracketSlot, ...]
    connectors: tuple[str, ...] = ()
    left: int = 0
    width: int = 0
    packed: tuple[int, ...] = ()
    """On a phone: how far each box moves up so that the round's boxes follow each other
    (the tree's gaps, there for the lines between rounds, are a screen of blank there)."""
    packed_height: int = 0


@dataclass(frozen=True)
class BracketView:
    heading: Heading
    sides: int
    columns: tuple[BracketColumn, ...]
    third_place: BracketSlot | None
    connectors: tuple[str, ...]
    champion: str | None
    width: int
    height: int
    third_shift: int = 0
    """`BracketColumn.packed` for the third-place match, under the final."""


def _entries(
    state: TournamentState, slot: Slot, seeds: dict[str, int], y: int
) -> tuple[BracketEntry, ...]:
    shown = slot.shown
    entries = []
    for place, entrant in enumerate(slot.entrants):
        top = y + place * LINE_HEIGHT
        if entrant is None:
            if slot.status == "waiting":
                entries.append(
                    BracketEntry(
                        page_("to be decided"), page_("to be decided"), None, "waiting", None, top
                    )
                )
            elif slot.status == "bye":
                entries.append(BracketEntry(page_("bye"), page_("bye"), None, "bye", None, top))
            else:
                entries.append(
                    BracketEntry(page_("empty"), page_("empty"), None, "empty", None, top)
                )
            continue
        score = None
        if shown is not None and shown.outcome is not None and entrant in shown.sides:
            score = shown.outcome.scores[shown.sides.index(entrant)]
        if slot.winner is None:
            status: EntryState = "playing"
        else:
            status = "winner" if entrant == slot.winner else "out"
        name = state.entrant_name(entrant)
        entries.append(BracketEntry(name, fit(name), seeds.get(entrant), status, score, top))
    return tuple(entries)


def _slot_view(
    state: TournamentState,
    slot: Slot,
    number: int,
    label: str,
    seeds: dict[str, int],
    sheets: Collection[str],
    x: int,
    y: int,
    outcome_word: str = "advances",
) -> BracketSlot:
    return BracketSlot(
        round=number,
        index=slot.index,
        label=label,
        status=slot.status,
        status_label=page_(STATUS_LABELS.get(slot.status, slot.status)),
        entries=_entries(state, slot, seeds, y),
        winner=None if slot.winner is None else state.entrant_name(slot.winner),
        outcome_word=outcome_word,
        note="" if slot.note is None else page_note(slot.note, namer(state)),
        hrefs=tuple(paths.match_page(p.match_id) for p in slot.plays if p.match_id in sheets),
        x=x,
        y=y,
        width=BOX_WIDTH,
        height=len(slot.entrants) * LINE_HEIGHT,
    )


def bracket_view(state: TournamentState, sheets: Collection[str] = ()) -> BracketView:
    """The bracket of an elimination tournament, placed for drawing.

    Raises `TournamentError` for other formats.
    """
    fmt = format_of(state)
    if fmt.has_pools and state.groups.knockout is not None:
        from tourney.tournament.formats.groups.stages import knockout_state

        # The knockout stage drawn as the single elimination it is, under the
        # tournament's own heading.
        view = bracket_view(knockout_state(state), sheets)
        return replace(view, heading=heading_of(state))
    if fmt.bracket != "single":
        raise TournamentError(
            _("{title} is not an elimination event: it has no bracket").format(title=state.title)
        )
    if fmt.has_pools:  # the knockout not started: no rounds yet
        from tourney.tournament.formats.groups.format import knockout_bracket

        bracket = knockout_bracket(state)
    else:
        bracket = bracket_of(state)
    seeds: dict[str, int] = {}
    if bracket.rounds:
        field = [e for slot in bracket.rounds[0].slots for e in slot.present]
        seeds = {e: i + 1 for i, e in enumerate(seeded(state, field))}
    height = bracket.sides * LINE_HEIGHT
    columns: list[BracketColumn] = []
    connectors: list[str] = []
    centres: list[float] = []
    for column, round_ in enumerate(bracket.rounds):
        x = MARGIN + column * (BOX_WIDTH + COLUMN_GAP)
        slots = []
        incoming: list[str] = []
        new_centres: list[float] = []
        for slot in round_.slots:
            if column == 0:
                centre = TOP + slot.index * (height + ROW_GAP) + height / 2
            else:
                feeders = [centres[i] for i in bracket.feeds[column - 1][slot.index]]
                centre = sum(feeders) / len(feeders)
                for feeder in feeders:
                    mid = x - COLUMN_GAP // 2
                    incoming.append(f"M {x - COLUMN_GAP} {feeder:.0f} H {mid} V {centre:.0f} H {x}")
            new_centres.append(centre)
            top = round(centre - len(slot.entrants) * LINE_HEIGHT / 2)
            label = page_("{round}, table {table}").format(round=round_.name, table=slot.index + 1)
            last = round_.number == len(bracket.rounds)
            word = page_("wins the final") if last else page_("advances")
            slots.append(_slot_view(state, slot, round_.number, label, seeds, sheets, x, top, word))
        centres = new_centres
        connectors.extend(incoming)
        left = x - (COLUMN_GAP if column else MARGIN)
        columns.append(
            BracketColumn(
                round_.number,
                round_.name,
                x,
                tuple(slots),
                tuple(incoming),
                left,
                x + BOX_WIDTH + MARGIN - left,
            )
        )
    bottom = max((s.y + s.height for c in columns for s in c.slots), default=TOP)
    third = None
    if bracket.third_place is not None and columns:
        final = columns[-1]
        third = _slot_view(
            state,
            bracket.third_place,
            final.number,
            page_("third-place match"),
            seeds,
            sheets,
            final.x,
            max(bottom + 2 * ROW_GAP, final.slots[0].y + height + 3 * ROW_GAP),
            page_("takes third place"),
        )
        bottom = max(bottom, third.y + third.height)
    third_shift = 0
    for n, drawn in enumerate(columns):
        y, shifts = TOP, []
        for box in drawn.slots:
            shifts.append(y - box.y)
            y += box.height + ROW_GAP
        if third is not None and n == len(columns) - 1:
            y += ROW_GAP  # room for its title
            third_shift = y - third.y
            y += third.height + ROW_GAP
        columns[n] = replace(drawn, packed=tuple(shifts), packed_height=y - ROW_GAP + MARGIN)
    width = MARGIN * 2 + len(columns) * BOX_WIDTH + max(0, len(columns) - 1) * COLUMN_GAP
    champion = bracket.champion
    return BracketView(
        heading=heading_of(state),
        sides=bracket.sides,
        columns=tuple(columns),
        third_place=third,
        connectors=tuple(connectors),
        champion=None if champion is None else state.entrant_name(champion),
        width=width,
        height=bottom + MARGIN,
        third_shift=third_shift,
    )
