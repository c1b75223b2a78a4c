"""Swiss options: accelerated pairing (Baku acceleration) and a king-of-the-hill last
round, with Gibsonization. Each rule is stated exactly in docs/formats/swiss-options.md;
the numbers here are the ones it names.

* **Acceleration.** In the first `accelerated_rounds` rounds, group A -- the first
  ``k * ceil(N / (2k))`` entrants of round 1's seed order (N active entrants, k sides a
  table; at k = 2 that is FIDE's ``2 * ceil(N / 4)``) -- get virtual points, added to their
  match points for pairing only: a win's value in the first ``ceil(A / 2)`` accelerated
  rounds, half of it in the rest. Never in the standings.
* **King of the hill.** The last round seats the active entrants in the order every
  Swiss round ranks them (match points, then seed order), tables filled from the top
  (ranks 1..k at table 1), meetings before ignored.
* **Gibsonization.** A leader who cannot be caught (ahead of the next entrant by more than
  one round can give) plays the lowest-ranked entrants who can still reach a prize place.

Pure: the caller (`pairing`) passes the ranking, points and byes it reads from the state.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import pairwise

from tourney.i18n import _, ngettext
from tourney.tournament.events import TournamentCreated, TournamentEvent
from tourney.tournament.matches import placement_scale, points_text
from tourney.tournament.notes.notes import Note, Who, note
from tourney.tournament.seating.seating import table_sizes
from tourney.tournament.state import TournamentError

LAST_ROUNDS: tuple[str, ...] = ("swiss", "king_of_the_hill")
DEFAULT_PRIZES = 3
"""`--gibson` without `--prizes`: the podium. (With one prize and its winner clinched, no
one would contend, and Gibsonization would never apply.)"""
"""How a Swiss's last round is paired (`--last-round`; `king-of-the-hill` is read too)."""


def default_accelerated_rounds(rounds: int) -> int:
    """`--accelerated` without a count: the first half of the rounds, rounded up."""
    return math.ceil(rounds / 2)


def with_swiss_options(
    events: Sequence[TournamentEvent],
    *,
    accelerated: bool = False,
    accelerated_rounds: int | None = None,
    last_round: str = "swiss",
    gibson: bool = False,
    prizes: int | None = None,
) -> list[TournamentEvent]:
    """`decide_create`'s events with the Swiss options set on its `TournamentCreated`,
    each checked: refused with one line when it does not apply."""
    created = next(e for e in events if isinstance(e, TournamentCreated))
    where = repr(created.name)
    last = last_round.replace("-", "_")
    swiss = created.format == "swiss"
    if last not in LAST_ROUNDS:
        raise TournamentError(
            _(
                "unknown --last-round {last_round!r} for {where}: choose swiss or king-of-the-hill"
            ).format(last_round=last_round, where=where)
        )
    asked = [
        name
        for name, given in (
            ("--accelerated", accelerated or accelerated_rounds is not None),
            ("--last-round king-of-the-hill", last != "swiss"),
            ("--gibson", gibson),
        )
        if given
    ]
    if asked and not swiss:
        raise TournamentError(
            _("{option} for {where}: a Swiss option, and its format is {format}").format(
                option=asked[0], where=where, format=created.format.replace("_", " ")
            )
        )
    count = 0
    if accelerated_rounds is not None:
        if not 1 <= accelerated_rounds <= created.rounds:
            raise TournamentError(
                ngettext(
                    "--accelerated-rounds {value} for {where}: 1 to the {count} round",
                    "--accelerated-rounds {value} for {where}: 1 to the {count} rounds",
                    created.rounds,
                ).format(value=accelerated_rounds, where=where, count=created.rounds)
            )
        count = accelerated_rounds
    elif accelerated:
        count = default_accelerated_rounds(created.rounds)
    if gibson and last != "king_of_the_hill":
        raise TournamentError(
            _(
                "--gibson for {where}: Gibsonization pairs a king-of-the-hill last round "
                "(add --last-round king-of-the-hill)"
            ).format(where=where)
        )
    if prizes is not None and not 1 <= prizes <= 10_000:
        raise TournamentError(
            _("--prizes {prizes} for {where}: 1 to 10000 places").format(prizes=prizes, where=where)
        )
    updated = replace(
        created,
        accelerated_rounds=count,
        last_round=last,
        gibson=gibson,
        prizes=prizes if prizes is not None else (DEFAULT_PRIZES if gibson else 1),
    )
    return [updated if e is created else e for e in events]


