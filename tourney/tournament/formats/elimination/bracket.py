"""Single elimination: a seeded bracket, table winners advance.

Two layouts, both in as few rounds as the field allows (ceil(log_k n) at tables of k):

* *Full tables* (tables of 3 or 4, the layout for every new knockout): each round is split
  as `seating.table_sizes` splits any field -- 11 at tables of 4 play 4, 4, 3, then a
  final of 3 -- so no table is emptier than it must be and nobody needs a bye. Seeds are
  dealt to the tables in a snake (1, 2, 3 down, then back up), the top seeds at the
  smallest tables; each later round deals the tables of the round before to its tables
  the same way, ranked by their top seed, so the top seeds meet as late as possible.
* *Places* (tables of 2, and knockouts whose round 1 was paired by it): `sides ** k`
  places filled by the snake seeding below (1 v 8, 4 v 5, 2 v 7, 3 v 6 for 2 sides); the
  places past the field are byes, and since byes sit opposite the top seeds, the top
  seeds get them. A table with one entrant advances it without play.

Who advances from a match: the sole winner; after a shared win, the winner with the
higher final score; when the shared winners' scores are equal too, nobody yet -- the slot
says ``deciding_match_needed`` and names the tied entrants, who play a deciding match
(recorded like any other), resolved the same way. A result the director sets on the
match itself (an adjudication) settles the slot whatever its deciding matches say.

Third place (2-sided brackets only): the two semi-final losers play a match of its own.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, cast

from tourney.i18n import page_mark
from tourney.tournament.matches import Outcome
from tourney.tournament.notes.notes import Note, Value, Who, clauses, note
from tourney.tournament.seating.seating import table_sizes

SHARED_WIN_RULE = page_mark(
    "in a knockout a shared win goes to the shared winner with the higher final score; "
    "only equal scores play a deciding match"
)
"""The knockout's rule for a shared win, stated wherever it is applied."""

SlotStatus = Literal[
    "waiting", "bye", "empty", "to_play", "in_play", "deciding_match_needed", "decided"
]


@dataclass(frozen=True)
class Play:
    """One match played for a slot: its id, entrants by side, and its outcome if known."""

    match_id: str
    sides: tuple[str, ...]
    outcome: Outcome | None = None
    replaced: bool = False
    """The outcome is the director's, set over play recorded at the table."""


@dataclass(frozen=True)
class Layout:
    """Where everyone starts and how the tables feed each other.

    `first[t]` lists the seeds (1-based) at round 1's table t, None for a place past the
    field; `feeds[r][t]` lists the tables of round r + 1 whose winners meet at table t of
    round r + 2.
    """

    first: tuple[tuple[int | None, ...], ...]
    feeds: tuple[tuple[tuple[int, ...], ...], ...]

    @property
    def rounds(self) -> int:
        return len(self.feeds) + 1 if self.first else 0


@dataclass(frozen=True)
class Slot:
    """One table of a bracket round. `entrants` holds None for a bye place (or, while
    `waiting`, a place whose entrant is not known yet). `shown` is the play whose scores
    the slot shows: the one that settled it, else the latest with a result."""

    index: int
    entrants: tuple[str | None, ...]
    status: SlotStatus
    plays: tuple[Play, ...] = ()
    winner: str | None = None
    tied: tuple[str, ...] = ()
    note: Note | None = None
    shown: Play | None = None

    @property
    def present(self) -> tuple[str, ...]:
        return tuple(e for e in self.entrants if e is not None)


@dataclass(frozen=True)
class BracketRound:
    number: int
    name: str
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class Bracket:
    """Rounds -> slots -> entrants, byes and winners: everything a report draws."""

    sides: int
    rounds: tuple[BracketRound, ...]
    third_place: Slot | None = None
    feeds: tuple[tuple[tuple[int, ...], ...], ...] = ()
    """As in `Layout`: which tables of each round feed each table of the next."""

    @property
    def champion(self) -> str | None:
        return self.rounds[-1].slots[0].winner if self.rounds else None


def round_count(field: int, sides: int) -> int:
    """How many rounds a bracket for `field` entrants at `sides`-sided tables needs."""
    rounds, places = 0, 1
    while places < field:
        places *= sides
        rounds += 1
    return rounds


def seed_order(places: int, sides: int) -> list[int]:
    """Seeds (1-based) in bracket order; consecutive runs of `sides` share a table.

    Each round of expansion replaces seed s among k places by the snake
    s, 2k+1-s, 2k+s, 4k+1-s, ... so every table holds one seed from each band.
    """
    order = [1]
    k = 1
    while k < places:
        expanded: list[int] = []
        for s in order:
            for band in range(sides):
                expanded.append(band * k + s if band % 2 == 0 else (band + 1) * k + 1 - s)
        order = expanded
        k *= sides
    return order


