"""The upcaster of pairing notes recorded before notes were data: every English sentence the
old pairing code wrote (a round's notes, a table's why, the pools' and the knockout's notes)
read back into its code and values, so an old tournament's notes are shown in the reader's
language too. Stored rows are never rewritten (they are hash-chained): this runs when a
payload is read (`stored`, which the events' `from_payload` call), as the tournament's other
old payloads are lifted in their `from_payload`.

The names in an old sentence are the names as they were written then: they stay text (a
note's `str` value is shown as it is), never guessed back into ids. A sentence of a shape
not listed here stays the text it was (`recorded`), shown as recorded and marked.

The shapes are those of tourney's pairing code before the notes became data, tested one by
one against sentences that code wrote (tests/unit/tournament/test_old_notes.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tourney.tournament.notes.notes import Note, Value, clauses, note, recorded
from tourney.tournament.notes.old_swiss_notes import number, points, swiss_why
from tourney.tournament.notes.schedule_sources import source_note

Parse = Callable[[re.Match[str]], Note | None]

SHARED_WIN_RULE = (
    "in a knockout a shared win goes to the shared winner with the higher final score; "
    "only equal scores play a deciding match"
)
PLACES_RULE = (
    "at a table of a double elimination the top half stays in its bracket: winners first, "
    "then the higher final score; equal places across the cut play a deciding match"
)
BRACKETS = {
    "winners' bracket": "winners",
    "losers' bracket": "losers",
    "grand final": "final",
    "grand final reset": "reset",
}
_RULES = {SHARED_WIN_RULE: "elimination.rule", PLACES_RULE: "double_elimination.rule"}
_RULE = "(" + "|".join(re.escape(r) for r in _RULES) + ")"


def and_names(text: str) -> Value:
    """``"Ann and Bo"`` as the ``and`` of two names (a name holding " and " is cut there:
    it reads the same)."""
    first, sep, rest = text.rpartition(" and ")
    if not sep:
        return text
    return note("and", first=and_names(first), second=rest)


def match_name(text: str) -> Value:
    """``T2`` or ``T2, deciding match 1`` as the note naming that match; else the text."""
    found = re.fullmatch(r"T(\d+)(?:, deciding match (\d+))?", text)
    if found is None:
        return text
    if found[2] is None:
        return note("elimination.match", table=int(found[1]))
    return note("elimination.deciding_match", table=int(found[1]), n=int(found[2]))


def seeded_list(text: str) -> tuple[Value, ...] | None:
    """``"Ann (seed 1), Bo (seed 4)"`` as the knockout's seeded entrants."""
    items = re.findall(r"(.+?) \(seed (\d+)\)(?:, |$)", text)
    if ", ".join(f"{w} (seed {s})" for w, s in items) != text:
        return None
    return tuple(note("elimination.seeded", who=w, seed=int(s)) for w, s in items)


def _with_source(said: Note, text: str) -> Note | None:
    """`said` with the result's source the old note added (``" (paper scoresheet)"``)."""
    if not text:
        return said
    sources = {
        "paper scoresheet": "paper",
        "forfeit": "forfeit",
        "no-show": "no_show",
        "adjudicated": "adjudicated",
        "void": "void",
        "time": "time",
    }
    found = re.fullmatch(r" \(result replaced by the director: (.+)\)| \((.+)\)", text)
    if found is None:
        return None
    kind = sources.get(found[1] or found[2])
    if kind is None:
        return None
    code = "elimination.replaced" if found[1] else "elimination.with_source"
    return note(code, won=said, source=note(f"result.{kind}"))


def slot_note(text: str) -> Note | None:
    """How a knockout table was settled (the bracket's notes, as the old pairing recorded
    them in a round's notes and a deciding match's why)."""
    voided = re.match(r"(.+?) was voided: replay needed(?:; (.+))?$", text)
    if voided is not None:
        first = note("elimination.voided", match=match_name(voided[1]))
        if voided[2] is None:
            return first
        rest = slot_note(voided[2])
        return None if rest is None else clauses(first, rest)
    for pattern, made in _SLOT_SHAPES:
        found = re.fullmatch(pattern, text)
        if found is not None:
            return made(found)
    return None


