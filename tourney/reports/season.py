"""The season's reports: ratings, the roster and a series' table, as JSON, CSV and rows of
text (the terminal's and the site's), from the pure season folds."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tourney.errors import quote
from tourney.gamekit import game
from tourney.i18n import _, local_decimal, ngettext, npage_, page_, page_mark
from tourney.reports.progress_chart import series_progress
from tourney.reports.spreadsheet import neutralise
from tourney.season.ratings import MODEL, Ratings
from tourney.season.roster import Club
from tourney.season.series import (
    TIE_BREAK_WORDS,
    Series,
    SeriesRow,
    describe,
    sequence_text,
)
from tourney.tournament.matches import points_text
from tourney.tournament.standings.rows import decimal_text


def _csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """CSV with every text cell neutralised (numbers, negative ones too, written as is)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    for row in rows:
        writer.writerow([neutralise(c) if isinstance(c, str) else c for c in row])
    return out.getvalue()


def _round(value: float) -> float:
    return round(value, 6)


# -- ratings ---------------------------------------------------------------------------


def ratings_rows(ratings: Ratings, club: Club) -> list[dict[str, Any]]:
    """Everyone rated, best ordinal first: id, name, mu, sigma, ordinal, matches."""
    return [
        {
            "rank": i,
            "id": key,
            "name": club.name_of(key),
            "mu": rating.mu,
            "sigma": rating.sigma,
            "ordinal": rating.ordinal,
            "matches": rating.matches,
        }
        for i, (key, rating) in enumerate(ratings.ranked(), start=1)
    ]


def ratings_json(games: Mapping[str, Ratings], club: Club, history: bool = False) -> str:
    """``{"model": "PlackettLuce", "players": [...]}``: each game's players in rank order
    (games one after the other, each row naming its ``game``); with `history`, also
    ``"updates"``: each match's game, teams (names), ranks, and every member's (mu, sigma)
    before and after, member by member in team order, in the order applied."""
    document: dict[str, Any] = {
        "model": MODEL,
        "players": [
            {
                **{k: row[k] for k in ("name", "id", "mu", "sigma", "ordinal", "matches")},
                "game": name,
            }
            for name, ratings in games.items()
            for row in ratings_rows(ratings, club)
        ],
    }
    if history:
        document["updates"] = [
            {
                "game": name,
                "match": update.match.match,
                "tournament": update.match.tournament,
                "teams": [[club.name_of(p) for p in team] for team in update.match.teams],
                "ids": [list(team) for team in update.match.teams],
                "ranks": list(update.match.ranks),
                "before": [list(pair) for pair in update.before],
                "after": [list(pair) for pair in update.after],
            }
            for name, ratings in games.items()
            for update in ratings.updates
        ]
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def ratings_csv(games: Mapping[str, Ratings], club: Club) -> str:
    """Each game's ratings, one game after the other; the last column names the game."""
    header = ("rank", "name", "id", "mu", "sigma", "ordinal", "matches", "game")
    return _csv(
        header,
        (
            (
                row["rank"],
                row["name"],
                row["id"],
                _round(row["mu"]),
                _round(row["sigma"]),
                _round(row["ordinal"]),
                row["matches"],
                name,
            )
            for name, ratings in games.items()
            for row in ratings_rows(ratings, club)
        ),
    )


def ratings_cells(ratings: Ratings, club: Club) -> list[tuple[str, ...]]:
    """Rows of text: rank, name, ordinal, mu, sigma, matches (two decimals)."""
    return [
        (
            str(row["rank"]),
            row["name"],
            local_decimal(f"{row['ordinal']:.2f}"),
            local_decimal(f"{row['mu']:.2f}"),
            local_decimal(f"{row['sigma']:.2f}"),
            str(row["matches"]),
        )
        for row in ratings_rows(ratings, club)
    ]


RATINGS_LABELS = ("#", "name", "ordinal", "mu", "sigma", "matches")
RATINGS_WORDS = {
    "name": page_mark("name"),
    "ordinal": page_mark("ordinal"),
    "matches": page_mark("matches"),
}
"""The ratings page's column labels in words (the others are symbols)."""
MODEL_NAME = "Plackett–Luce"
"""The rating model as its authors write it (`MODEL` is its class's name, for the JSON)."""


# -- roster ----------------------------------------------------------------------------


def roster_rows(club: Club) -> list[dict[str, Any]]:
    joined = {join.person: join for join in club.joins}
    rows = []
    for key, person in club.people.items():
        join = joined.get(key)
        rows.append(
            {
                "id": key if person.registered else None,
                "name": person.name,
                "nights": len(person.nights),
                "entries": len(person.entries),
                "registered": person.registered,
                "joined_by_name": list(join.tournaments) if join is not None else [],
            }
        )
    return rows


