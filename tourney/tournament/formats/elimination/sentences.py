"""The words of a knockout's notes (`Format.sentences`): each table's place in the bracket,
byes, and how each table was settled (`bracket.resolve`), shared by the double
elimination's brackets and the groups' knockout."""

from __future__ import annotations

from collections.abc import Mapping

from tourney.tournament.notes.sentence import Sentence, sentence_

SENTENCES: Mapping[str, Sentence] = {
    "elimination.final": sentence_("final"),
    "elimination.semi_finals": sentence_("semi-finals"),
    "elimination.quarter_finals": sentence_("quarter-finals"),
    "elimination.round": sentence_("round {number}"),
    "elimination.table": sentence_(
        "{round}, bracket slot {slot}: {entrants}; the table winner advances"
    ),
    "elimination.third_place": sentence_(
        "third-place match: {entrants}; the table winner advances"
    ),
    "elimination.seeded": sentence_("{who} (seed {seed})"),
    "elimination.bye": sentence_("{who} advances on a bye"),
    "elimination.has_bye": sentence_("{who} has a bye"),
    "elimination.deciding": sentence_("deciding match: {note}"),
    "elimination.match": sentence_("T{table}"),
    "elimination.deciding_match": sentence_("T{table}, deciding match {n}"),
    "elimination.voided": sentence_("{match} was voided: replay needed"),
    "elimination.won": sentence_("{who} won {match}"),
    "elimination.with_source": sentence_("{won} ({source})"),
    "elimination.replaced": sentence_("{won} (result replaced by the director: {source})"),
    "elimination.shared_higher": sentence_(
        "{names} shared the win in {match}: {who} advances on the higher final score ({best} "
        "to {others}); {rule}"
    ),
    "elimination.shared_equal": sentence_(
        "{names} shared the win in {match} with equal scores ({best}): a deciding match; {rule}"
    ),
    "elimination.rule": sentence_(
        "in a knockout a shared win goes to the shared winner with the higher final score; "
        "only equal scores play a deciding match"
    ),
}