# Patterns, not compiled ones: `re` compiles each (and caches it) when an old note is read,
# so that a command which reads none does not compile them all at import.
_SLOT_SHAPES: tuple[tuple[str, Parse], ...] = (
    (
        r"(.+) shared the win in (.+?): (.+) advances on the higher final score "
        r"\((\d+) to ([\d, ]+)\); " + re.escape(SHARED_WIN_RULE),
        lambda m: note(
            "elimination.shared_higher",
            names=and_names(m[1]),
            match=match_name(m[2]),
            who=m[3],
            best=int(m[4]),
            others=tuple(int(v) for v in m[5].split(", ")),
            rule=note("elimination.rule"),
        ),
    ),
    (
        r"(.+) shared the win in (.+?) with equal scores \((\d+)\): a deciding match; "
        + re.escape(SHARED_WIN_RULE),
        lambda m: note(
            "elimination.shared_equal",
            names=and_names(m[1]),
            match=match_name(m[2]),
            best=int(m[3]),
            rule=note("elimination.rule"),
        ),
    ),
    (
        r"(.+) shared the win in (.+?): (.+) stays on the higher final score "
        r"\((\d+) to ([\d, ]+)\); " + _RULE,
        lambda m: note(
            "double_elimination.shared_stays",
            names=and_names(m[1]),
            match=match_name(m[2]),
            who=m[3],
            best=int(m[4]),
            others=tuple(int(v) for v in m[5].split(", ")),
            rule=note(_RULES[m[6]]),
        ),
    ),
    (
        r"(.+) are level in (.+?) \(equal final scores, (\d+)\) across the cut: a "
        r"deciding match for (\d+) places?; " + _RULE,
        lambda m: note(
            "double_elimination.level",
            names=and_names(m[1]),
            match=match_name(m[2]),
            score=int(m[3]),
            n=int(m[4]),
            rule=note(_RULES[m[5]]),
        ),
    ),
    (
        r"(.+) stay after (T\d+(?:, deciding match \d+)?|\S+)((?: \(.+\))?)",
        lambda m: _with_source(
            note("double_elimination.stay_after", names=and_names(m[1]), match=match_name(m[2])),
            m[3],
        ),
    ),
    (
        r"(.+) won (T\d+(?:, deciding match \d+)?|\S+)((?: \(.+\))?)",
        lambda m: _with_source(note("elimination.won", who=m[1], match=match_name(m[2])), m[3]),
    ),
)


def _coverage(text: str) -> Note | None:
    """A round robin's coverage (``6 players at tables of 3: 4 rounds, ...``)."""
    found = re.fullmatch(
        r"(?:(\d+) players at tables of (\d+)|(\d+) partnerships, (\d+) a table): (\d+) rounds?"
        r"(?:, (NOT every pair meets|every pair meets exactly once|every pair meets at least "
        r"once)(?: \((.+)\))?)?",
        text,
    )
    if found is None:
        return None
    if found[1]:
        where = note("round_robin.players_at", n=int(found[1]), sides=int(found[2]))
    else:
        where = note("round_robin.partnerships_at", n=int(found[3]), sides=int(found[4]))
    rounds = note("round_robin.rounds", n=int(found[5]))
    kind = {
        None: "round_robin.no_pairs",
        "NOT every pair meets": "round_robin.not_every_pair",
        "every pair meets exactly once": "round_robin.exactly_once",
        "every pair meets at least once": "round_robin.at_least_once",
    }[found[6]]
    if found[7] is None:
        return note(kind, where=where, rounds=rounds)
    counts: list[Value] = []
    for part in found[7].split(", "):
        met = re.fullmatch(r"(\d+) pairs? (never meet|once|twice|(\d+) times)", part)
        if met is None:
            return None
        n = int(met[1])
        if met[3]:
            times = note("round_robin.times", n=int(met[3]))
            counts.append(note("round_robin.pairs_times", n=n, times=times))
        else:
            code = {"never meet": "never", "once": "once", "twice": "twice"}[met[2]]
            counts.append(note(f"round_robin.pairs_{code}", n=n))
    return note(kind, where=where, rounds=rounds, counts=tuple(counts))


