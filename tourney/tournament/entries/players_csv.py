"""Player lists as CSV text: a header ``name[,club][,rating][,seed]`` and one player a row.

Row numbers in errors are the file's line numbers (the header is row 1), so they match
what an editor or spreadsheet shows. Blank rows are skipped. An empty cell is an absent
value: a list may have both a rating and a seed column (a spreadsheet's template), each row
giving at most one of them. Every cell is checked as it is
read: names and clubs cleaned (`tourney.names.clean_name`), ratings and seeds within
`tourney.limits`, no more rows than one tournament takes.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass

from tourney.errors import TourneyError, quote
from tourney.i18n import _
from tourney.limits import PLAYERS, RATING, SEED, LimitError, parse_whole
from tourney.names import BadNameError, EmptyNameError, clean_name, clean_optional, fold
from tourney.tournament.events import PlayerRegistered

HEADER_HELP = "name[,club][,rating][,seed]"
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
        raise PlayersCsvError(
            _("row 1: unknown column {unknown}; the header is {header_help}").format(
                unknown=quote(unknown[0]), header_help=HEADER_HELP
            )
        )
    if len(set(columns)) != len(columns):
        raise PlayersCsvError(
            _("row 1: a column appears twice; the header is {header_help}").format(
                header_help=HEADER_HELP
            )
        )
    if "name" not in columns:
        raise PlayersCsvError(
            _("row 1: no 'name' column; the header is {header_help}").format(
                header_help=HEADER_HELP
            )
        )
    return columns


def _number(text: str, column: str, row: int) -> int | None:
    if not text.strip():
        return None
    try:
        return parse_whole(text, RATING if column == "rating" else SEED)
    except LimitError as exc:
        raise PlayersCsvError(_("row {row}: {exc}").format(row=row, exc=exc)) from None


def _name(text: str, row: int) -> str:
    try:
        return clean_name(text, _("name"))
    except EmptyNameError:
        raise PlayersCsvError(_("row {row}: empty name").format(row=row)) from None
    except BadNameError as exc:
        raise PlayersCsvError(_("row {row}: {exc}").format(row=row, exc=exc)) from None


def _club(text: str, row: int) -> str | None:
    try:
        return clean_optional(text, _("club"))
    except BadNameError as exc:
        raise PlayersCsvError(_("row {row}: {exc}").format(row=row, exc=exc)) from None


def parse_players_csv(text: str) -> tuple[PlayerRow, ...]:
    """Read a player list; raise `PlayersCsvError` naming the first bad row.

    Duplicate names are compared as everywhere (`tourney.names.fold`): ignoring case,
    accents and repeated spaces.
    """
    text = text.removeprefix("\ufeff")
    reader = csv.reader(io.StringIO(text), strict=True)
    try:
        header = next(reader, None)
        if header is None or not any(f.strip() for f in header):
            raise PlayersCsvError(
                _("the CSV is empty: expected a header row {header_help}").format(
                    header_help=HEADER_HELP
                )
            )
        columns = _header(header)
        rows: list[PlayerRow] = []
        first_seen: dict[str, int] = {}
        for fields in reader:
            row = reader.line_num
            if not any(f.strip() for f in fields):
                continue
            if len(fields) != len(columns):
                raise PlayersCsvError(
                    _("row {row} has {count} fields, the header has {count2}").format(
                        row=row, count=len(fields), count2=len(columns)
                    )
                )
            record = dict(zip(columns, fields, strict=True))
            name = _name(record["name"], row)
            key = fold(name)
            if key in first_seen:
                raise PlayersCsvError(
                    _("row {row}: duplicate name {name!r} (first on row {first_seen})").format(
                        row=row, name=name, first_seen=first_seen[key]
                    )
                )
            if len(rows) >= PLAYERS.high:
                raise PlayersCsvError(
                    _("row {row}: more than {high} players, the most one tournament takes").format(
                        row=row, high=PLAYERS.high
                    )
                )
            first_seen[key] = row
            rating = _number(record.get("rating", ""), "rating", row)
            seed = _number(record.get("seed", ""), "seed", row)
            if rating is not None and seed is not None:
                raise PlayersCsvError(
                    _(
                        "row {row}: {name!r} has a rating and a seed: give one of them, not both"
                    ).format(row=row, name=name)
                )
            rows.append(PlayerRow(row, name, _club(record.get("club", ""), row), rating, seed))
    except csv.Error as exc:
        raise PlayersCsvError(
            _("broken CSV at row {line_num}: {exc}").format(line_num=reader.line_num, exc=exc)
        ) from None
    return tuple(rows)


def registrations(rows: Sequence[PlayerRow], first_number: int = 1) -> list[PlayerRegistered]:
    """Registration events for `rows`, with ids ``p<first_number>``, ``p<first_number+1>``..."""
    return [
        PlayerRegistered(f"p{first_number + i}", r.name, r.club, r.rating, r.seed)
        for i, r in enumerate(rows)
    ]