def options_text(settings: TournamentCreated) -> str | None:
    """The Swiss options set, in one line (None: none)."""
    parts: list[str] = []
    count = settings.accelerated_rounds
    if count:
        full = math.ceil(count / 2)
        value = win_value(settings)
        rest = (
            _(", {points} in {rounds}").format(
                points=points_text(value / 2), rounds=_rounds(full + 1, count)
            )
            if count > full
            else ""
        )
        accelerated = (
            _(
                "accelerated: the top of the seed order pairs with {points} virtual point in "
                "{rounds}{rest}"
            )
            if value == 1
            else _(
                "accelerated: the top of the seed order pairs with {points} virtual points in "
                "{rounds}{rest}"
            )
        )
        parts.append(
            accelerated.format(points=points_text(value), rounds=_rounds(1, full), rest=rest)
        )
    if settings.last_round == "king_of_the_hill":
        gibson = (
            _(", Gibsonized (prizes: the top {prizes})").format(prizes=settings.prizes)
            if settings.gibson
            else ""
        )
        parts.append(_("last round: king of the hill{gibson}").format(gibson=gibson))
    return "; ".join(parts) or None


def _rounds(first: int, last: int) -> str:
    if first == last:
        return _("round {number}").format(number=first)
    return _("rounds {first}-{last}").format(first=first, last=last)


@dataclass(frozen=True)
class SwissOptions:
    """The Swiss options as `tournament create` takes them, set on a new tournament by
    `create` (`decide_create`, then `with_swiss_options`)."""

    accelerated: bool = False
    accelerated_rounds: int | None = None
    last_round: str = "swiss"
    gibson: bool = False
    prizes: int | None = None

    @classmethod
    def of(cls, last: TournamentCreated) -> SwissOptions:
        """The options `last` was created with (`series next`: the last night's)."""
        return cls(
            accelerated_rounds=last.accelerated_rounds or None,
            last_round=last.last_round,
            gibson=last.gibson,
            prizes=last.prizes if last.gibson else None,
        )

    def applied(self, created: list[TournamentEvent]) -> list[TournamentEvent]:
        """`decide_create`'s events with these options, each checked:
        ``options.applied(decide_create(state, name, ...))``."""
        return with_swiss_options(
            created,
            accelerated=self.accelerated,
            accelerated_rounds=self.accelerated_rounds,
            last_round=self.last_round,
            gibson=self.gibson,
            prizes=self.prizes,
        )


# -- acceleration ----------------------------------------------------------------------


def win_value(settings: TournamentCreated) -> Fraction:
    """The match points of a sole win at a full table: 1, or the first value of the full
    table's placement scale."""
    if settings.placement_points:
        return placement_scale(settings.sides_per_table, settings.placement_points)[0]
    return Fraction(1)


def round_most(settings: TournamentCreated) -> Fraction:
    """The most match points one round can give an entrant: a sole win at any table (the
    highest first place of the placement scales), or a bye, whichever is more."""
    if settings.placement_points:
        best = max(scale[0] for scale in settings.placement_points)
    else:
        best = Fraction(1)
    return max(best, settings.bye_points)


def group_a_size(entrants: int, sides: int) -> int:
    """How many of the seed order get virtual points: ``sides * ceil(entrants / (2 *
    sides))`` (FIDE's ``2 * ceil(N / 4)`` at tables of 2), at most everyone."""
    return min(entrants, sides * math.ceil(entrants / (2 * sides)))


def virtual_points(settings: TournamentCreated, number: int) -> Fraction:
    """Group A's virtual points in round `number`: a win's value in the first
    ``ceil(A / 2)`` of the A accelerated rounds, half of it in the others, 0 after them
    (and in a king-of-the-hill last round)."""
    accelerated = settings.accelerated_rounds
    if not 1 <= number <= accelerated or is_king_of_the_hill(settings, number):
        return Fraction(0)
    value = win_value(settings)
    return value if number <= math.ceil(accelerated / 2) else value / 2


