"""Prizes: what each place wins, and what a player standing there takes home.

``tournament create --prizes 50,30,20`` pays the top three places 50, 30 and 20 percent of
the entry fees paid (the door's `FeeMarked` ticks, at the entry fee then in force);
``--prizes 20,10,5 --fixed`` pays those amounts. The number of places is also the prize
places Gibsonization counts (`TournamentCreated.prizes`): one option, one meaning.

Shared places share their prizes: players level after every tie-break (the standings'
``3=``) who cover places 3 to 5 split the prizes of places 3, 4 and 5 equally. Every amount
is a `Decimal` rounded down to the cent, so the prizes never add up to more than the pot;
what the rounding leaves (a cent or two) stays with the club.

Pure: `with_prizes` checks the option once, when the tournament is created; `prizes_of`
reads a tournament state and its ranks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import ROUND_DOWN, Decimal
from itertools import pairwise
from typing import Protocol

from tourney import limits
from tourney.errors import quote
from tourney.i18n import _
from tourney.tournament.events import TournamentCreated, TournamentEvent
from tourney.tournament.state import TournamentError, TournamentState

CENT = Decimal("0.01")


class Ranked(Protocol):
    """What a prize needs of a standings row."""

    @property
    def rank(self) -> int: ...

    @property
    def entrant_id(self) -> str: ...


def parse_prizes(text: str, fixed: bool, where: str) -> tuple[Decimal, ...]:
    """``"50,30,20"`` as each place's prize, first place first: percentages adding up to
    100 at most, or with `fixed` amounts; none above the place before it."""
    what = _("prize") if fixed else _("prize percentage")
    values = tuple(limits.parse_amount(part, what, where) for part in str(text).split(","))
    limits.PRIZE_PLACES.check(len(values), where)
    if any(later > earlier for earlier, later in pairwise(values)):
        raise TournamentError(
            _("--prizes {text} for {where}: a place cannot win more than the one above it").format(
                text=quote(text), where=where
            )
        )
    if not fixed and sum(values) > 100:
        raise TournamentError(
            _(
                "--prizes {text} for {where}: percentages of the fees add up to {total}, more "
                "than 100 (amounts? add --fixed)"
            ).format(text=quote(text), where=where, total=sum(values))
        )
    if not any(values):
        raise TournamentError(
            _("--prizes {text} for {where}: every prize is 0").format(text=quote(text), where=where)
        )
    return values


def with_prizes(
    events: Sequence[TournamentEvent], text: str | None, fixed: bool = False
) -> list[TournamentEvent]:
    """`decide_create`'s events (with the door's `CheckInSet`, if any) with the prizes of
    ``--prizes`` set on the `TournamentCreated`; unchanged without them."""
    created = next(e for e in events if isinstance(e, TournamentCreated))
    where = repr(created.name)
    if text is None:
        if fixed:
            raise TournamentError(
                _("--fixed for {where}: it says --prizes are amounts; give --prizes").format(
                    where=where
                )
            )
        return list(events)
    # The door's events: for creating a tournament, not for reading its standings.
    from tourney.tournament.records.room import CheckInSet

    values = parse_prizes(text, fixed, where)
    fee = next((e.fee for e in events if isinstance(e, CheckInSet)), None)
    if not fixed and fee is None:
        raise TournamentError(
            _(
                "--prizes {text} for {where}: percentages of the entry fees, and it has no "
                "--entry-fee (amounts? add --fixed)"
            ).format(text=quote(text), where=where)
        )
    if created.gibson and len(values) < 2:
        raise TournamentError(
            _(
                "--gibson for {where}: Gibsonization needs 2 prize places or more, e.g. "
                "--prizes 50,30,20"
            ).format(where=where)
        )
    updated = replace(created, prize_values=values, prizes_fixed=fixed, prizes=len(values))
    return [updated if e is created else e for e in events]


def pot(state: TournamentState) -> Decimal:
    """What the prizes share: the fixed amounts' sum, or the entry fees paid so far."""
    settings = state.created
    if settings.prizes_fixed:
        return sum(settings.prize_values, Decimal(0))
    fee = state.room.fee
    return Decimal(0) if fee is None else Decimal(fee) * len(state.room.paid)


def place_prizes(state: TournamentState) -> tuple[Decimal, ...]:
    """Each prize place's prize, first place first, in money (rounded down to the cent)."""
    settings = state.created
    if settings.prizes_fixed:
        return settings.prize_values
    total = pot(state)
    return tuple((total * p / 100).quantize(CENT, ROUND_DOWN) for p in settings.prize_values)


def shared(places: Sequence[Decimal], rows: Sequence[Ranked]) -> dict[str, Decimal]:
    """Each entrant's prize from the places' prizes and the ranked `rows` (level rows share
    a rank): a group level on rank r, n strong, splits places r to r + n - 1 equally."""
    groups: dict[int, list[str]] = {}
    for row in rows:
        groups.setdefault(row.rank, []).append(row.entrant_id)
    won: dict[str, Decimal] = {}
    for rank, members in groups.items():
        covered = places[rank - 1 : rank - 1 + len(members)]
        total = sum(covered, Decimal(0))
        if total:
            each = (total / len(members)).quantize(CENT, ROUND_DOWN)
            won.update(dict.fromkeys(members, each))
    return won


def prizes_of(state: TournamentState, rows: Sequence[Ranked]) -> Mapping[str, Decimal]:
    """The prize each entrant of the standings `rows` wins where they stand now (none: not
    in a prize place, or the tournament gives no prizes)."""
    if not state.created.prize_values:
        return {}
    return shared(place_prizes(state), rows)
