"""The words of a round robin's notes (`Format.sentences`): each table's place in the
schedule, and how often the schedule seats each pair together (`schedule.Coverage`)."""

from __future__ import annotations

from collections.abc import Mapping

from tourney.tournament.notes.sentence import Sentence, nsentence_, sentence_

SENTENCES: Mapping[str, Sentence] = {
    "round_robin.table": sentence_(
        "round {round} of {total} of the round robin ({source}): {entrants}"
    ),
    "round_robin.players_at": nsentence_(
        "{n} player at tables of {sides}", "{n} players at tables of {sides}"
    ),
    "round_robin.partnerships_at": nsentence_(
        "{n} partnership, {sides} a table", "{n} partnerships, {sides} a table"
    ),
    "round_robin.rounds": nsentence_("{n} round", "{n} rounds"),
    "round_robin.no_pairs": sentence_("{where}: {rounds}"),
    "round_robin.not_every_pair": sentence_("{where}: {rounds}, NOT every pair meets ({counts})"),
    "round_robin.exactly_once": sentence_("{where}: {rounds}, every pair meets exactly once"),
    "round_robin.at_least_once": sentence_(
        "{where}: {rounds}, every pair meets at least once ({counts})"
    ),
    "round_robin.pairs_never": nsentence_("{n} pair never meet", "{n} pairs never meet"),
    "round_robin.pairs_once": nsentence_("{n} pair once", "{n} pairs once"),
    "round_robin.pairs_twice": nsentence_("{n} pair twice", "{n} pairs twice"),
    "round_robin.pairs_times": nsentence_("{n} pair {times}", "{n} pairs {times}"),
    "round_robin.times": nsentence_("{n} time", "{n} times"),
    "round_robin.rounds_setting": nsentence_(
        "the rounds setting ({rounds}) does not apply: a round robin plays its whole "
        "schedule of {n} round",
        "the rounds setting ({rounds}) does not apply: a round robin plays its whole "
        "schedule of {n} rounds",
    ),
}
