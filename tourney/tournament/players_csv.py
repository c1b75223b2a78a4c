"""Player lists as CSV text: a header ``name[,club][,rating|seed]`` and one player a row.

Row numbers in errors are the file's line numbers (the header is row 1), so they match
what an editor or spreadsheet shows. Blank rows are skipped.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass

from tourney.errors import TourneyError
from tourney.tournament.events import PlayerRegistered

HEADER_HELP = "name[,club][,rating|seed]"
KNOWN_COLUMNS = ("name", "club", "rating", "seed")


class PlayersCsvError(TourneyError):
    """The player list cannot be read; the message cites the row."""


@dataclass(frozen=True)
class PlayerRow:
    row: int
    name: str
    club: str | None = None
    rating: int | None = None
    seed: int | None = None


def _header(fields: list[str]) -> list[str]:
    columns = [f.strip().casefold() for f in fields]
    unknown = [c for c in columns if c not in KNOWN_COLUMNS]
    if unknown:
        raise PlayersCsvError(f"row 1: unknown column {unknown[0]!r}; the header is {HEADER_HELP}")
    if len(set(columns)) != len(columns):
        raise PlayersCsvError(f"row 1: a column appears twice; the header is {HEADER_HELP}")
    if "name" not in columns:
        raise PlayersCsvError(f"row 1: no 'name' column; the header is {HEADER_HELP}")
    if "rating" in columns and "seed" in columns:
        raise PlayersCsvError("row 1: give a rating or a seed column, not both")
    return columns


def _number(text: str, column: str, row: int) -> int | None:
    text = text.strip()
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        raise PlayersCsvError(f"row {row}: {column} {text!r} is not a whole number") from None
    if column == "seed" and value < 1:
        raise PlayersCsvError(f"row {row}: seed {value} must be 1 or more")
    if column == "rating" and value < 0:
        raise PlayersCsvError(f"row {row}: rating {value} must not be negative")
    return value


def parse_players_csv(text: str) -> tuple[PlayerRow, ...]:
    """Read a player list; raise `PlayersCsvError` naming the first bad row.

    Duplicate names are compared ignoring case and repeated spaces.
    """
    text = text.removeprefix("\ufeff")
    reader = csv.reader(io.StringIO(text), strict=True)
    try:
        header = next(reader, None)
        if header is None or not any(f.strip() for f in header):
            raise PlayersCsvError(f"the CSV is empty: expected a header row {HEADER_HELP}")
        columns = _header(header)
        rows: list[PlayerRow] = []
        first_seen: dict[str, int] = {}
        for fields in reader:
            row = reader.line_num
            if not any(f.strip() for f in fields):
                continue
            if len(fields) != len(columns):
                raise PlayersCsvError(
                    f"row {row} has {len(fields)} fields, the header has {len(columns)}"
                )
            record = dict(zip(columns, fields, strict=True))
            name = " ".join(record["name"].split())
            if not name:
                raise PlayersCsvError(f"row {row}: empty name")
            key = name.casefold()
            if key in first_seen:
                raise PlayersCsvError(
                    f"row {row}: duplicate name {name!r} (first on row {first_seen[key]})"
                )
            first_seen[key] = row
            rows.append(
                PlayerRow(
                    row=row,
                    name=name,
                    club=record.get("club", "").strip() or None,
                    rating=_number(record.get("rating", ""), "rating", row),
                    seed=_number(record.get("seed", ""), "seed", row),
                )
            )
    except csv.Error as exc:
        raise PlayersCsvError(f"broken CSV at row {reader.line_num}: {exc}") from None
    return tuple(rows)


def registrations(rows: Sequence[PlayerRow], first_number: int = 1) -> list[PlayerRegistered]:
    """Registration events for `rows`, with ids ``p<first_number>``, ``p<first_number+1>``..."""
    return [
        PlayerRegistered(f"p{first_number + i}", r.name, r.club, r.rating, r.seed)
        for i, r in enumerate(rows)
    ]
