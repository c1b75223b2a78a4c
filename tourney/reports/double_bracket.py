"""The brackets of a double elimination, laid out for drawing as the single-elimination
bracket is (`tourney.reports.bracket`): three sections -- the winners' bracket, the
losers' bracket, the grand final (and its reset) -- each its own row of round columns.

A column's tables sit centred on the tables that feed them where the bracket feeds table
by table (tables of 2), else one under another (tables of 3 or 4, and the losers' first
round, fed from the winners' bracket). A table shows its places, each with its seed and
the score of the play that settled it; those who stay are marked as winners, those who
lost there as out (in the winners' bracket: dropped to the losers' bracket).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from tourney.i18n import _, npage_, page_
from tourney.reports import paths
from tourney.reports.bracket import (
    BOX_WIDTH,
    COLUMN_GAP,
    LINE_HEIGHT,
    MARGIN,
    ROW_GAP,
    STATUS_LABELS,
    TOP,
    BracketColumn,
    BracketEntry,
    BracketSlot,
    EntryState,
    fit,
)
from tourney.reports.heading import Heading, heading_of
from tourney.tournament.format import format_of
from tourney.tournament.formats.double_elimination import bracket as de
from tourney.tournament.formats.double_elimination.tables import double_bracket_of
from tourney.tournament.formats.elimination.bracket import SHARED_WIN_RULE
from tourney.tournament.notes.note_words import namer, page_note
from tourney.tournament.seating.pairing import seeded
from tourney.tournament.state import TournamentError, TournamentState


@dataclass(frozen=True)
class BracketSection:
    """One bracket (winners', losers', or the grand final), drawn as a row of columns."""

    key: str
    title: str
    columns: tuple[BracketColumn, ...]
    height: int


@dataclass(frozen=True)
class DoubleBracketView:
    heading: Heading
    sides: int
    sections: tuple[BracketSection, ...]
    champion: str | None
    runner_up: str | None
    reset_on: bool
    rule: str
    """The rule of who stays at a table, in words."""


def _entries(
    state: TournamentState, table: de.Table, seeds: dict[str, int], y: int
) -> tuple[BracketEntry, ...]:
    shown = table.shown
    entries = []
    for place, entrant in enumerate(table.entrants):
        top = y + place * LINE_HEIGHT
        if entrant is None:
            word, kind = {
                "waiting": (page_("to be decided"), "waiting"),
                "bye": (page_("bye"), "bye"),
            }.get(table.status, (page_("empty"), "empty"))
            entries.append(BracketEntry(word, word, None, kind, None, top))  # type: ignore[arg-type]
            continue
        score = None
        if shown is not None and shown.outcome is not None and entrant in shown.sides:
            score = shown.outcome.scores[shown.sides.index(entrant)]
        state_: EntryState = "playing"
        if table.status in ("decided", "bye"):
            state_ = "winner" if entrant in table.stay else "out"
        name = state.entrant_name(entrant)
        entries.append(BracketEntry(name, fit(name), seeds.get(entrant), state_, score, top))
    return tuple(entries)


def _outcome_word(table: de.Table) -> str:
    if table.bracket in ("final", "reset"):
        return page_("wins")
    if table.bracket == "winners":
        return npage_(
            "stays in the winners' bracket", "stay in the winners' bracket", len(table.stay)
        )
    return npage_("stays in the losers' bracket", "stay in the losers' bracket", len(table.stay))


def _slot(
    state: TournamentState,
    table: de.Table,
    label: str,
    seeds: dict[str, int],
    sheets: Collection[str],
    x: int,
    y: int,
) -> BracketSlot:
    settled = table.status in ("decided", "bye")
    stay = ", ".join(state.entrant_name(e) for e in table.stay) if settled else ""
    return BracketSlot(
        round=table.played_in,
        index=table.index,
        label=label,
        status=table.status,
        status_label=page_(STATUS_LABELS.get(table.status, table.status)),
        entries=_entries(state, table, seeds, y),
        winner=stay or None,
        outcome_word=_outcome_word(table),
        note="" if table.note is None else page_note(table.note, namer(state)),
        hrefs=tuple(paths.match_page(p.match_id) for p in table.plays if p.match_id in sheets),
        x=x,
        y=y,
        width=BOX_WIDTH,
        height=max(2, len(table.entrants)) * LINE_HEIGHT,
    )


def _section(
    state: TournamentState,
    key: str,
    title: str,
    rounds: Sequence[tuple[str, Sequence[de.Table], Sequence[Sequence[int]]]],
    seeds: dict[str, int],
    sheets: Collection[str],
) -> BracketSection:
    """Columns from rounds of (name, tables, feeds): feeds[t] the previous column's tables
    feeding table t (empty: stacked one under another)."""
    tallest = max((len(t.entrants) for _, tables, _ in rounds for t in tables), default=2)
    height = max(2, tallest) * LINE_HEIGHT
    columns: list[BracketColumn] = []
    centres: list[float] = []
    for column, (name, tables, feeds) in enumerate(rounds):
        x = MARGIN + column * (BOX_WIDTH + COLUMN_GAP)
        slots = []
        incoming: list[str] = []
        new_centres: list[float] = []
        fed = column > 0 and len(feeds) == len(tables) and all(feeds)
        for table in tables:
            if fed:
                feeders = [centres[i] for i in feeds[table.index]]
                centre = sum(feeders) / len(feeders)
                mid = x - COLUMN_GAP // 2
                for feeder in feeders:
                    incoming.append(f"M {x - COLUMN_GAP} {feeder:.0f} H {mid} V {centre:.0f} H {x}")
            else:
                centre = TOP + table.index * (height + ROW_GAP) + height / 2
            new_centres.append(centre)
            top = round(centre - max(2, len(table.entrants)) * LINE_HEIGHT / 2)
            label = name
            if len(tables) > 1:
                label = page_("{round}, table {table}").format(round=name, table=table.index + 1)
            slots.append(_slot(state, table, label, seeds, sheets, x, top))
        centres = new_centres
        left = x - (COLUMN_GAP if column else MARGIN)
        columns.append(
            BracketColumn(
                tables[0].played_in if tables else 0,
                name,
                x,
                tuple(slots),
                tuple(incoming),
                left,
                x + BOX_WIDTH + MARGIN - left,
            )
        )
    bottom = max((s.y + s.height for c in columns for s in c.slots), default=TOP)
    for n, drawn in enumerate(columns):
        y, shifts = TOP, []
        for drawn_slot in drawn.slots:
            shifts.append(y - drawn_slot.y)
            y += drawn_slot.height + ROW_GAP
        columns[n] = replace(drawn, packed=tuple(shifts), packed_height=y - ROW_GAP + MARGIN)
    return BracketSection(key, title, tuple(columns), bottom + MARGIN)


def double_bracket_view(state: TournamentState, sheets: Collection[str] = ()) -> DoubleBracketView:
    """Both brackets and the grand final of a double elimination, placed for drawing.

    Raises `TournamentError` for other formats."""
    if format_of(state).bracket != "double":
        raise TournamentError(
            _("{title} is not a double elimination: it has no such bracket").format(
                title=state.title
            )
        )
    bracket = double_bracket_of(state)
    field = [e for r in bracket.winners[:1] for t in r.tables for e in t.present]
    seeds = {e: i + 1 for i, e in enumerate(seeded(state, field))}
    sections = []
    if bracket.winners:
        rounds = [(r.name, r.tables, r.feeds) for r in bracket.winners]
        sections.append(
            _section(state, "winners", page_("Winners' bracket"), rounds, seeds, sheets)
        )
    if bracket.losers:
        rounds = [(r.name, r.tables, r.feeds) for r in bracket.losers]
        sections.append(_section(state, "losers", page_("Losers' bracket"), rounds, seeds, sheets))
    final_word, reset_word = page_(de.BRACKET_WORDS["final"]), page_(de.BRACKET_WORDS["reset"])
    finals = [(final_word, (t,), ()) for t in (bracket.final,) if t is not None]
    finals += [(reset_word, (t,), ()) for t in (bracket.reset,) if t is not None]
    if finals:
        sections.append(_section(state, "final", page_("Grand final"), finals, seeds, sheets))

    def name(entrant: str | None) -> str | None:
        return None if entrant is None else state.entrant_name(entrant)

    return DoubleBracketView(
        heading=heading_of(state),
        sides=bracket.sides,
        sections=tuple(sections),
        champion=name(bracket.champion),
        runner_up=name(bracket.runner_up),
        reset_on=bracket.reset_on,
        rule=page_(de.PLACES_RULE if bracket.sides > 2 else SHARED_WIN_RULE),
    )
