"""Where a fixed schedule came from, as a note: the schedules tourney ships
(`formats/round_robin/schedules.json`, `formats/balanced/schedules.json`) and the searches
name their source in English words (the record keeps them: `ScheduleFixed.source`); a
round's note says it in the reader's words by reading those words back into a code and its
values (`source_note`). A source of a shape not listed here is kept as recorded."""

from __future__ import annotations

import re
from collections.abc import Callable

from tourney.tournament.notes.notes import Note, note, recorded

_FIXED: dict[str, str] = {
    "circle method": "schedule.circle",
    "precomputed by search": "schedule.precomputed",
    "found by search at pairing time": "schedule.found",
    "crossing schedule of two tables": "schedule.crossing",
    "earlier rounds completed by search": "schedule.continued",
    "no pairs to seat": "schedule.no_pairs",
    "published social golfer schedule": "schedule.social_golfer",
    "Kirkman's schoolgirl schedule": "schedule.schoolgirl",
    "affine plane of order 4 (resolvable, Social Golfer 4-4-5)": "schedule.affine_golfer",
    "affine plane of order 3 (Kirkman's 9 schoolgirls)": "schedule.affine_schoolgirls",
}

# Patterns, compiled (and cached by `re`) when an old source is read, not at import.
_SHAPES: tuple[tuple[str, Callable[[re.Match[str]], Note]], ...] = (
    (
        r"(.+), one place left out",
        lambda m: note("schedule.one_left_out", source=source_note(m[1])),
    ),
    (
        r"Kirkman triple system of order (\d+)",
        lambda m: note("schedule.kirkman", n=int(m[1])),
    ),
    (r"affine plane of order (\d+)", lambda m: note("schedule.affine", n=int(m[1]))),
    (
        r"resolvable design of (\d+) at tables of (\d+)",
        lambda m: note("schedule.resolvable", n=int(m[1]), sides=int(m[2])),
    ),
    (
        r"published schedule for (\d+) at tables of (\d+)",
        lambda m: note("schedule.published", n=int(m[1]), sides=int(m[2])),
    ),
    (
        r"first (\d+) rounds of the round-robin schedule \((.+)\)",
        lambda m: note("schedule.first_of_round_robin", n=int(m[1]), source=source_note(m[2])),
    ),
    (
        r"first (\d+) rounds of (.+)",
        lambda m: note("schedule.first_rounds", n=int(m[1]), source=source_note(m[2])),
    ),
    (
        r"search \(seed (\d+), (\d+) annealing moves\)",
        lambda m: note("schedule.search", seed=m[1], n=int(m[2])),
    ),
    (
        r"Social Golfer (\S+) \((\d+) players, (\d+) rounds, no pair twice\): "
        r"found by (\S+), seed (\d+)",
        lambda m: note(
            "schedule.golfer",
            design=m[1],
            n=int(m[2]),
            rounds=int(m[3]),
            tool=m[4],
            seed=m[5],
        ),
    ),
)


def source_note(source: str) -> Note:
    """A schedule's source (its English words, as recorded) as a note."""
    if source in _FIXED:
        return note(_FIXED[source])
    for pattern, made in _SHAPES:
        found = re.fullmatch(pattern, source)
        if found is not None:
            return made(found)
    return recorded(source)
