"""Series: league tables across nights, kept in the stream ``series``.

Its events: a series was created (`SeriesCreated`: its name, scoring, how many best nights
count and the minimum of nights), and a night (a tournament) joined it (`NightAdded`).

A night's points for a person (`standings`), from that night's final standings:

* ``match-points``: their match points that night (wins, shared wins, byes, placement
  points: whatever the tournament scores);
* ``places:10,7,5,3``: the points of their place in that night's standings (1st 10, 2nd 7,
  3rd 5, 4th 3, lower places 0; players level there share the higher place). A Racehorse
  night ranks by its standings too: match points, then its tie-breaks, net units being the
  game points scored.

Partners each score their partnership's points. A person who neither played a match nor
had a bye that night has no score for it.

The table: with ``best N`` only each person's N best nights count (the others are shown
as dropped; of equal nights the earlier is kept); ranked by the points that count, then by
all nights' points, then by the most nights played, then by the best single night; level
on all of these, a shared place. With a minimum of nights, those who have played fewer are
listed after everyone who has.

Pure: the series' events and the nights' standings lines are given.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, ClassVar, TypeAlias

from tourney.errors import TourneyError, printable
from tourney.i18n import _, page_mark
from tourney.names import fold
from tourney.tournament.state import TournamentState

SERIES_STREAM = "series"

TIE_BREAK_WORDS = page_mark(
    "the points that count (the best nights), then all nights' points, then the most nights "
    "played, then the best single night"
)


def parse_scoring(text: str) -> str:
    """``match-points`` or ``places:10,7,5,3`` (non-negative numbers), checked and cleaned;
    raise `TourneyError` otherwise."""
    cleaned = text.strip().lower().replace(" ", "")
    if cleaned in ("match-points", "matchpoints"):
        return "match-points"
    if cleaned.startswith("places:"):
        from tourney import limits

        parts = cleaned[len("places:") :].split(",")
        if len(parts) > limits.PLACES.high:
            limits.PLACES.check(len(parts))  # refused: too many places
        # each value bounded as the one place of rules says (tourney.limits)
        values = [
            limits.parse_points(v, "points", f"place {n}", high=limits.PLACE_POINTS_HIGH)
            for n, v in enumerate(parts, 1)
            if v
        ]
        if values and len(values) == len(parts):
            return "places:" + ",".join(str(v) for v in values)
    raise TourneyError(
        _(
            "scoring {text!r} is not 'match-points' or 'places:' and the "
            "points of each place, e.g. places:10,7,5,3"
        ).format(text=printable(text))
    )


@dataclass(frozen=True)
class SeriesCreated:
    type: ClassVar[str] = "series_created"
    name: str
    scoring: str
    best: int | None = None
    min_nights: int = 0

    def to_payload(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "scoring": self.scoring,
            "best": self.best,
            "min_nights": self.min_nights,
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> SeriesCreated:
        best = payload.get("best")
        return cls(
            str(payload["name"]),
            str(payload["scoring"]),
            None if best is None else int(best),
            int(payload.get("min_nights", 0)),
        )


@dataclass(frozen=True)
class NightAdded:
    """A tournament (`tournament`, its slug) is a night of the series called `series`."""

    type: ClassVar[str] = "series_night_added"
    series: str
    tournament: str

    def to_payload(self) -> dict[str, Any]:
        return {"series": self.series, "tournament": self.tournament}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> NightAdded:
        return cls(str(payload["series"]), str(payload["tournament"]))


SeriesEvent: TypeAlias = SeriesCreated | NightAdded
SERIES_EVENT_TYPES: dict[str, type[SeriesEvent]] = {
    cls.type: cls for cls in (SeriesCreated, NightAdded)
}


def series_event(type_name: str, payload: dict[str, Any]) -> SeriesEvent:
    try:
        cls = SERIES_EVENT_TYPES[type_name]
    except KeyError:
        raise TourneyError(
            _("unknown series event type {type_name!r}").format(type_name=type_name)
        ) from None
    return cls.from_payload(payload)


@dataclass(frozen=True)
class Series:
    settings: SeriesCreated
    nights: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.settings.name


@dataclass(frozen=True)
class SeriesState:
    series: Mapping[str, Series] = field(default_factory=dict)
    """By folded name, in creation order."""

    def find(self, name: str | None) -> Series:
        """The series called `name` (as names compare); with none, the only or newest one."""
        if not self.series:
            raise TourneyError(
                _('no series yet: create one with tourney series create "Winter League"')
            )
        if name is None:
            return list(self.series.values())[-1]
        found = self.series.get(fold(name))
        if found is None:
            known = ", ".join(repr(s.name) for s in self.series.values())
            raise TourneyError(
                _("no series called {name!r} (there are: {known})").format(
                    name=printable(name), known=known
                )
            )
        return found

    def of_night(self, tournament: str) -> Series | None:
        return next((s for s in self.series.values() if tournament in s.nights), None)


def fold_series(events: Iterable[SeriesEvent]) -> SeriesState:
    series: dict[str, Series] = {}
    for event in events:
        if isinstance(event, SeriesCreated):
            series[fold(event.name)] = Series(event)
        else:
            key = fold(event.series)
            if key in series and event.tournament not in series[key].nights:
                series[key] = replace(series[key], nights=(*series[key].nights, event.tournament))
    return SeriesState(series)


def decide_create(
    state: SeriesState, name: str, scoring: str, best: int | None, min_nights: int
) -> list[SeriesEvent]:
    if not fold(name):
        raise TourneyError(_("a series needs a name"))
    if fold(name) in state.series:
        raise TourneyError(
            _("a series called {name!r} already exists").format(name=printable(name))
        )
    if best is not None and best < 1:
        raise TourneyError(_("--best {best}: at least 1 night must count").format(best=best))
    if min_nights < 0:
        raise TourneyError(
            _("--min-nights {min_nights}: cannot be negative").format(min_nights=min_nights)
        )
    return [SeriesCreated(name, parse_scoring(scoring), best, min_nights)]


def decide_add(state: SeriesState, name: str, tournament: str) -> list[SeriesEvent]:
    series = state.find(name)
    other = state.of_night(tournament)
    if other is not None:
        raise TourneyError(
            _("{tournament!r} is a night of the series {name!r} already").format(
                tournament=tournament, name=other.name
            )
        )
    return [NightAdded(series.name, tournament)]


@dataclass(frozen=True)
class SeriesRow:
    rank: int
    tied: bool
    person: str
    name: str
    points: tuple[Fraction | None, ...]
    """Each night's points, in the series' order (None: not played)."""
    dropped: frozenset[int]
    """Indexes of nights played that do not count (beyond the best N)."""
    total: Fraction
    counted: Fraction
    nights: int
    meets_minimum: bool


@dataclass(frozen=True)
class NightLine:
    """A line of a night's final standings, as the series reads it."""

    members: tuple[str, ...]
    """The player ids the line scores for (both partners of a partnership)."""
    rank: int
    match_points: Fraction
    played: int
    byes: int


