"""The words of a rotating-partners round's notes (`Format.sentences`): each table's two
partnerships, where the round came from, and how often pairs have partnered and opposed."""

from __future__ import annotations

from collections.abc import Mapping

from tourney.tournament.notes.sentence import Sentence, nsentence_, sentence_

SENTENCES: Mapping[str, Sentence] = {
    "rotating.table": sentence_("{first} & {third} against {second} & {fourth}"),
    "rotating.plan": sentence_("rotating partners: {source}"),
    "rotating.whist": nsentence_(
        "whist design for {n} player, round {round} of {total}",
        "whist design for {n} players, round {round} of {total}",
    ),
    "rotating.cycle": sentence_("{source}, cycle {cycle}"),
    "rotating.searched_clean": sentence_("searched (no repeat partner)"),
    "rotating.searched_repeats": nsentence_(
        "searched ({n} repeat partnership)", "searched ({n} repeat partnerships)"
    ),
    "rotating.so_far": sentence_("so far {repeats}; each pair opposed {fewest} to {most} times"),
    "rotating.no_repeat_partner": sentence_("no one has partnered anyone twice"),
    "rotating.repeat_partners": nsentence_(
        "{n} repeat partnership, at most {most} times one pair",
        "{n} repeat partnerships, at most {most} times one pair",
    ),
    "rotating.sits_out": sentence_("{who} sits out"),
}