def roster_json(club: Club) -> str:
    return json.dumps({"people": roster_rows(club)}, ensure_ascii=False, indent=2) + "\n"


def roster_csv(club: Club) -> str:
    return _csv(
        ("id", "name", "nights", "entries", "joined_by_name"),
        (
            (r["id"] or "", r["name"], r["nights"], r["entries"], " ".join(r["joined_by_name"]))
            for r in roster_rows(club)
        ),
    )


def join_lines(club: Club) -> list[str]:
    """One line per person joined by name across several nights (or not joined, when the
    name is several people's)."""
    lines = []
    for join in club.joins:
        if join.ambiguous:
            lines.append(
                _(
                    "not joined: {name} in {nights} (the name is several people's; link each "
                    "with tourney roster merge)"
                ).format(name=quote(join.name), nights=", ".join(join.tournaments))
            )
        elif len(join.tournaments) > 1:
            lines.append(
                _("joined by name: {name} in {counted} ({nights})").format(
                    name=quote(join.name),
                    counted=ngettext("{n} night", "{n} nights", len(join.tournaments)).format(
                        n=len(join.tournaments)
                    ),
                    nights=_some(join.tournaments),
                )
            )
    return lines


def _some(slugs: Sequence[str], shown: int = 4) -> str:
    """``a, b, c, d and 33 more``: a long list of nights kept to one short line."""
    if len(slugs) <= shown + 1:
        return ", ".join(slugs)
    more = len(slugs) - shown
    return ngettext("{slugs} and {n} more", "{slugs} and {n} more", more).format(
        slugs=", ".join(slugs[:shown]), n=more
    )


# -- series ----------------------------------------------------------------------------


def series_heading(series: Series) -> str:
    return f"{series.name} — {describe(series.settings)}"


