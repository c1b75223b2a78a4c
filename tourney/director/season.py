"""The season in the store: every tournament folded (`tourney.season.nights`), the roster
stream and the series stream folded, and the roster's and series' commands appended.

Everything shown is folded from the events at the moment it is asked for (ratings,
standings of a series, the roster), with two exceptions read from the tournament read
models, which `rebuild` remakes from the events: a series' nights' standings lines
(`series_lines`) and, for `tourney ratings`, each tournament's entries and rated tables
(`rated_season`). Each tournament is read by its own stream (an index lookup), never by
scanning the log, so unrelated events cost nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.i18n import _
from tourney.season.nights import Night, night_of
from tourney.season.roster import (
    ROSTER_STREAM,
    Club,
    Entry,
    RosterEvent,
    RosterState,
    club,
    entries,
    fold_roster,
    roster_event,
)
from tourney.season.series import (
    SERIES_STREAM,
    NightLine,
    Series,
    SeriesEvent,
    SeriesRow,
    SeriesState,
    fold_series,
    series_event,
)
from tourney.tournament.streams import tournament_stream

if TYPE_CHECKING:
    from tourney.director.desk import DirectorDesk, Effects, Loaded
    from tourney.season.ratings import RatedMatch, Ratings
    from tourney.store.eventstore import EventStore, StreamAppend
    from tourney.tournament.events import TournamentEvent
    from tourney.tournament.state import TournamentState


@dataclass(frozen=True)
class Season:
    """Every tournament, the roster applied to their entries, and the series, with the
    versions of the roster and series streams they were read at."""

    nights: list[Night]
    club: Club
    roster_version: int
    series: SeriesState
    series_version: int

    def night(self, slug: str) -> Night:
        return next(n for n in self.nights if n.slug == slug)


def entries_of(nights: Sequence[Night]) -> list[Entry]:
    """Every tournament's players (removed registrations left out), tournament by
    tournament in creation order, each in registration order."""
    return [entry for night in nights for entry in entries(night.slug, night.state)]


def load_nights(store: EventStore, entries_only: bool = False) -> list[Night]:
    from tourney.streams import tournaments

    nights = [
        night_of(slug, store.read_stream(tournament_stream(slug)), entries_only)
        for slug in tournaments.slugs(store)
    ]
    return [night for night in nights if night.state.settings is not None]


def load_season(store: EventStore, entries_only: bool = False) -> Season:
    """The season as the events say now; with `entries_only`, each tournament's settings
    and entries only (the roster, the series' nights), not its rounds and results."""
    nights = load_nights(store, entries_only)
    roster_stored = list(store.read_stream(ROSTER_STREAM))
    roster: RosterState = fold_roster(roster_event(e.type, e.payload) for e in roster_stored)
    series_stored = list(store.read_stream(SERIES_STREAM))
    series = fold_series(series_event(e.type, e.payload) for e in series_stored)
    return Season(
        nights,
        club(roster, entries_of(nights)),
        roster_stored[-1].version if roster_stored else 0,
        series,
        series_stored[-1].version if series_stored else 0,
    )


def roster_append(
    season: Season, events: Sequence[RosterEvent], recorded_by: str | None
) -> list[StreamAppend]:
    """The roster's events as an append expecting the version the season was read at."""
    from tourney.store.eventstore import NewEvent, StreamAppend

    if not events:
        return []
    new = [NewEvent(e.type, e.to_payload(), recorded_by=recorded_by) for e in events]
    return [StreamAppend(ROSTER_STREAM, new, season.roster_version)]


def series_append(
    season: Season, events: Sequence[SeriesEvent], recorded_by: str | None
) -> list[StreamAppend]:
    """The series' events as an append expecting the version the season was read at."""
    from tourney.store.eventstore import NewEvent, StreamAppend

    if not events:
        return []
    new = [NewEvent(e.type, e.to_payload(), recorded_by=recorded_by) for e in events]
    return [StreamAppend(SERIES_STREAM, new, season.series_version)]


def append(store: EventStore, appends: list[StreamAppend]) -> None:
    """Append in one transaction; another director's write in between refuses it whole."""
    from tourney.errors import TourneyError
    from tourney.store.errors import ConcurrencyError

    if not appends:
        return
    try:
        store.append_streams(appends)
    except ConcurrencyError as exc:
        raise TourneyError(
            _(
                "{stream_id} changed while this command was deciding: nothing recorded, try again"
            ).format(stream_id=exc.stream_id)
        ) from None


def linking(
    store: EventStore,
    new: bool,
    person: str | None,
    recorded_by: str | None,
    *,
    ask_near: bool = False,
) -> tuple[Effects, list[str]]:
    """What `player add` appends to the roster with a registration, in its transaction: the
    entry linked to the club's person (`tourney.season.roster.decide_link`), and the lines
    that say whom. Refused (nothing written) when the name is several people's, or with
    `ask_near` when it is no one's but looks like someone's (until `person` or `new`).

    The roster is read each time the desk decides, so that when another command appended
    to it meanwhile, the desk's second attempt decides on the roster as it is now."""
    from tourney.season.roster import decide_link
    from tourney.tournament.events import PlayerRegistered

    said: list[str] = []

    def effects(loaded: Loaded, events: Sequence[TournamentEvent]) -> list[StreamAppend]:
        season = load_season(store, entries_only=True)
        said.clear()
        linked: list[RosterEvent] = []
        for event in events:
            if isinstance(event, PlayerRegistered):
                entry = Entry(loaded.slug, event.player_id, event.name)
                more, line = decide_link(season.club, entry, new, person, ask_near=ask_near)
                linked += more
                said.append(line)
        return roster_append(season, linked, recorded_by)

    return effects, said


def load_series(store: EventStore) -> tuple[SeriesState, int]:
    """The series stream alone, folded, and its version."""
    stored = list(store.read_stream(SERIES_STREAM))
    return (
        fold_series(series_event(e.type, e.payload) for e in stored),
        stored[-1].version if stored else 0,
    )


def night_in_series(store: EventStore, name: str | None, recorded_by: str | None) -> Effects | None:
    """What `tournament create --series NAME` appends with the new tournament: the night
    added to the series (refused, nothing written, when there is no such series)."""
    from tourney.season.series import decide_add
    from tourney.store.eventstore import NewEvent, StreamAppend

    if name is None:
        return None
    load_series(store)[0].find(name)  # refused here, before the tournament is decided

    def effects(loaded: Loaded, _events: Sequence[TournamentEvent]) -> list[StreamAppend]:
        state, version = load_series(store)  # as it is now, the append expecting it
        events = decide_add(state, name, loaded.slug)
        new = [NewEvent(e.type, e.to_payload(), recorded_by=recorded_by) for e in events]
        return [StreamAppend(SERIES_STREAM, new, version)]

    return effects


def series_lines(store: EventStore, season: Season, series: Series) -> dict[str, list[NightLine]]:
    """Each night's final standings lines, from the standings read model (kept current, and
    equal to the tournament's fold by construction), partnerships mapped to their members."""
    from functools import cache

    from tourney.projections.standings_view import read_standings
    from tourney.tournament.events import parse_fraction

    points = cache(parse_fraction)  # a few values, on thousands of lines

    lines: dict[str, list[NightLine]] = {}
    known = {night.slug: night for night in season.nights}
    for slug in series.nights:
        if slug not in known:
            continue
        teams = known[slug].state.teams
        _heading, rows = read_standings(store, slug)
        lines[slug] = [
            NightLine(
                teams[row["entrant_id"]].members
                if row["entrant_id"] in teams
                else (str(row["entrant_id"]),),
                int(row["rank"]),
                points(row["match_points"]),
                int(row["played"]),
                int(row["byes"]),
            )
            for row in rows
        ]
    return lines


def pairing_ratings(director: DirectorDesk, slug: str) -> dict[str, float] | None:
    """What seeds round 1 of `slug` when it was created ``--seed-by rating``: each of its
    players' OpenSkill ordinal folded from every rated match in the store now (players
    with no rated match left out); None when not needed (another seeding, or round 1
    paired already), so that pairing reads nothing more. The core records the order it
    gives, and replay never rates again. The ratings are the tournament's game's alone
    (`rate_games`): a Racehorse knockout is not seeded by Horse Race results."""
    from tourney.season.ratings import rate_games, rated_matches

    state = director.load(slug).state
    if state.settings is None or state.created.seed_by != "rating" or state.rounds:
        return None
    season = load_season(director.store)
    played = state.created.game
    ratings = rate_games(rated_matches(season.nights, season.club.person_of), played)[
        played
    ].players
    found: dict[str, float] = {}
    for player_id in state.players:
        person = season.club.of.get((slug, player_id))
        if person is not None and person in ratings:
            found[player_id] = ratings[person].ordinal
    return found


def season_key(store: EventStore) -> tuple[int, ...]:
    """Changes whenever anything `load_season` reads changes (a tournament's events, the
    roster's, the series'), read from the streams' versions alone (index lookups, nothing
    folded)."""
    from tourney.streams import tournaments

    slugs = tournaments.slugs(store)
    versions = [store.stream_version(tournament_stream(slug)) for slug in slugs]
    return (store.stream_version(ROSTER_STREAM), store.stream_version(SERIES_STREAM), *versions)


SeriesTables = tuple[SeriesState, dict[str, list[SeriesRow]], Club]
"""Every series, each one's table by its name, and who everyone is (`series_tables`)."""


def series_tables(store: EventStore) -> SeriesTables:
    """Every series and its table now (by series name), and who everyone is."""
    from tourney.season.series import standings

    season = load_season(store)
    club_ = season.club
    tables = {
        series.name: standings(
            series, series_lines(store, season, series), club_.person_of, club_.name_of
        )
        for series in season.series.series.values()
    }
    return season.series, tables, club_


def club_ratings(store: EventStore) -> tuple[dict[str, Ratings], Club]:
    """The club's ratings now, each game's own (`rate_games`, by the game's registry name),
    and who everyone is."""
    from tourney.season.ratings import rate_games, rated_matches

    season = load_season(store)
    return rate_games(rated_matches(season.nights, season.club.person_of)), season.club


def rated_season(store: EventStore) -> tuple[list[RatedMatch], Club]:
    """Every rated match of the database, in the order `rate` takes them, and who everyone
    is: what `club_ratings` folds from every tournament's events, read instead from the
    tournament read models (`read_rated`: each tournament's entries and rated tables, kept
    current by every command's catch-up) and the roster stream. The same matches, without
    decoding and folding every event of the season (bench/ratings_bench.py). For a
    command, whose store has caught its read models up; `serve` folds (`club_ratings`),
    its read models being caught up by a thread of their own."""
    import orjson

    from tourney.projections.standings_view import read_rated
    from tourney.season.ratings import RatedMatch, in_order, of_people

    rows, entered = read_rated(store)
    roster = fold_roster(roster_event(e.type, e.payload) for e in store.read_stream(ROSTER_STREAM))
    club_ = club(roster, entered)
    person_of, loads = club_.person_of, orjson.loads
    rated: list[RatedMatch] = []
    for slug, match_id, position, game, teams_text, ranks_text in rows:
        teams = of_people(slug, loads(teams_text), person_of)
        if teams is not None:
            ranks = tuple(loads(ranks_text))
            rated.append(RatedMatch(match_id, slug, teams, ranks, int(position), game))
    return in_order(rated), club_


def table_chances(
    ratings: Ratings, club: Club, slug: str, state: TournamentState, match_id: str
) -> list[tuple[str, float]] | None:
    """Each side of table `match_id` with its chance to win (`win_chances`), in seat order
    of the sides; None when someone at the table has no rating history."""
    from tourney.season.ratings import win_chances

    record = state.matches.get(match_id)
    if record is None:
        return None
    teams: list[tuple[str, ...]] = []
    for entrant in record.sides:
        members = state.teams[entrant].members if entrant in state.teams else (entrant,)
        people = [club.of.get((slug, m)) for m in members]
        if any(p is None for p in people):
            return None
        teams.append(tuple(p for p in people if p is not None))
    chances = win_chances(ratings, teams)
    if chances is None:
        return None
    return [(state.entrant_name(e), c) for e, c in zip(record.sides, chances, strict=True)]