def _quality(text: str) -> Note | None:
    """A balanced seating's quality (``no pair meets twice; 0 repeat table numbers; ...``)."""
    found = re.fullmatch(
        r"(no pair meets twice|(\d+) repeat meetings? \(a pair meets at most (\d+) times\)); "
        r"(\d+) repeat table numbers?; seat gap at most (\d+); (\d+) indirect meets \(pairs "
        r"who never met but share an opponent\), (\d+) pairs neither",
        text,
    )
    if found is None:
        return None
    meets = (
        note("balanced.no_repeats")
        if found[2] is None
        else note("balanced.repeats", n=int(found[2]), most=int(found[3]))
    )
    return clauses(
        meets,
        note("balanced.table_repeats", n=int(found[4])),
        note("balanced.seat_gap", n=int(found[5])),
        note("balanced.indirect", n=int(found[6]), apart=int(found[7])),
    )


def _scheduled(found: re.Match[str]) -> Note | None:
    """``<coverage>; schedule: <source>`` (round robin) or the balanced seating's."""
    head = found[1]
    balanced = re.fullmatch(r"(\d+) players at tables of (\d+), (\d+) rounds: (.+)", head)
    if balanced is not None:
        quality = _quality(balanced[4])
        said = None
        if quality is not None:
            said = note(
                "balanced.seating",
                n=int(balanced[1]),
                sides=int(balanced[2]),
                rounds=int(balanced[3]),
                quality=quality,
            )
    else:
        said = _coverage(head)
    if said is None:
        return None
    return clauses(said, note("schedule.used", source=source_note(found[2])))


def _rotating(found: re.Match[str]) -> Note | None:
    plan = re.fullmatch(
        r"whist design for (\d+) players, round (\d+) of (\d+)(?:, cycle (\d+))?", found[1]
    )
    if plan is not None:
        source = note("rotating.whist", n=int(plan[1]), round=int(plan[2]), total=int(plan[3]))
        if plan[4]:
            source = note("rotating.cycle", source=source, cycle=int(plan[4]))
    else:
        searched = re.fullmatch(
            r"searched \((no repeat partner|(\d+) repeat partnership\(s\))\)", found[1]
        )
        if searched is None:
            return None
        source = (
            note("rotating.searched_clean")
            if searched[2] is None
            else note("rotating.searched_repeats", n=int(searched[2]))
        )
    repeats = (
        note("rotating.no_repeat_partner")
        if found[3] is None
        else note("rotating.repeat_partners", n=int(found[3]), most=int(found[4]))
    )
    so_far = note("rotating.so_far", repeats=repeats, fewest=int(found[5]), most=int(found[6]))
    return clauses(note("rotating.plan", source=source), so_far)


def _rated(found: re.Match[str]) -> Note | None:
    said = note("seed.ratings_none") if found[1] == "none" else note("seed.ratings", rated=found[1])
    if found[2] is None:
        return said
    if found[2] not in ("rating", "registration", "previous", "random", "auto"):
        return None
    return clauses(said, note(f"seed.unrated_{found[2]}", entrants=found[3]))


def _ordinal(text: str) -> Note | None:
    found = re.fullmatch(r"(\d+)(st|nd|rd|th)", text)
    return None if found is None else note(f"groups.n{found[2]}", n=int(found[1]))


