"""The words of a groups tournament's notes (`Format.sentences`): the pools formed, each
pool round's notes (the pool's own format's, said of the pool), who advances from each pool
and why, and the knockout's seeds."""

from __future__ import annotations

from collections.abc import Mapping

from tourney.tournament.notes.sentence import Sentence, nsentence_, sentence_

SENTENCES: Mapping[str, Sentence] = {
    "groups.pool": sentence_("pool {letter}: {note}"),
    "groups.knockout": sentence_("knockout: {note}"),
    "groups.pools_formed": nsentence_(
        "{n} pool by snake seeding over the seed order: {pools}",
        "{n} pools by snake seeding over the seed order: {pools}",
    ),
    "groups.members": sentence_("pool {letter}: {entrants}"),
    "groups.placed": sentence_("{who} ({place}, {points} pts)"),
    "groups.advance": sentence_("pool {letter}: {entrants} advance"),
    "groups.would_advance": sentence_("pool {letter}: {entrants} would advance as it stands"),
    "groups.level": sentence_(
        "pool {letter}: {first} and {second} are level on {points} match points; {verb} on {why}"
    ),
    "groups.level_seed": sentence_(
        "pool {letter}: {first} and {second} are level on {points} match points and every "
        "tie-break; {verb} on seed order (pool seed {seed} before {other})"
    ),
    "groups.goes_through": sentence_("{who} goes through"),
    "groups.is_placed": sentence_("{who} is {place}"),
    "groups.by_match_points": sentence_("match points"),
    "groups.by_buchholz": sentence_("opponents' average match points (Buchholz)"),
    "groups.by_scored": sentence_("game points scored"),
    "groups.by_head_to_head": sentence_("head-to-head"),
    "groups.withdrawn": sentence_("pool {letter}: withdrawn, not advancing: {entrants}"),
    "groups.nth": sentence_("{n}th"),
    "groups.nst": sentence_("{n}st"),
    "groups.nnd": sentence_("{n}nd"),
    "groups.nrd": sentence_("{n}rd"),
    "groups.knockout_seeds": sentence_("knockout seeds: {seeds}"),
    "groups.seed": sentence_("{n}. {who} ({place})"),
    "groups.seeds_moved": sentence_(
        "seeds moved within their tier (place in pool) to keep two of one pool apart in the "
        "knockout's first round"
    ),
    "groups.not_apart": nsentence_(
        "two of one pool could not be kept apart in the knockout's first round ({n} such "
        "pair): the seed order with the fewest",
        "two of one pool could not be kept apart in the knockout's first round ({n} such "
        "pairs): the seed order with the fewest",
    ),
}
