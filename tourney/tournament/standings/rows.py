"""A line of the standings as it is shown and kept (`StandingRow`: its cells, its JSON), the
columns and the amounts' text: below the standings and the `Format` interface, whose
`standings` returns these rows, so that the interface names its rows without importing the
standings that ask it (no circle of imports; tests/unit/test_layers.py).

Like `standings`, the module does without ``from __future__ import annotations``."""

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from tourney.i18n import format_number
from tourney.tournament.matches import points_text

COLUMNS: tuple[str, ...] = (
    "rank",
    "name",
    "club",
    "points",
    "penalty",
    "played",
    "wins",
    "shared",
    "losses",
    "byes",
    "buchholz",
    "scored",
    "status",
    "prize",
)


def decimal_text(value: Fraction) -> str:
    """``Fraction(7, 3)`` -> ``"2.333"``, ``Fraction(5, 2)`` -> ``"2.5"``, ``2`` -> ``"2"``: at
    most three decimals, for spreadsheets (the exact value is in the JSON)."""
    text = f"{float(value):.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def money_text(amount: Decimal | None, plain: bool = False) -> str:
    """An amount as people read it: a plain number with two decimals in the reader's
    language (``1,234.50``; ``1.234,50`` in Italian), no currency sign (the club knows its
    own); with `plain` as files keep it (``1234.50``). None: empty."""
    if amount is None:
        return ""
    return f"{amount:.2f}" if plain else format_number(amount, 2)


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings; `cells()` for a table or CSV, `to_dict()` for JSON."""

    rank: int
    tied: bool
    entrant_id: str
    name: str
    club: str | None
    match_points: Fraction
    played: int
    wins: int
    shared_wins: int
    losses: int
    byes: int
    buchholz: Fraction
    points_scored: int
    head_to_head: Fraction
    withdrawn: bool
    prize: Decimal | None = None
    """What this place wins (`tourney.tournament.standings.prizes`); None: no prize."""
    penalty: Fraction = Fraction(0)
    """Match points taken off by penalties: `match_points` is net of them."""

    @property
    def rank_text(self) -> str:
        return f"{self.rank}=" if self.tied else str(self.rank)

    def cells(self, decimals: bool = False) -> tuple[str, ...]:
        """The row as text, one cell per name in `COLUMNS`: fractions as people read them
        (``2⅓``: `points_text`), or with ``decimals`` as a spreadsheet reads them (``2.333``)."""
        number = decimal_text if decimals else points_text
        return (
            self.rank_text,
            self.name,
            self.club or "",
            number(self.match_points),
            number(-self.penalty) if self.penalty else ("0" if decimals else ""),
            str(self.played),
            str(self.wins),
            str(self.shared_wins),
            str(self.losses),
            str(self.byes),
            number(self.buchholz),
            str(self.points_scored),
            "withdrawn" if self.withdrawn else "",
            money_text(self.prize, plain=decimals),
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: fractions as exact strings ("7/2") next to a float for sorting."""
        return {
            "rank": self.rank,
            "tied": self.tied,
            "entrant_id": self.entrant_id,
            "name": self.name,
            "club": self.club,
            "match_points": str(self.match_points),
            "match_points_float": float(self.match_points),
            "played": self.played,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "losses": self.losses,
            "byes": self.byes,
            "buchholz": str(self.buchholz),
            "points_scored": self.points_scored,
            "head_to_head": str(self.head_to_head),
            "withdrawn": self.withdrawn,
            "prize": None if self.prize is None else f"{self.prize:.2f}",
            "penalty": str(self.penalty),
        }