def _placed(text: str) -> tuple[Value, ...] | None:
    """``"Ann (1st, 3 pts), Bo (2nd, 2½ pts)"`` as those advancing from a pool."""
    items = re.findall(r"(.+?) \((\d+(?:st|nd|rd|th)), (\S+) pts\)(?:, |$)", text)
    if ", ".join(f"{w} ({p}, {s} pts)" for w, p, s in items) != text:
        return None
    placed: list[Value] = []
    for who, place, scored in items:
        ordinal = _ordinal(place)
        if ordinal is None:
            return None
        placed.append(note("groups.placed", who=who, place=ordinal, points=points(scored)))
    return tuple(placed)


_TIE_BREAKS = {
    "match points": "groups.by_match_points",
    "opponents' average match points (Buchholz)": "groups.by_buchholz",
    "game points scored": "groups.by_scored",
    "head-to-head": "groups.by_head_to_head",
}


def _verb(text: str) -> Note | None:
    through = re.fullmatch(r"(.+) goes through", text)
    if through is not None:
        return note("groups.goes_through", who=through[1])
    placed = re.fullmatch(r"(.+) is (\d+(?:st|nd|rd|th))", text)
    if placed is not None:
        ordinal = _ordinal(placed[2])
        return None if ordinal is None else note("groups.is_placed", who=placed[1], place=ordinal)
    return None


def _pool(found: re.Match[str]) -> Note | None:
    """``pool A: ...``: who advances from pool A and why, or a note of pool A's round."""
    letter, rest = found[1], found[2]
    for pattern, code in (
        (r"(.+) would advance as it stands", "groups.would_advance"),
        (r"(.+) advance", "groups.advance"),
    ):
        advancing = re.fullmatch(pattern, rest)
        if advancing is not None:
            placed = _placed(advancing[1])
            if placed is not None:
                return note(code, letter=letter, entrants=placed)
    level = re.fullmatch(
        r"(.+) and (.+) are level on (\S+) match points(?:; (.+) on (.+?)| and every tie-break; "
        r"(.+) on seed order \(pool seed (\d+) before (\d+)\))",
        rest,
    )
    if level is not None:
        verb = _verb(level[4] or level[6])
        if verb is not None:
            words: dict[str, Value] = {
                "letter": letter,
                "first": level[1],
                "second": level[2],
                "points": points(level[3]),
                "verb": verb,
            }
            if level[5] is None:
                return Note(
                    "groups.level_seed", {**words, "seed": int(level[7]), "other": int(level[8])}
                )
            if level[5] in _TIE_BREAKS:
                return Note("groups.level", {**words, "why": note(_TIE_BREAKS[level[5]])})
    gone = re.fullmatch(r"withdrawn, not advancing: (.+)", rest)
    if gone is not None:
        return note("groups.withdrawn", letter=letter, entrants=gone[1])
    inner = upcast(rest)
    return None if inner.code == "recorded" else note("groups.pool", letter=letter, note=inner)


def _pools_formed(found: re.Match[str]) -> Note | None:
    pools = [re.fullmatch(r"pool ([A-Z]+): (.+)", part) for part in found[2].split("; ")]
    if any(p is None for p in pools):
        return None
    members = [note("groups.members", letter=p[1], entrants=p[2]) for p in pools if p is not None]
    return note("groups.pools_formed", n=int(found[1]), pools=clauses(*members))


def _budget(found: re.Match[str]) -> Note | None:
    annealed = re.fullmatch(r"([\d,]+) swaps between tables \(simulated annealing\)", found[2])
    if annealed is not None:
        swaps = note("swiss.annealed", n=number(annealed[1]))
    elif found[2] == "swaps between nearby tables":
        swaps = note("swiss.nearby_swaps")
    else:
        return None
    kinds = {"forbidden pairs": "forbidden", "repeats": "repeats", "clubmates": "clubmates"}
    left: list[Value] = []
    for part in [] if found[3] == "none" else found[3].split(", "):
        counted = re.fullmatch(r"(\d+) (forbidden pairs|repeats|clubmates)", part)
        if counted is None:
            return None
        left.append(note(f"swiss.left_{kinds[counted[2]]}", n=int(counted[1])))
    return note(
        "swiss.budget",
        candidates=number(found[1]),
        swaps=swaps,
        left=tuple(left) if left else note("swiss.left_none"),
    )


