"""CSV that a spreadsheet opens as data, never as formulas."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(cell: str) -> str:
    """Prefix a cell that a spreadsheet would read as a formula with ``'``.

    >>> neutralise("=HYPERLINK(1)"), neutralise("Ann")
    ("'=HYPERLINK(1)", 'Ann')
    """
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def csv_text(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A CSV document (RFC 4180 quoting, CRLF line ends) with every cell neutralised."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([neutralise(h) for h in header])
    for row in rows:
        writer.writerow([neutralise(cell) for cell in row])
    return out.getvalue()
