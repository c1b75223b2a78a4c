"""The words of a balanced seating's notes (`Format.sentences`): each table's place in the
schedule, and what the schedule does (`design.Quality`)."""

from __future__ import annotations

from collections.abc import Mapping

from tourney.tournament.notes.sentence import Sentence, nsentence_, sentence_

SENTENCES: Mapping[str, Sentence] = {
    "balanced.table": sentence_("round {round} of {total} of the balanced seating: {entrants}"),
    "balanced.seating": nsentence_(
        "{n} player at tables of {sides}, {rounds} rounds: {quality}",
        "{n} players at tables of {sides}, {rounds} rounds: {quality}",
    ),
    "balanced.no_repeats": sentence_("no pair meets twice"),
    "balanced.repeats": nsentence_(
        "{n} repeat meeting (a pair meets at most {most} times)",
        "{n} repeat meetings (a pair meets at most {most} times)",
    ),
    "balanced.table_repeats": nsentence_("{n} repeat table number", "{n} repeat table numbers"),
    "balanced.seat_gap": sentence_("seat gap at most {n}"),
    "balanced.indirect": nsentence_(
        "{n} indirect meet (pairs who never met but share an opponent), {apart} pairs neither",
        "{n} indirect meets (pairs who never met but share an opponent), {apart} pairs neither",
    ),
}