def _hill_table(found: re.Match[str]) -> Note:
    return note("swiss.hill_table", first=int(found[1]), last=int(found[2]), entrants=found[3])


def _consequence(text: str) -> Note | None:
    fixed = {
        "the winners' bracket champion wins it and is the champion; if the losers' bracket "
        "champion wins, both have lost once and the reset decides": "final_reset",
        "the winner is the champion": "champion",
    }
    if text in fixed:
        return note(f"double_elimination.{fixed[text]}")
    found = re.fullmatch(
        r"(the winner stays|the top (\d+) stay) in the (?:winners' bracket, (the loser drops|"
        r"the others drop) to the losers' bracket|losers' bracket, (the loser is out|the "
        r"others are out) \(a second loss\))",
        text,
    )
    if found is None:
        return None
    staying = (
        note("double_elimination.winner_stays")
        if found[2] is None
        else note("double_elimination.top_stay", n=int(found[2]))
    )
    if found[3]:
        dropping = "loser_drops" if found[3] == "the loser drops" else "others_drop"
        return note(
            "double_elimination.winners_next",
            staying=staying,
            dropping=note(f"double_elimination.{dropping}"),
        )
    out = "loser_out" if found[4] == "the loser is out" else "others_out"
    return note(
        "double_elimination.losers_next", staying=staying, out=note(f"double_elimination.{out}")
    )


def _round_name(text: str) -> Note | None:
    fixed = {
        "final": "elimination.final",
        "semi-finals": "elimination.semi_finals",
        "quarter-finals": "elimination.quarter_finals",
        "winners' final": "double_elimination.winners_final",
        "losers' final": "double_elimination.losers_final",
    }
    if text in fixed:
        return note(fixed[text])
    found = re.fullmatch(r"(round|winners' round|losers' round) (\d+)", text)
    if found is None:
        return None
    code = {"round": "elimination.round", "winners' round": "double_elimination.winners_round"}
    return note(code.get(found[1], "double_elimination.losers_round"), number=int(found[2]))


def _knockout_table(found: re.Match[str]) -> Note | None:
    entrants = seeded_list(found[3])
    name = _round_name(found[1])
    if entrants is None or name is None:
        return None
    return note("elimination.table", round=name, slot=int(found[2]), entrants=entrants)


def _double_table(found: re.Match[str]) -> Note | None:
    entrants = seeded_list(found[4])
    consequence = _consequence(found[5])
    if entrants is None or consequence is None:
        return None
    where = note(f"double_elimination.{BRACKETS[found[1]]}")
    if found[2] is None:
        return note(
            "double_elimination.final_table",
            bracket=where,
            entrants=entrants,
            consequence=consequence,
        )
    name = _round_name(found[2])
    if name is None:
        return None
    return note(
        "double_elimination.table",
        bracket=where,
        round=name,
        slot=int(found[3]),
        entrants=entrants,
        consequence=consequence,
    )


def _deciding(found: re.Match[str]) -> Note | None:
    settled = slot_note(found[2])
    if settled is None:
        return None
    if found[1] is None:
        return note("elimination.deciding", note=settled)
    where = note(f"double_elimination.{BRACKETS[found[1]]}")
    return note("double_elimination.deciding", bracket=where, note=settled)


def _third_place(found: re.Match[str]) -> Note | None:
    entrants = seeded_list(found[1])
    return None if entrants is None else note("elimination.third_place", entrants=entrants)


