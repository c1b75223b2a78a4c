"""What a match of a tournament came to, and the match points it is worth to each side."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from tourney.errors import TourneyError

ResultKind = Literal["played", "paper", "forfeit", "no_show", "adjudicated", "void"]

SOURCES: dict[str, str] = {
    "played": "",
    "paper": "paper scoresheet",
    "forfeit": "forfeit",
    "no_show": "no-show",
    "adjudicated": "adjudicated",
    "void": "void",
}
"""Where a result came from, in words ("" for a table's own record)."""


@dataclass(frozen=True)
class Outcome:
    """A match's result: final score per side, winning sides, and how it came about.

    A forfeit or no-show scores 0 for every side; the sides that did not forfeit win.
    A void outcome counts for nothing. A result played on after a forfeit (entered from
    the scoresheet) names the sides that forfeited in `forfeited`.
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    kind: ResultKind = "played"
    reason: str = ""
    forfeited: tuple[int, ...] = ()

    @property
    def source(self) -> str:
        """Where the result came from, in words: "" for the table's own record."""
        return SOURCES.get(self.kind, self.kind)

    @property
    def counts(self) -> bool:
        """Whether the match counts in the standings (everything but a void)."""
        return self.kind != "void"


@dataclass(frozen=True)
class MatchRecord:
    """A paired match: where it sits, who holds each side, and its outcome once known.

    `seats` are player ids in seat order; `sides[i]` is the entrant (player or
    partnership) holding side i. `decides` names the match a deciding match settles.
    `forfeited` are sides that forfeited while the others play on (the result to come).
    """

    match_id: str
    round: int
    table: int
    seats: tuple[str, ...]
    sides: tuple[str, ...]
    outcome: Outcome | None = None
    decides: str | None = None
    forfeited: tuple[int, ...] = ()


def win_share(winner_count: int, shared_win: str) -> Fraction:
    """Match points for each of `winner_count` winners under the shared-win rule.

    ``"split"``: 1/k; ``"full"``: 1; a fraction such as ``"1/2"``: that much each when
    the win is shared. A sole win is always 1.
    """
    if winner_count <= 1:
        return Fraction(1)
    if shared_win == "split":
        return Fraction(1, winner_count)
    if shared_win == "full":
        return Fraction(1)
    return parse_share(shared_win)


def parse_share(text: str) -> Fraction:
    """Read a custom shared-win value; raise `TourneyError` unless it lies in [0, 1]."""
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise TourneyError(
            f"shared-win scoring {text!r} is not 'split', 'full' or a fraction like '1/2'"
        ) from None
    if not 0 <= value <= 1:
        raise TourneyError(f"shared-win scoring {text!r} must lie between 0 and 1")
    return value


def match_points(outcome: Outcome, side: int, shared_win: str) -> Fraction:
    """The match points `side` earns from `outcome` (0 for a loss or a void)."""
    if not outcome.counts or side not in outcome.winners:
        return Fraction(0)
    return win_share(len(outcome.winners), shared_win)


def forfeit_outcome(
    side_count: int, forfeiting: tuple[int, ...], kind: ResultKind, reason: str
) -> Outcome:
    """The outcome when `forfeiting` sides lose by forfeit: everyone else shares the win."""
    winners = tuple(side for side in range(side_count) if side not in forfeiting)
    return Outcome(scores=(0,) * side_count, winners=winners, kind=kind, reason=reason)
