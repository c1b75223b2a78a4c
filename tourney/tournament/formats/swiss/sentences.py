"""The words of a Swiss pairing's notes (`Format.sentences`): why each table was formed
(`search._explain`, the king of the hill's in `options`) and what the round's pairing did."""

from __future__ import annotations

from collections.abc import Mapping

from tourney.tournament.notes.sentence import Sentence, nsentence_, sentence_

SENTENCES: Mapping[str, Sentence] = {
    # a table's why, clause by clause
    "swiss.head": sentence_("{who} ({score}) is the highest-ranked entrant not yet seated"),
    "swiss.scored": sentence_("{who} ({score})"),
    "swiss.virtual_score": sentence_("{points}, {virtual} of it virtual"),
    "swiss.joined": sentence_("joined by {entrants}"),
    "swiss.floats": sentence_("from a lower score group: {entrants}"),
    "swiss.passed_over": sentence_("skipped {who}: {reason}"),
    "swiss.passed_over_below": sentence_("skipped {who} to leave a pairing below"),
    "swiss.more_passed": nsentence_("and {n} more skipped", "and {n} more skipped"),
    "swiss.forbidden_pair": sentence_("{first} and {second} are a forbidden pairing"),
    "swiss.met": sentence_("{first} and {second} have met"),
    "swiss.clubmates": sentence_("{first} and {second} are both from {club}"),
    "swiss.unavoidable": sentence_("unavoidable: {reasons}"),
    "swiss.not_avoided": sentence_("not avoided (search budget ran out): {reasons}"),
    "swiss.clean": sentence_("no repeat or forbidden pairing"),
    "swiss.seat_one": nsentence_(
        "seat 1 to {who} (seat 1 {first} of {n} time before; seats go where each tablemate "
        "has sat least over the event)",
        "seat 1 to {who} (seat 1 {first} of {n} times before; seats go where each tablemate "
        "has sat least over the event)",
    ),
    "swiss.small_table": sentence_("a table of {n} so the field divides"),
    # the round's notes
    "swiss.shape": nsentence_(
        "{n} entrant does not divide into tables of {sides}: tables of {sizes}",
        "{n} entrants do not divide into tables of {sides}: tables of {sizes}",
    ),
    "swiss.bye_first": sentence_("bye: {who}, the lowest-ranked entrant without a bye so far"),
    "swiss.bye_fewest": sentence_(
        "bye: {who}, the lowest-ranked entrant with the fewest byes ({n})"
    ),
    "swiss.seat_swaps": nsentence_(
        "{n} table of the same score groups exchanged opponents so that nobody sits in one "
        "seat 3 more times than in the other",
        "{n} tables of the same score groups exchanged opponents so that nobody sits in one "
        "seat 3 more times than in the other",
    ),
    "swiss.budget": sentence_(
        "search budget ran out: a depth-first search in ranking order examined {candidates} "
        "candidates without a round free of conflicts, then {swaps} left {left}: not proven "
        "minimal"
    ),
    "swiss.annealed": nsentence_(
        "{n} swap between tables (simulated annealing)",
        "{n} swaps between tables (simulated annealing)",
    ),
    "swiss.nearby_swaps": sentence_("swaps between nearby tables"),
    "swiss.left_forbidden": nsentence_("{n} forbidden pair", "{n} forbidden pairs"),
    "swiss.left_repeats": nsentence_("{n} repeat", "{n} repeats"),
    "swiss.left_clubmates": nsentence_("{n} clubmate", "{n} clubmates"),
    "swiss.left_none": sentence_("none"),
    "swiss.exhaustive_fewest": nsentence_(
        "an exhaustive search over every seating of the round proved {n} repeat the fewest "
        "possible",
        "an exhaustive search over every seating of the round proved {n} repeats the fewest "
        "possible",
    ),
    "swiss.exhaustive_none": sentence_(
        "no repeat: found by an exhaustive search over every seating"
    ),
    "swiss.lookahead": sentence_(
        "seated so that the next round can also be seated without a repeat: the round "
        "closest to the ranking would have left none"
    ),
    # acceleration, king of the hill, Gibsonization
    "swiss.accelerated": nsentence_(
        "accelerated round {round}: the top {n} of the seed order pair with {points} "
        "virtual point each (pairing only, never in the standings)",
        "accelerated round {round}: the top {n} of the seed order pair with {points} "
        "virtual points each (pairing only, never in the standings)",
        count="points",
    ),
    "swiss.hill": sentence_(
        "king of the hill: the last round seats the field in ranking order (match points, "
        "then seed order), the leaders together, meetings before not avoided"
    ),
    "swiss.hill_bye": sentence_("bye: {who}, the lowest-ranked entrant with the fewest byes"),
    "swiss.not_gibsonized": sentence_(
        "{who} cannot be caught but is not Gibsonized: fewer than {need} entrants still "
        "contend for the top {prizes}"
    ),
    "swiss.gibsonized": sentence_(
        "Gibsonized: {leader} cannot be caught (leads the next by {lead}, one round gives at "
        "most {most}) and meets the lowest-ranked still contending for the top {prizes}: "
        "{rivals}"
    ),
    "swiss.hill_table": sentence_(
        "king of the hill: places {first} to {last} of those playing meet: {entrants}; "
        "meetings before not avoided"
    ),
}