def series_json(series: Series, rows: Sequence[SeriesRow]) -> str:
    settings = series.settings
    document = {
        "series": series.name,
        "scoring": settings.scoring,
        "best": settings.best,
        "min_nights": settings.min_nights,
        "nights": list(series.nights),
        "tie_breaks": TIE_BREAK_WORDS,
        "standings": [
            {
                "rank": row.rank,
                "tied": row.tied,
                "id": row.person,
                "name": row.name,
                "points": [None if p is None else str(p) for p in row.points],
                "dropped": sorted(row.dropped),
                "total": str(row.total),
                "counted": str(row.counted),
                "nights": row.nights,
                "meets_minimum": row.meets_minimum,
            }
            for row in rows
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def series_labels(series: Series) -> tuple[str, ...]:
    nights = tuple(f"N{i}" for i in range(1, len(series.nights) + 1))
    best = (f"best {series.settings.best}",) if series.settings.best is not None else ()
    return ("#", "name", *nights, "total", *best, "nights", "qualifies")


SERIES_WORDS = {
    "name": page_mark("name"),
    "total": page_mark("total"),
    "nights": page_mark("nights"),
    "qualifies": page_mark("qualifies"),
}


YES_NO = {"yes": page_mark("yes"), "no": page_mark("no")}


def _shown_cells(cells: tuple[str, ...]) -> tuple[str, ...]:
    """A series row as the page shows it: its last cell (qualifies: yes or no) in words."""
    return (*cells[:-1], page_(YES_NO.get(cells[-1], cells[-1])))


def heading(word: str) -> str:
    """A column's word as a heading: in sentence case (``Имя``, ``Nome``), as every heading
    of the site is; the word itself stays the catalog's, shared with lowercase uses."""
    return word[:1].upper() + word[1:]


def series_page_labels(series: Series) -> tuple[str, ...]:
    """`series_labels` in the page's language, as headings (the CSV keeps the English
    ones)."""
    labels = []
    for label in series_labels(series):
        if label.startswith("best "):
            labels.append(heading(page_("best {n}").format(n=label[len("best ") :])))
        elif label.startswith("N") and label[1:].isdigit():
            labels.append(page_("N{n}").format(n=label[1:]))
        elif label in SERIES_WORDS:
            labels.append(heading(page_(SERIES_WORDS[label])))
        else:
            labels.append(label)
    return tuple(labels)


def series_rules(series: Series) -> str:
    """The series' rules in the page's language (`describe`'s words)."""
    settings = series.settings
    if settings.scoring == "match-points":
        parts = [page_("scored by match points")]
    else:
        places = settings.scoring[len("places:") :]
        parts = [page_("scored by places {places}").format(places=places)]
    if settings.best is not None:
        parts.append(
            npage_("best {n} night counts", "best {n} nights count", settings.best).format(
                n=settings.best
            )
        )
    if settings.min_nights:
        parts.append(
            npage_(
                "at least {n} night to qualify",
                "at least {n} nights to qualify",
                settings.min_nights,
            ).format(n=settings.min_nights)
        )
    return "; ".join(parts)


def series_cells(
    series: Series, row: SeriesRow, decimals: bool = False, brackets: bool = True
) -> tuple[str, ...]:
    """A row as text; a dropped night in brackets (``[3]``) unless `decimals` (CSV), where
    the brackets are left to the `dropped` column, or not `brackets` (the page strikes it
    through)."""
    number = decimal_text if decimals else points_text
    nights = (
        [("" if p is None else decimal_text(p)) for p in row.points]
        if decimals
        else [
            f"[{text}]" if i in row.dropped and brackets else text
            for i, text in enumerate(sequence_text(row.points))
        ]
    )
    best = (number(row.counted),) if series.settings.best is not None else ()
    return (
        f"{row.rank}=" if row.tied else str(row.rank),
        row.name,
        *nights,
        number(row.total),
        *best,
        str(row.nights),
        "yes" if row.meets_minimum else "no",
    )


def series_csv(series: Series, rows: Sequence[SeriesRow]) -> str:
    header = (*series_labels(series), "dropped")
    return _csv(
        header,
        (
            (
                *series_cells(series, row, decimals=True),
                " ".join(f"N{i + 1}" for i in sorted(row.dropped)),
            )
            for row in rows
        ),
    )


# -- the site's pages --------------------------------------------------------------------


def _sparkline(values: Sequence[float], low: float, high: float) -> str:
    """SVG polyline points of `values` (mu after each match) in a 120 x 24 box."""
    if len(values) < 2:
        values = [*values, *values] or [0.0, 0.0]
    span = (high - low) or 1.0
    step = 120 / (len(values) - 1)
    return " ".join(
        f"{i * step:.1f},{24 - (v - low) / span * 22 - 1:.1f}" for i, v in enumerate(values)
    )


def ratings_page(games: Mapping[str, Ratings], club: Club) -> dict[str, Any]:
    """The ratings page's context: each game's table (`games`: its title, rows of text, and
    each player's mu by match as an SVG line, `chart`: polyline points); the game's title is
    shown only when the club rates more than one game."""
    return {
        "title": page_("Ratings"),
        "labels": tuple(
            heading(page_(RATINGS_WORDS[label])) if label in RATINGS_WORDS else label
            for label in RATINGS_LABELS
        ),
        "games": [
            {
                "title": game(name).title if len(games) > 1 else "",
                "rows": _ratings_lines(ratings, club),
                "matches": ratings.rated,
            }
            for name, ratings in games.items()
        ],
        "model": MODEL_NAME,
    }


def _ratings_lines(ratings: Ratings, club: Club) -> list[dict[str, Any]]:
    history: dict[str, list[float]] = {}
    for update in ratings.updates:
        people = [p for team in update.match.teams for p in team]
        for person, (mu_before, _sigma_before), (mu_after, _sigma_after) in zip(
            people, update.before, update.after, strict=True
        ):
            history.setdefault(person, [mu_before]).append(mu_after)
    every = [mu for values in history.values() for mu in values] or [0.0]
    low, high = min(every), max(every)
    rows = []
    for row, (key, _rating) in zip(ratings_cells(ratings, club), ratings.ranked(), strict=True):
        # ordinal, mu and sigma as the page's language writes decimals (12,34 in Russian)
        cells = (*row[:2], *(local_decimal(c) for c in row[2:5]), *row[5:])
        rows.append({"cells": cells, "chart": _sparkline(history.get(key, []), low, high)})
    return rows


def series_page(
    series: Series, rows: Sequence[SeriesRow], nights: Sequence[tuple[str, str]], current: str
) -> dict[str, Any]:
    """The series page's context: the table (a dropped night flagged, to strike through),
    and the nights (slug, name), this site's own linked to its index."""
    return {
        "title": series.name,
        "rules": series_rules(series),
        "tie_breaks": page_(TIE_BREAK_WORDS),
        "labels": series_page_labels(series),
        "lines": [
            {
                "cells": _shown_cells(series_cells(series, row, brackets=False)),
                "dropped": [2 + i for i in sorted(row.dropped)],
                "qualifies": row.meets_minimum,
            }
            for row in rows
        ],
        "progress": series_progress(series, rows),
        "nights": [
            {
                "label": page_("N{n}").format(n=i),
                "name": name,
                "href": "index.html" if slug == current else None,
            }
            for i, (slug, name) in enumerate(nights, start=1)
        ],
    }
