"""The words of the notes the tournament core shares (every format's may say them): round
1's seeding by rating or by lot, a round paired again, a swap in a draft, a list joined
with "and". Each format's own are its `Format.sentences`
(`tourney/tournament/formats/<name>/sentences.py`)."""

from __future__ import annotations

from collections.abc import Mapping

from tourney.tournament.notes.sentence import Sentence, nsentence_, sentence_

SENTENCES: Mapping[str, Sentence] = {
    "and": sentence_("{first} and {second}"),
    "seed.ratings": sentence_(
        "seeded by the club's ratings (OpenSkill ordinal at pairing): {rated}"
    ),
    "seed.ratings_none": sentence_(
        "seeded by the club's ratings (OpenSkill ordinal at pairing): none"
    ),
    "seed.rated": sentence_("{who} {rating}"),
    "seed.unrated_rating": sentence_("without a rating, by rating: {entrants}"),
    "seed.unrated_registration": sentence_("without a rating, by registration: {entrants}"),
    "seed.unrated_previous": sentence_("without a rating, by previous: {entrants}"),
    "seed.unrated_random": sentence_("without a rating, by random: {entrants}"),
    "seed.unrated_auto": sentence_("without a rating, by auto: {entrants}"),
    "lot.drawn": sentence_("round 1 drawn by lot (seed {seed}): {order}"),
    "round.paired_again": sentence_("round {round} paired again"),
    "round.paired_again_because": sentence_("round {round} paired again: {reason}"),
    "draft.swapped": sentence_("swapped {first} and {second}: {reason}"),
    "result.paper": sentence_("paper scoresheet"),
    "result.forfeit": sentence_("forfeit"),
    "result.no_show": sentence_("no-show"),
    "result.adjudicated": sentence_("adjudicated"),
    "result.void": sentence_("void"),
    "result.time": sentence_("time"),
    "table.withdrawn": nsentence_("{n} withdrawn", "{n} withdrawn"),
    "schedule.used": sentence_("schedule: {source}"),
    # where a schedule came from (`tourney.tournament.notes.schedule_sources`)
    "schedule.circle": sentence_("circle method"),
    "schedule.precomputed": sentence_("precomputed by search"),
    "schedule.found": sentence_("found by search at pairing time"),
    "schedule.crossing": sentence_("crossing schedule of two tables"),
    "schedule.continued": sentence_("earlier rounds completed by search"),
    "schedule.no_pairs": sentence_("no pairs to seat"),
    "schedule.social_golfer": sentence_("published social golfer schedule"),
    "schedule.schoolgirl": sentence_("Kirkman's schoolgirl schedule"),
    "schedule.affine_golfer": sentence_(
        "affine plane of order 4 (resolvable, Social Golfer 4-4-5)"
    ),
    "schedule.affine_schoolgirls": sentence_("affine plane of order 3 (Kirkman's 9 schoolgirls)"),
    "schedule.one_left_out": sentence_("{source}, one place left out"),
    "schedule.kirkman": sentence_("Kirkman triple system of order {n}"),
    "schedule.affine": sentence_("affine plane of order {n}"),
    "schedule.resolvable": sentence_("resolvable design of {n} at tables of {sides}"),
    "schedule.published": sentence_("published schedule for {n} at tables of {sides}"),
    "schedule.first_of_round_robin": nsentence_(
        "first {n} round of the round-robin schedule ({source})",
        "first {n} rounds of the round-robin schedule ({source})",
    ),
    "schedule.first_rounds": nsentence_(
        "first {n} round of {source}", "first {n} rounds of {source}"
    ),
    "schedule.search": nsentence_(
        "search (seed {seed}, {n} annealing move)", "search (seed {seed}, {n} annealing moves)"
    ),
    "schedule.golfer": sentence_(
        "Social Golfer {design} ({n} players, {rounds} rounds, no pair twice): found by "
        "{tool}, seed {seed}"
    ),
}
