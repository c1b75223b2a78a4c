"""Double elimination read from a tournament's events: which bracket a table is in, the
names of a round, how far each entrant went. The rule is
`tourney.tournament.formats.double_elimination.bracket`; its bracket from the events, the
next round and
its deciding matches are paired in its `format`, which asks this module for what the
pages show."""

from __future__ import annotations

from collections.abc import Sequence

from tourney.i18n import page_
from tourney.tournament.formats.double_elimination import bracket as de
from tourney.tournament.formats.elimination import bracket as elimination
from tourney.tournament.formats.elimination.format import play_of
from tourney.tournament.seating.pairing import bracket_field
from tourney.tournament.state import TournamentState


def double_bracket_of(
    state: TournamentState, order: Sequence[str] | None = None
) -> de.DoubleBracket:
    """The double-elimination bracket as far as the events take it (`order`: round 1's
    order by rating, while it is being paired). Each paired table is the bracket table of
    its round that seats the same entrants; a table paired by hand that is none of them is
    not part of the bracket."""
    settings = state.created
    field_ = bracket_field(state, order)
    sides = settings.sides_per_table
    plays: dict[de.Key, list[elimination.Play]] = {}
    key_of: dict[str, de.Key] = {}

    def build() -> de.DoubleBracket:
        return de.build(field_, sides, plays, reset=settings.grand_final_reset)

    for paired in state.rounds:
        tables = build().tables_in(paired.round)
        by_entrants = {frozenset(t.present): t.key for t in tables if len(t.present) >= 2}
        for table in paired.tables:
            match = state.matches[table.match_id]
            key = by_entrants.get(frozenset(match.sides))
            if key is not None:
                plays[key] = [play_of(match)]
                key_of[match.match_id] = key
        for deciding in state.deciding:
            if deciding.round == paired.round and deciding.decides in key_of:
                match = state.matches[deciding.table.match_id]
                key = key_of[deciding.decides]
                plays[key].append(play_of(match))
                key_of[match.match_id] = key
    return build()


def table_of(bracket: de.DoubleBracket, match_id: str) -> de.Table | None:
    """The bracket table a match (or deciding match) was played for."""
    for table in bracket.tables():
        if any(p.match_id == match_id for p in table.plays):
            return table
    return None


def bracket_words(table: de.Table) -> str:
    """``"winners' bracket"``, ``"losers' bracket"``, ``"grand final"``..."""
    return page_(de.BRACKET_WORDS[table.bracket])


__all__ = [
    "bracket_labels",
    "bracket_words",
    "bye_brackets",
    "double_bracket_of",
    "round_name",
    "stages",
]


def bracket_labels(state: TournamentState) -> dict[str, str]:
    """Match id -> the bracket its table is in, in words ."""
    bracket = double_bracket_of(state)
    return {p.match_id: bracket_words(t) for t in bracket.tables() for p in t.plays}


def bye_brackets(state: TournamentState, number: int) -> dict[str, str]:
    """Entrant -> the bracket of their bye in round `number` ."""
    tables = double_bracket_of(state).tables_in(number)
    return {t.stay[0]: bracket_words(t) for t in tables if t.status == "bye" and t.stay}


def round_name(state: TournamentState, number: int) -> str:
    """``"winners' round 2, losers' round 1"``: the bracket rounds tournament round
    `number` plays."""
    bracket = double_bracket_of(state)
    names = [r.name for r in (*bracket.winners, *bracket.losers) if r.played_in == number]
    for table in (bracket.final, bracket.reset):
        if table is not None and table.played_in == number and table.status != "waiting":
            names.append(bracket_words(table))
    return ", ".join(names)


def stages(state: TournamentState) -> dict[str, tuple[int, int]]:
    """How far each entrant went, as a key that sorts the furthest first: the champion,
    the runner-up, then those out by the round of their second loss (later first); those
    still in (winners' bracket above losers') above everyone out. Not in it: (0, 0)."""
    bracket = double_bracket_of(state)
    stage = {e: (0, 0) for e in state.entrant_ids()}
    last = len(state.rounds)
    in_winners = {e for r in bracket.winners for t in r.tables for e in t.present}
    wb_losers = {e for r in bracket.winners for t in r.tables for e in t.lost}
    for entrant in in_winners:
        stage[entrant] = (2 * last + 1, 0 if entrant in wb_losers else 1)
    for entrant, out in bracket.out_in.items():
        stage[entrant] = (2 * out, 0)
    if bracket.champion is not None:
        stage[bracket.champion] = (2 * last + 3, 0)
    return stage