def night_lines(state: TournamentState) -> list[NightLine]:
    """A night's standings lines, computed from its state (`standings_of`)."""
    from tourney.tournament.standings.standings import standings_of

    return [
        NightLine(
            state.teams[row.entrant_id].members
            if row.entrant_id in state.teams
            else (row.entrant_id,),
            row.rank,
            row.match_points,
            row.played,
            row.byes,
        )
        for row in standings_of(state)
    ]


def places_of(scoring: str) -> list[Fraction] | None:
    """The points of each place (``places:10,7,5,3``), None for match points."""
    if not scoring.startswith("places:"):
        return None
    return [Fraction(v) for v in scoring[len("places:") :].split(",")]


def night_points(line: NightLine, places: Sequence[Fraction] | None) -> Fraction:
    """A standings line's points for the night: its match points, or with `places` its
    place's (`places_of`)."""
    if places is None:
        return line.match_points
    return places[line.rank - 1] if line.rank <= len(places) else Fraction(0)


def standings(
    series: Series,
    nights: Mapping[str, Sequence[NightLine]],
    person_of: Callable[[str, str], str],
    name_of: Callable[[str], str],
) -> list[SeriesRow]:
    """The series table from each night's standings lines (see the module's docstring for
    the rules); a night absent from `nights` counts for no one."""
    settings = series.settings
    count = len(series.nights)
    scores: dict[str, list[Fraction | None]] = {}
    places = places_of(settings.scoring)
    for index, slug in enumerate(series.nights):
        for line in nights.get(slug, ()):
            if line.played == 0 and line.byes == 0:
                continue
            earned = night_points(line, places)
            for member in line.members:
                person = person_of(slug, member)
                held = scores.setdefault(person, [None] * count)[index]
                scores[person][index] = earned if held is None else max(held, earned)
    rows: list[tuple[Any, ...]] = []
    for person, points in scores.items():
        played = [(p, i) for i, p in enumerate(points) if p is not None]
        kept = sorted(played, key=lambda pi: (-pi[0], pi[1]))
        if settings.best is not None:
            kept = kept[: settings.best]
        kept_at = {i for _, i in kept}
        dropped = frozenset(i for _, i in played if i not in kept_at)
        total = sum((p for p, _ in played), Fraction(0))
        counted = sum((p for p, _ in kept), Fraction(0))
        rows.append(
            (
                person,
                tuple(points),
                dropped,
                total,
                counted,
                len(played),
                max((p for p, _ in played), default=Fraction(0)),
            )
        )

    def key(row: tuple[Any, ...]) -> tuple[Any, ...]:
        """Smaller is better: qualified first, then the tie-breaks in order."""
        _person, _points, _dropped, total, counted, played, best_night = row
        return (played < settings.min_nights, -counted, -total, -played, -best_night)

    rows.sort(key=lambda r: (key(r), fold(name_of(r[0]))))
    keys = [key(r) for r in rows]
    ranked: list[SeriesRow] = []
    for i, row in enumerate(rows):
        first = i if i == 0 or keys[i] != keys[i - 1] else ranked[-1].rank - 1
        tied = keys[i] in (keys[i - 1] if i else None, keys[i + 1] if i + 1 < len(keys) else None)
        person, points, dropped, total, counted, played, _best = row
        ranked.append(
            SeriesRow(
                first + 1,
                tied,
                person,
                name_of(person),
                points,
                dropped,
                total,
                counted,
                played,
                played >= settings.min_nights,
            )
        )
    return ranked


def describe(settings: SeriesCreated) -> str:
    """The series' rules in words, for a heading."""
    scoring = (
        "match points"
        if settings.scoring == "match-points"
        else "places " + settings.scoring[len("places:") :]
    )
    parts = [f"scored by {scoring}"]
    if settings.best is not None:
        parts.append(f"best {settings.best} nights count")
    if settings.min_nights:
        parts.append(f"at least {settings.min_nights} nights to qualify")
    return "; ".join(parts)


def sequence_text(points: Sequence[Fraction | None]) -> list[str]:
    from tourney.tournament.matches import points_text

    return ["" if p is None else points_text(p) for p in points]