def _inner(code: str, text: str) -> Note | None:
    inner = upcast(text)
    return None if inner.code == "recorded" else note(code, note=inner)


def _withdrawn(why: Note, gone: str | None) -> Note:
    return clauses(why, note("table.withdrawn", n=int(gone))) if gone else why


_BRACKET = "(" + "|".join(re.escape(b) for b in BRACKETS) + ")"

_FIXED: dict[str, str] = {
    "no repeat: found by an exhaustive search over every seating": "swiss.exhaustive_none",
    "seated so that the next round can also be seated without a repeat: the round closest "
    "to the ranking would have left none": "swiss.lookahead",
    "king of the hill: the last round seats the field in ranking order (match points, then "
    "seed order), the leaders together, meetings before not avoided": "swiss.hill",
    "seeds moved within their tier (place in pool) to keep two of one pool apart in the "
    "knockout's first round": "groups.seeds_moved",
}

_SHAPES: tuple[tuple[str, Parse], ...] = (  # compiled when read, as `_SLOT_SHAPES`
    (
        r"(\d+) entrants do not divide into tables of (\d+): tables of ([\d, ]+)",
        lambda m: note(
            "swiss.shape",
            n=int(m[1]),
            sides=int(m[2]),
            sizes=tuple(int(s) for s in m[3].split(", ")),
        ),
    ),
    (
        r"bye: (.+), the lowest-ranked entrant without a bye so far",
        lambda m: note("swiss.bye_first", who=m[1]),
    ),
    (
        r"bye: (.+), the lowest-ranked entrant with the fewest byes \((\d+)\)",
        lambda m: note("swiss.bye_fewest", who=m[1], n=int(m[2])),
    ),
    (
        r"bye: (.+), the lowest-ranked entrant with the fewest byes",
        lambda m: note("swiss.hill_bye", who=m[1]),
    ),
    (
        r"(\d+) tables? of the same score groups exchanged opponents so that nobody sits in "
        r"one seat 3 more times than in the other",
        lambda m: note("swiss.seat_swaps", n=int(m[1])),
    ),
    (
        r"search budget ran out: a depth-first search in ranking order examined ([\d,]+) "
        r"candidates without a round free of conflicts, then (.+) left (.+): not proven "
        r"minimal",
        _budget,
    ),
    (
        r"an exhaustive search over every seating of the round proved (\d+) repeats? the "
        r"fewest possible",
        lambda m: note("swiss.exhaustive_fewest", n=int(m[1])),
    ),
    (
        r"accelerated round (\d+): the top (\d+) of the seed order pair with (\S+) virtual "
        r"points? each \(pairing only, never in the standings\)",
        lambda m: note("swiss.accelerated", round=int(m[1]), n=int(m[2]), points=points(m[3])),
    ),
    (
        r"(.+) cannot be caught but is not Gibsonized: fewer than (\d+) entrants still "
        r"contend for the top (\d+)",
        lambda m: note("swiss.not_gibsonized", who=m[1], need=int(m[2]), prizes=int(m[3])),
    ),
    (
        r"Gibsonized: (.+) cannot be caught \(leads the next by (\S+), one round gives at "
        r"most (\S+)\) and meets the lowest-ranked still contending for the top (\d+): (.+)",
        lambda m: note(
            "swiss.gibsonized",
            leader=m[1],
            lead=points(m[2]),
            most=points(m[3]),
            prizes=int(m[4]),
            rivals=m[5],
        ),
    ),
    (
        r"king of the hill: places (\d+) to (\d+) of those playing meet: (.+); meetings "
        r"before not avoided",
        _hill_table,
    ),
    (
        r"seeded by the club's ratings \(OpenSkill ordinal at pairing\): (.+?)"
        r"(?:; without a rating, by (\w+): (.+))?",
        _rated,
    ),
    (
        r"round 1 drawn by lot \(seed (\d+)\): (.+)",
        lambda m: note("lot.drawn", seed=m[1], order=m[2]),
    ),
    (r"round (\d+) paired again", lambda m: note("round.paired_again", round=int(m[1]))),
    (
        r"round (\d+) paired again: (.*)",
        lambda m: note("round.paired_again_because", round=int(m[1]), reason=m[2]),
    ),
    (
        r"swapped (.+?) and (.+?): (.*)",
        lambda m: note("draft.swapped", first=m[1], second=m[2], reason=m[3]),
    ),
    (r"(.+?); schedule: (.+)", _scheduled),
    (
        r"the rounds setting \((\d+)\) does not apply: a round robin plays its whole "
        r"schedule of (\d+) rounds",
        lambda m: note("round_robin.rounds_setting", rounds=int(m[1]), n=int(m[2])),
    ),
    (
        r"rotating partners: (.+?); so far (no one has partnered anyone twice|(\d+) repeat "
        r"partnership\(s\), at most (\d+) times one pair); each pair opposed (\d+) to (\d+) "
        r"times",
        _rotating,
    ),
    (r"(.+) sits out", lambda m: note("rotating.sits_out", who=m[1])),
    (
        r"(.+) advances on a bye in the (winners' bracket|losers' bracket)",
        lambda m: note(
            "double_elimination.bye",
            who=m[1],
            bracket=note(f"double_elimination.{BRACKETS[m[2]]}"),
        ),
    ),
    (r"(.+) advances on a bye", lambda m: note("elimination.bye", who=m[1])),
    (
        r"(.+), bracket slot (\d+): (.+); the table winner advances",
        _knockout_table,
    ),
    (
        r"third-place match: (.+); the table winner advances",
        _third_place,
    ),
    (
        _BRACKET + r"(?:, (.+?), bracket slot (\d+))?: (.+?); (the .+)",
        _double_table,
    ),
    (r"deciding match(?: \(" + _BRACKET + r"\))?: (.+)", _deciding),
    (r"knockout: (.+)", lambda m: _inner("groups.knockout", m[1])),
    (r"(\d+) pools by snake seeding over the seed order: (.+)", _pools_formed),
    (r"pool ([A-Z]+): (.+)", _pool),
    (r"knockout seeds: (.+)", lambda m: note("groups.knockout_seeds", seeds=m[1])),
    (
        r"two of one pool could not be kept apart in the knockout's first round \((\d+) "
        r"such pairs?\): the seed order with the fewest",
        lambda m: note("groups.not_apart", n=int(m[1])),
    ),
    (
        r"round (\d+) of (\d+) of the round robin \((.+?)\): (.+?)(?:; (\d+) withdrawn)?",
        lambda m: _withdrawn(
            note(
                "round_robin.table",
                round=int(m[1]),
                total=int(m[2]),
                source=source_note(m[3]),
                entrants=m[4],
            ),
            m[5],
        ),
    ),
    (
        r"round (\d+) of (\d+) of the balanced seating: (.+?)(?:; (\d+) withdrawn)?",
        lambda m: _withdrawn(
            note("balanced.table", round=int(m[1]), total=int(m[2]), entrants=m[3]), m[4]
        ),
    ),
    (
        r"([^&]+) & ([^&]+) against ([^&]+) & ([^&]+)",
        lambda m: note("rotating.table", first=m[1], third=m[2], second=m[3], fourth=m[4]),
    ),
)


def upcast(text: str) -> Note:
    """An old note or why (English) as its code and values; one of a shape it does not
    know, as the text it was (`recorded`)."""
    if text in _FIXED:
        return note(_FIXED[text])
    for pattern, made in _SHAPES:
        found = re.fullmatch(pattern, text)
        if found is not None:
            said = made(found)
            if said is not None:
                return said
    said = slot_note(text) or swiss_why(text)
    return said if said is not None else recorded(text)