def is_king_of_the_hill(settings: TournamentCreated, number: int) -> bool:
    return (
        settings.format == "swiss"
        and settings.last_round == "king_of_the_hill"
        and number == settings.rounds
    )


def acceleration_note(group: Sequence[str], value: Fraction, number: int) -> Note:
    return note("swiss.accelerated", round=number, n=len(group), points=value)


# -- king of the hill and Gibsonization ------------------------------------------------


@dataclass(frozen=True)
class HillPairing:
    """A king-of-the-hill round: tables (sides in rank order, why), byes, notes."""

    tables: tuple[tuple[tuple[str, ...], Note], ...]
    byes: tuple[str, ...]
    notes: tuple[Note, ...]


def king_of_the_hill(
    order: Sequence[str],
    points: Mapping[str, Fraction],
    byes_had: Mapping[str, int],
    *,
    sides: int,
    most: Fraction,
    gibson: bool = False,
    prizes: int = 1,
) -> HillPairing:
    """Pair the last round king of the hill: `order` is the active entrants ranked (match
    points, then seed order; best first), `points` their match points, `byes_had` their
    byes so far, `most` the most match points one round gives (`round_most`)."""

    def label(entrant: str) -> Note:
        return note("swiss.scored", who=Who(entrant), score=points[entrant])

    sizes, bye_count = table_sizes(len(order), sides)
    by_need = sorted(range(len(order)), key=lambda i: (byes_had.get(order[i], 0), -i))
    bye_set = {order[i] for i in by_need[:bye_count]}
    byes = tuple(e for e in order if e in bye_set)
    playing = [e for e in order if e not in bye_set]
    notes: list[Note] = [note("swiss.hill")]
    notes += [note("swiss.hill_bye", who=Who(e)) for e in byes]
    tables: list[tuple[tuple[str, ...], Note]] = []
    seated: set[str] = set()
    left = list(sizes)
    if gibson:
        for leader, lead in _clinched(order, points, most):
            contenders = _contenders(order, points, most, prizes)
            open_ = [e for e in reversed(playing) if e in contenders and e not in seated]
            if leader not in playing or not left:
                continue
            need = left[0] - 1
            if len(open_) < need:
                notes.append(
                    note("swiss.not_gibsonized", who=Who(leader), need=need, prizes=prizes)
                )
                continue
            rivals = sorted(open_[:need], key=playing.index)
            members = (leader, *rivals)
            seated.update(members)
            left.pop(0)
            tables.append(
                (
                    members,
                    note(
                        "swiss.gibsonized",
                        leader=label(leader),
                        lead=lead,
                        most=most,
                        prizes=prizes,
                        rivals=tuple(label(r) for r in rivals),
                    ),
                )
            )
    rest = [e for e in playing if e not in seated]
    start = 0
    for size in left:
        members = tuple(rest[start : start + size])
        first = playing.index(members[0]) + 1
        last = playing.index(members[-1]) + 1
        tables.append(
            (
                members,
                note(
                    "swiss.hill_table",
                    first=first,
                    last=last,
                    entrants=tuple(label(m) for m in members),
                ),
            )
        )
        start += size
    return HillPairing(tuple(tables), byes, tuple(notes))


def _clinched(
    order: Sequence[str], points: Mapping[str, Fraction], most: Fraction
) -> list[tuple[str, Fraction]]:
    """The leaders who cannot be caught, best first, each with their lead: ranks 1, 2, ...
    as long as each is ahead of the next by more than `most`."""
    found: list[tuple[str, Fraction]] = []
    for above, below in pairwise(order):
        lead = points[above] - points[below]
        if lead <= most:
            break
        found.append((above, lead))
    return found


def _contenders(
    order: Sequence[str],
    points: Mapping[str, Fraction],
    most: Fraction,
    prizes: int,
) -> set[str]:
    """The entrants who can still reach a prize place: not clinched, and their points plus
    `most` at least those of the entrant now placed `prizes`-th."""
    clinched = {e for e, _ in _clinched(order, points, most)}
    if len(order) <= prizes:
        return {e for e in order if e not in clinched}
    threshold = points[order[prizes - 1]]
    return {e for e in order if e not in clinched and points[e] + most >= threshold}
