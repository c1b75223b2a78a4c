"""Single elimination: seeded bracket, byes for top seeds, table winners advance.

A bracket for `sides` entrants a table has `sides ** k` places, k the fewest rounds that
hold the field. Places are filled by the snake seeding below (1 v 8, 4 v 5, 2 v 7, 3 v 6
for 2 sides) so the top seeds meet as late as possible; the places past the field are
byes, and since byes sit opposite the top seeds, the top seeds get them. A table with one
entrant advances it without play; with two or more it is a match.

Who advances from a match: the sole winner; after a shared win, the winner with the
higher final score; when the shared winners' scores are equal too, nobody yet -- the slot
says ``deciding_match_needed`` and names the tied entrants, who play a deciding match
(recorded like any other), resolved the same way.

Third place (2-sided brackets only): the two semi-final losers play a match of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from tourney.tournament.matches import Outcome

SlotStatus = Literal[
    "waiting", "bye", "empty", "to_play", "in_play", "deciding_match_needed", "decided"
]


@dataclass(frozen=True)
class Play:
    """One match played for a slot: its id, entrants by side, and its outcome if known."""

    match_id: str
    sides: tuple[str, ...]
    outcome: Outcome | None = None


@dataclass(frozen=True)
class Slot:
    """One table of a bracket round. `entrants` holds None for a bye place."""

    index: int
    entrants: tuple[str | None, ...]
    status: SlotStatus
    plays: tuple[Play, ...] = ()
    winner: str | None = None
    tied: tuple[str, ...] = ()
    note: str = ""

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


def _round_name(number: int, total: int, sides: int) -> str:
    left = total - number
    if left == 0:
        return "final"
    if sides == 2 and left == 1:
        return "semi-finals"
    if sides == 2 and left == 2:
        return "quarter-finals"
    return f"round {number}"


def resolve(
    plays: Sequence[Play], entrants: tuple[str, ...]
) -> tuple[SlotStatus, str | None, tuple[str, ...], str]:
    """Settle a slot from its plays: (status, winner, entrants still tied, note)."""
    if not plays:
        return "to_play", None, (), ""
    contenders = entrants
    note = ""
    for play in plays:
        if play.outcome is None:
            return "in_play", None, (), note
        outcome = play.outcome
        if not outcome.counts:
            contenders = play.sides
            note = f"{play.match_id} was voided: replay needed"
            continue
        winners = [play.sides[s] for s in outcome.winners]
        if len(winners) == 1:
            won = f"{winners[0]} won {play.match_id}"
            return "decided", winners[0], (), f"{note}; {won}" if note else won
        best = max(outcome.scores[s] for s in outcome.winners)
        top = [play.sides[s] for s in outcome.winners if outcome.scores[s] == best]
        if len(top) == 1:
            return (
                "decided",
                top[0],
                (),
                f"shared win in {play.match_id} broken by the higher final score ({best})",
            )
        contenders = tuple(top)
        note = f"shared win in {play.match_id} with equal scores ({best}): deciding match"
    return "deciding_match_needed", None, contenders, note


def build_bracket(
    seeded: Sequence[str],
    sides: int,
    plays: Mapping[tuple[int, int], Sequence[Play]],
    *,
    third_place: bool = False,
) -> Bracket:
    """The bracket of `seeded` (best first) as far as `plays` take it.

    `plays[(round, slot)]` lists a slot's match and then its deciding matches, in order;
    the third-place match is slot index 1 of the final round.
    """
    total = round_count(len(seeded), sides)
    if total == 0:
        return Bracket(sides=sides, rounds=())
    places = sides**total
    order = seed_order(places, sides)
    current: list[str | None] = [seeded[s - 1] if s <= len(seeded) else None for s in order]
    pending = [False] * places
    rounds: list[BracketRound] = []
    losers_of_semis: list[str | None] = []
    for number in range(1, total + 1):
        slots: list[Slot] = []
        advancing: list[str | None] = []
        still: list[bool] = []
        for index in range(len(current) // sides):
            band = slice(index * sides, (index + 1) * sides)
            slot = _slot(
                index, tuple(current[band]), any(pending[band]), plays.get((number, index), ())
            )
            slots.append(slot)
            advancing.append(slot.winner)
            still.append(slot.status not in ("decided", "bye", "empty"))
            if number == total - 1 and sides == 2:
                losers_of_semis.append(_loser(slot))
        rounds.append(BracketRound(number, _round_name(number, total, sides), tuple(slots)))
        current, pending = advancing, still
    third: Slot | None = None
    if third_place and sides == 2 and total >= 2:
        semis = rounds[total - 2].slots
        unknown = any(slot.status not in ("decided", "bye", "empty") for slot in semis)
        third = _slot(1, tuple(losers_of_semis), unknown, plays.get((total, 1), ()))
    return Bracket(sides=sides, rounds=tuple(rounds), third_place=third)


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
        return Slot(index, entrants, "bye", winner=present[0], note=f"{present[0]} has a bye")
    status, winner, tied, note = resolve(plays, present)
    return Slot(index, entrants, status, tuple(plays), winner, tied, note)