def places_layout(field: int, sides: int) -> Layout:
    """`sides ** k` places in snake-seeding order; consecutive runs of `sides` share a
    table, and a table of round r + 1 takes the winners of `sides` consecutive tables."""
    total = round_count(field, sides)
    if total == 0:
        return Layout((), ())
    order = seed_order(sides**total, sides)
    first = tuple(
        tuple(s if s <= field else None for s in order[i : i + sides])
        for i in range(0, len(order), sides)
    )
    feeds = []
    tables = len(first)
    for _ in range(total - 1):
        feeds.append(
            tuple(tuple(range(t * sides, (t + 1) * sides)) for t in range(tables // sides))
        )
        tables //= sides
    return Layout(first, tuple(feeds))


def _deal(count: int, sides: int) -> tuple[tuple[int, ...], ...]:
    """`count` ranked items (0 best) dealt to `table_sizes(count, sides)` tables in a
    snake, the smallest tables to the best: table t holds items t, 2T-1-t, 2T+t, ..."""
    sizes, _ = table_sizes(count, sides)
    capacity = sorted(sizes)  # the best item's table is the smallest
    tables: list[list[int]] = [[] for _ in capacity]
    item = 0
    forward = True
    while item < count:
        order = range(len(tables)) if forward else range(len(tables) - 1, -1, -1)
        for t in order:
            if item < count and len(tables[t]) < capacity[t]:
                tables[t].append(item)
                item += 1
        forward = not forward
    return tuple(tuple(t) for t in tables)


deal = _deal
"""`count` ranked items dealt to tables in a snake (public: double elimination deals each
round's players so)."""


def full_tables_layout(field: int, sides: int) -> Layout:
    """Every round split as `seating.table_sizes` splits it (no byes at tables of 3 or 4)."""
    if field < 2:
        return places_layout(field, sides)
    first = tuple(tuple(i + 1 for i in table) for table in _deal(field, sides))
    feeds = []
    tables = len(first)
    while tables > 1:
        feeds.append(_deal(tables, sides))
        tables = len(feeds[-1])
    return Layout(first, tuple(feeds))


def layout_for(field: int, sides: int) -> Layout:
    """The layout of a new knockout: places at tables of 2, full tables at 3 or 4."""
    return places_layout(field, sides) if sides == 2 else full_tables_layout(field, sides)


def _round_name(number: int, total: int, sides: int) -> str:
    """The round's name in the current language (``"final"``, ``"semi-finals"``...)."""
    from tourney.tournament.notes.note_words import page_note

    return page_note(round_note(number, total, sides), str)


def round_note(number: int, total: int, sides: int) -> Note:
    """The round's name as a note (``final``, ``semi-finals``...): what a table's why says."""
    left = total - number
    if left == 0:
        return note("elimination.final")
    if sides == 2 and left == 1:
        return note("elimination.semi_finals")
    if sides == 2 and left == 2:
        return note("elimination.quarter_finals")
    return note("elimination.round", number=number)


def and_list(entrants: Sequence[str]) -> Value:
    """``"Ann and Bo"``, ``"Ann and Bo and Cy"``: entrants together, as a note's value."""
    return functools.reduce(
        lambda first, second: note("and", first=first, second=second),
        [cast(Value, Who(e)) for e in entrants],
    )


_MATCH_ID = re.compile(r"-r\d+-t(\d+)(?:-p\d+)?(?:-d(\d+))?$")


def deciding_match_id(decides: str, number: int) -> str:
    """The id of the `number`th deciding match of the table whose match is `decides`
    (``cup-r2-t1-d1``): what `match_words` reads back."""
    return f"{decides}-d{number}"


def match_words(match_id: str) -> Value:
    """How a bracket's note names a match to players: its table's code (``T2``), or ``T2,
    deciding match 1`` — never the match id (``cup-r2-t2-d1``), an internal name."""
    found = _MATCH_ID.search(match_id)
    if found is None:
        return match_id
    table, deciding = found.groups()
    if deciding is None:
        return note("elimination.match", table=int(table))
    return note("elimination.deciding_match", table=int(table), n=int(deciding))


def voided_note(match_id: str) -> Note:
    """``"T1 was voided: replay needed"``."""
    return note("elimination.voided", match=match_words(match_id))


def with_source(said: Note, outcome: Outcome | None, replaced: bool = False) -> Note:
    """`said`, with the result's source when it is not the table's own record
    (``"(paper scoresheet)"``, ``"(result replaced by the director: adjudicated)"``)."""
    if outcome is None or not outcome.source:
        return said
    source = note(f"result.{outcome.kind}")
    if replaced:
        return note("elimination.replaced", won=said, source=source)
    return note("elimination.with_source", won=said, source=source)


def won_note(winner: str, play: Play) -> Note:
    """``"Ann won T1"``, with the result's source (`with_source`)."""
    won = note("elimination.won", who=Who(winner), match=match_words(play.match_id))
    return with_source(won, play.outcome, play.replaced)


def resolve(
    plays: Sequence[Play], entrants: tuple[str, ...]
) -> tuple[SlotStatus, str | None, tuple[str, ...], Note | None, Play | None]:
    """Settle a slot from its plays: (status, winner, entrants still tied, note, the play
    whose scores to show)."""
    if not plays:
        return "to_play", None, (), None, None
    contenders = entrants
    said: Note | None = None
    shown: Play | None = None
    for play in plays:
        if play.outcome is None:
            return "in_play", None, (), said, shown
        outcome = play.outcome
        shown = play
        if not outcome.counts:
            contenders = play.sides
            said = voided_note(play.match_id)
            continue
        winners = [play.sides[s] for s in outcome.winners]
        if len(winners) == 1:
            won = won_note(winners[0], play)
            return "decided", winners[0], (), clauses(said, won) if said else won, play
        best = max(outcome.scores[s] for s in outcome.winners)
        top = [play.sides[s] for s in outcome.winners if outcome.scores[s] == best]
        shared = and_list(winners)
        if len(top) == 1:
            others = sorted(
                (outcome.scores[s] for s in outcome.winners if outcome.scores[s] != best),
                reverse=True,
            )
            return (
                "decided",
                top[0],
                (),
                note(
                    "elimination.shared_higher",
                    names=shared,
                    match=match_words(play.match_id),
                    who=Who(top[0]),
                    best=best,
                    others=tuple(others),
                    rule=note("elimination.rule"),
                ),
                play,
            )
        contenders = tuple(top)
        said = note(
            "elimination.shared_equal",
            names=shared,
            match=match_words(play.match_id),
            best=best,
            rule=note("elimination.rule"),
        )
    return "deciding_match_needed", None, contenders, said, shown


def build_bracket(
    seeded: Sequence[str],
    sides: int,
    plays: Mapping[tuple[int, int], Sequence[Play]],
    *,
    third_place: bool = False,
    layout: Layout | None = None,
) -> Bracket:
    """The bracket of `seeded` (best first) as far as `plays` take it.

    `layout` defaults to `layout_for` the field. `plays[(round, slot)]` lists a slot's
    match and then its deciding matches, in order; the third-place match is slot index 1
    of the final round.
    """
    layout = layout or layout_for(len(seeded), sides)
    total = layout.rounds
    if total == 0:
        return Bracket(sides=sides, rounds=())
    rounds: list[BracketRound] = []
    losers_of_semis: list[str | None] = []
    winners: list[str | None] = []
    pending: list[bool] = []
    for number in range(1, total + 1):
        if number == 1:
            groups = [
                (tuple(None if s is None else seeded[s - 1] for s in table), False)
                for table in layout.first
            ]
        else:
            groups = [
                (tuple(winners[i] for i in feeders), any(pending[i] for i in feeders))
                for feeders in layout.feeds[number - 2]
            ]
        slots: list[Slot] = []
        for index, (entrants, waiting) in enumerate(groups):
            slot = _slot(index, entrants, waiting, plays.get((number, index), ()))
            slots.append(slot)
            if number == total - 1 and sides == 2:
                losers_of_semis.append(_loser(slot))
        rounds.append(BracketRound(number, _round_name(number, total, sides), tuple(slots)))
        winners = [slot.winner for slot in slots]
        pending = [slot.status not in ("decided", "bye", "empty") for slot in slots]
    third: Slot | None = None
    if third_place and sides == 2 and total >= 2:
        semis = rounds[total - 2].slots
        unknown = any(slot.status not in ("decided", "bye", "empty") for slot in semis)
        third = _slot(1, tuple(losers_of_semis), unknown, plays.get((total, 1), ()))
    return Bracket(sides=sides, rounds=tuple(rounds), third_place=third, feeds=layout.feeds)


def _loser(slot: Slot) -> str | None:
    if slot.winner is None or slot.status != "decided" or len(slot.present) < 2:
        return None
    return next(e for e in slot.present if e != slot.winner)


def _slot(
    index: int, entrants: tuple[str | None, ...], waiting: bool, plays: Sequence[Play]
) -> Slot:
    """A slot from its entrants (None: a bye place, or a place still `waiting` on a match)."""
    present = tuple(e for e in entrants if e is not None)
    if waiting:
        return Slot(index, entrants, "waiting")
    if not present:
        return Slot(index, entrants, "empty")
    if len(present) == 1:
        return Slot(
            index,
            entrants,
            "bye",
            winner=present[0],
            note=note("elimination.has_bye", who=Who(present[0])),
        )
    status, winner, tied, said, shown = resolve(plays, present)
    return Slot(index, entrants, status, tuple(plays), winner, tied, said, shown)
