"""What a match of a tournament came to, and the match points it is worth to each side."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from tourney.errors import TourneyError
from tourney.i18n import _, page_mark

ResultKind = Literal["played", "paper", "forfeit", "no_show", "adjudicated", "void", "time"]

SOURCES: dict[str, str] = {
    "played": "",
    "paper": page_mark("paper scoresheet"),
    "forfeit": page_mark("forfeit"),
    "no_show": page_mark("no-show"),
    "adjudicated": page_mark("adjudicated"),
    "void": page_mark("void"),
    "time": page_mark("time"),
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
class RecordedPlay:
    """The play recorded at a table, as far as its stream went: the version of its last
    match event in force, the scores per side there (Racehorse: net units), and the winners
    if it finished. Kept when the director's ruling replaced it (`TablePlayReplaced`)."""

    version: int
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()
    finished: bool = False


@dataclass(frozen=True)
class MatchRecord:
    """A paired match: where it sits, who holds each side, and its outcome once known.

    `seats` are player ids in seat order; `sides[i]` is the entrant (player or
    partnership) holding side i. `decides` names the match a deciding match settles.
    `forfeited` are sides that forfeited while the others play on (the result to come).
    `replaced` is the play recorded at the table that the director's ruling replaced.
    """

    match_id: str
    round: int
    table: int
    seats: tuple[str, ...]
    sides: tuple[str, ...]
    outcome: Outcome | None = None
    decides: str | None = None
    forfeited: tuple[int, ...] = ()
    replaced: RecordedPlay | None = None
    no_show: tuple[str, ...] = ()
    """The players a no-show ruling named (kept through any result entered later)."""
    earlier: tuple[Outcome, ...] = ()
    """Results the director replaced with another (`rulings.check_replacing`), oldest first:
    they count no more, and every output still tells them. A table's own result replaced
    by a ruling is `replaced` instead (the play as it stood)."""


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
            _("shared-win scoring {text!r} is not 'split', 'full' or a fraction like '1/2'").format(
                text=text
            )
        ) from None
    if not 0 <= value <= 1:
        raise TourneyError(
            _("shared-win scoring {text!r} must lie between 0 and 1").format(text=text)
        )
    return value


Scale = tuple[Fraction, ...]
"""Placement points for a table of ``len(scale)`` sides, first place first: ``(3, 2, 1, 0)``."""


def placement_scale(sides: int, scales: Sequence[Scale]) -> Scale:
    """The scale for a table of ``sides`` sides: the tournament's scale of that length; else
    the longest scale's first ``sides - 1`` places and its last (3/2/1/0 gives a table of 3
    3/2/0: the winner and the last place score as at a full table)."""
    for scale in scales:
        if len(scale) == sides:
            return scale
    longest = max(scales, key=len)
    return (*longest[: sides - 1], longest[-1])


def placement_points(outcome: Outcome, side: int, scales: Sequence[Scale]) -> Fraction:
    """The placement points `side` earns: the winners share the first places, the others
    follow by score; sides level there share their places' points equally (two winners
    at 3/2/1/0 get 2 1/2 each; a forfeit's 0-0-0-0 leaves the forfeiting sides level last)."""
    if not outcome.counts:
        return Fraction(0)
    sides = len(outcome.scores)
    scale = placement_scale(sides, scales)

    def standing(s: int) -> tuple[bool, int]:
        return (True, 0) if s in outcome.winners else (False, outcome.scores[s])

    order = sorted(range(sides), key=standing, reverse=True)
    places = [i for i, s in enumerate(order) if standing(s) == standing(side)]
    return sum((scale[i] for i in places), Fraction(0)) / len(places)


def match_points(
    outcome: Outcome, side: int, shared_win: str, placement: Sequence[Scale] = ()
) -> Fraction:
    """The match points `side` earns from `outcome`: with ``placement`` scales, its
    `placement_points`; else 1 for a sole win, a shared win's `win_share`, 0 for a loss
    or a void."""
    if placement:
        return placement_points(outcome, side, placement)
    if not outcome.counts or side not in outcome.winners:
        return Fraction(0)
    return win_share(len(outcome.winners), shared_win)


def forfeit_outcome(
    side_count: int, forfeiting: tuple[int, ...], kind: ResultKind, reason: str
) -> Outcome:
    """The outcome when `forfeiting` sides lose by forfeit: everyone else shares the win."""
    winners = tuple(side for side in range(side_count) if side not in forfeiting)
    return Outcome(scores=(0,) * side_count, winners=winners, kind=kind, reason=reason)


VULGAR: dict[Fraction, str] = {
    Fraction(n, d): glyph
    for (n, d), glyph in {
        (1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕",
        (2, 5): "⅖", (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 8): "⅛",
        (3, 8): "⅜", (5, 8): "⅝", (7, 8): "⅞", (1, 10): "⅒",
    }.items()
}  # fmt: skip
"""The fractions Unicode has one character for: 1½, not 3/2 or 1 1/2."""


def points_text(points: Fraction) -> str:
    """Match points as people read them, exact: `Fraction(3, 2)` -> ``"1½"``,
    `Fraction(1, 3)` -> ``"⅓"``, `Fraction(-5, 2)` -> ``"-2½"``; a part Unicode has no
    character for after a space, `Fraction(17, 12)` -> ``"1 5/12"``. The one formatter of a
    fraction shown to a person (files and JSON keep ``"3/2"``: `events.fraction_text`)."""
    sign = "-" if points < 0 else ""
    whole, part = divmod(abs(Fraction(points)), 1)
    if part == 0:
        return f"{sign}{whole}"
    glyph = VULGAR.get(part)
    if glyph is None:
        return f"{sign}{part}" if whole == 0 else f"{sign}{whole} {part}"
    return f"{sign}{glyph}" if whole == 0 else f"{sign}{whole}{glyph}"
