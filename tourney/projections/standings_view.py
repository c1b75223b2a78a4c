"""The tournament read models: one `tournament_views` row per `tournament-<slug>` stream and
its `standings_views` lines, computed only by folding the stream through the pure tournament
core (`tourney.tournament`) and ranking it with `standings_of`; and what the season's
ratings read of it (`read_rated`): its entries (`entry_views`) and its rated tables
(`rated_views`, `tourney.season.ratings.rated_tables`, each with the log position of its
match's first result), so that `tourney ratings` reads rows instead of folding every
tournament of the database.

For every tournament stream a batch touches, the stream is folded up to the last version in
the batch and that tournament's rows are replaced. The folded state of the most recently
touched streams is kept with the version it covers, and folding resumes from it when the
stream has not been folded past that version meanwhile; the state is immutable, so the
result is the same as folding from the first event, the cache only saves the work. A
command that folded a whole stream to decide (the director's desk, `remember`) hands its
state over, so that the catch-up after its append folds only the events it appended, not
the whole tournament a second time in the same process.

A stream the core cannot fold (an unknown event type, an event it refuses: never appended
by a command, but a hand-edited database may hold one) has no rows.

The tournament core is imported on first use: a one-shot scorer command that touches no
tournament does not pay for it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tourney.errors import TourneyError
from tourney.i18n import _
from tourney.store.projector import Batch, problems

if TYPE_CHECKING:
    from tourney.season.roster import Entry
    from tourney.store.eventstore import EventStore, StoredEvent
    from tourney.tournament.state import TournamentState

STREAM_PREFIX = "tournament-"  # as `tourney.director.desk.tournament_stream` names them
TOURNAMENTS = "tournament_views"
STANDINGS = "standings_views"
ENTRIES = "entry_views"
RATED = "rated_views"
CACHE_SIZE = 16

TOURNAMENT_COLUMNS = (
    "slug",
    "name",
    "format",
    "table_size",
    "partnerships",
    "target",
    "rounds",
    "rounds_paired",
    "players",
    "status",
)
# The fields of `StandingRow.to_dict()`, in its order: the JSON export is rebuilt from them.
STANDING_FIELDS = (
    "rank",
    "tied",
    "entrant_id",
    "name",
    "club",
    "match_points",
    "match_points_float",
    "played",
    "wins",
    "shared_wins",
    "losses",
    "byes",
    "buchholz",
    "points_scored",
    "head_to_head",
    "withdrawn",
    "prize",
    "penalty",
)
_BOOLEANS = frozenset({"tied", "withdrawn"})


class StandingsProjection:
    """Settings, progress and standings of every tournament."""

    name = "standings_views"
    revision = 7  # raise when the rows this code writes change (see `Projection.revision`)
    policy = False
    per_stream = True  # a tournament's rows come from its own stream: a rebuild may split it

    def __init__(self, cache_size: int = CACHE_SIZE) -> None:
        self._cache: OrderedDict[str, tuple[int, TournamentState, dict[str, int]]] = OrderedDict()
        self._cache_size = cache_size

    def tables(self) -> Sequence[str]:
        return [TOURNAMENTS, STANDINGS, ENTRIES, RATED]

    def wants(self, stream_id: str) -> bool:
        return stream_id.startswith(STREAM_PREFIX)

    def reset(self) -> None:
        self._cache.clear()

    def remember(
        self, stream_id: str, stored: Sequence[StoredEvent], state: TournamentState
    ) -> None:
        """Keep `state`, what the whole stream `stored` (every event of `stream_id` from
        version 1, as this process's store read them) folds to through the tournament core,
        as if this projection had folded it: the next batch of that stream resumes from it.
        A part of a stream, or one older than what is kept, is not kept."""
        from tourney.season.nights import note_recorded

        if not self.wants(stream_id) or not stored:
            return
        version = stored[-1].version
        if stored[0].version != 1 or version != len(stored):
            return
        cached = self._cache.get(stream_id)
        if cached is not None and cached[0] >= version:
            return
        recorded: dict[str, int] = {}
        for event in stored:
            note_recorded(recorded, event)
        self._keep(stream_id, version, state, recorded)

    def _keep(
        self, stream_id: str, version: int, state: TournamentState, recorded: dict[str, int]
    ) -> None:
        self._cache.pop(stream_id, None)
        self._cache[stream_id] = (version, state, recorded)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def apply(self, batch: Batch) -> None:
        given: dict[str, list[StoredEvent]] = {}
        for event in batch.events:
            given.setdefault(event.stream_id, []).append(event)
        cursor, mark = batch.cursor, batch.mark
        for stream_id, events in given.items():
            slug = stream_id[len(STREAM_PREFIX) :]
            folded = self._fold(batch.store, stream_id, events)
            for table in (STANDINGS, TOURNAMENTS, ENTRIES, RATED):
                cursor.execute(f"DELETE FROM {table} WHERE slug = {mark}", (slug,))
            if folded is None or folded[0].settings is None:
                continue
            state, recorded = folded
            tournament, standings = _rows(slug, state)
            cursor.execute(
                f"INSERT INTO {TOURNAMENTS} ({', '.join(TOURNAMENT_COLUMNS)}) "
                f"VALUES ({batch.marks(len(TOURNAMENT_COLUMNS))})",
                tournament,
            )
            if standings:
                columns = ("slug", "line", *STANDING_FIELDS)
                cursor.executemany(
                    f"INSERT INTO {STANDINGS} ({', '.join(columns)}) "
                    f"VALUES ({batch.marks(len(columns))})",
                    standings,
                )
            entries, rated = _season_rows(slug, state, recorded)
            if entries:
                cursor.executemany(
                    f"INSERT INTO {ENTRIES} (slug, player_id, line, name) "
                    f"VALUES ({batch.marks(4)})",
                    entries,
                )
            if rated:
                cursor.executemany(
                    f"INSERT INTO {RATED} (slug, match_id, position, game, teams, ranks) "
                    f"VALUES ({batch.marks(6)})",
                    rated,
                )

    def _fold(
        self, store: EventStore, stream_id: str, given: Sequence[StoredEvent]
    ) -> tuple[TournamentState, dict[str, int]] | None:
        """The stream folded up to the last version of `given` (its events in the batch),
        and where each match's first result stands in the log
        (`tourney.season.nights.note_recorded`); None when the core cannot fold it. The
        events after the cached state are `given` when they are all there (a rebuild gives
        a whole stream), else read from the store."""
        from tourney.season.nights import note_recorded
        from tourney.tournament.events import event_from_payload
        from tourney.tournament.state import TournamentState, evolve

        version = given[-1].version
        cached = self._cache.pop(stream_id, None)
        recorded: dict[str, int] = {}
        start, state = (0, TournamentState())
        if cached is not None and cached[0] <= version:
            start, state, noted = cached
            recorded = dict(noted)  # the cached map stays as it was, as the state does
        count = version - start
        whole = len(given) == count and count > 0 and given[0].version == start + 1
        events = given if whole else store.read_stream(stream_id, start, version)
        try:
            for stored in events:
                state = evolve(state, event_from_payload(stored.type, stored.payload))
                note_recorded(recorded, stored)
        except TourneyError:
            return None
        self._keep(stream_id, version, state, recorded)
        return state, recorded


def _rows(slug: str, state: TournamentState) -> tuple[tuple[Any, ...], list[tuple[Any, ...]]]:
    """The `tournament_views` row and the `standings_views` rows of a folded tournament."""
    from tourney.tournament.entries.entries import last_round
    from tourney.tournament.standings.standings import standings_of

    settings = state.created
    rounds = last_round(state)
    if not state.rounds:
        status = "registering"
    elif len(state.rounds) >= rounds and all(m.outcome is not None for m in state.matches.values()):
        status = "finished"
    else:
        status = "in_progress"
    tournament = (
        slug,
        settings.name,
        settings.format,
        settings.table_size,
        settings.partnerships,
        settings.target,
        rounds,
        len(state.rounds),
        len(state.players),
        status,
    )
    standings = []
    for line, row in enumerate(standings_of(state)):
        values = row.to_dict()
        standings.append((slug, line, *(values[field] for field in STANDING_FIELDS)))
    return tournament, standings


def _season_rows(
    slug: str, state: TournamentState, recorded: dict[str, int]
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The `entry_views` rows (players in registration order: `tourney.season.roster.entries`)
    and the `rated_views` rows of a folded
    tournament."""
    import orjson

    from tourney.season.ratings import rated_tables
    from tourney.season.roster import entries as entries_in_order

    entries = [
        (slug, e.player_id, line, e.name) for line, e in enumerate(entries_in_order(slug, state))
    ]
    game = state.created.game
    rated = [
        (slug, match_id, recorded.get(match_id, 0), game, orjson.dumps(teams).decode(),
         orjson.dumps(ranks).decode())
        for match_id, teams, ranks in rated_tables(state)
    ]  # fmt: skip
    return entries, rated


def read_rated(store: EventStore) -> tuple[list[tuple[str, str, int, str, str, str]], list[Entry]]:
    """Every tournament's rated tables (slug, match id, position, game, and the teams and
    ranks as JSON text) and then every tournament's entries, tournament by tournament in
    creation order, each in registration order (`tourney.director.season.entries_of`).
    Raises TourneyError when an event of a tournament could not be applied to these read
    models (tampering or a fault: its tables would be left out of the ratings unseen).

    In this order, so that the entries name every player of the tables read before them
    even if another process appends in between (a player is registered before playing)."""
    from tourney.season.roster import Entry

    refused = [p[2:] for p in problems(store) if p[0] == StandingsProjection.name]
    if refused:  # its tables would be missing from the ratings, silently: say so instead
        stream, version, message = refused[0]
        raise TourneyError(
            _(
                "{stream} cannot be rated: its event {version} could not be applied"
                " ({message}); `tourney verify` names every such event"
            ).format(stream=stream, version=version, message=message)
        )
    rated = store.fetch_rows(
        f"SELECT r.slug, r.match_id, r.position, r.game, r.teams, r.ranks FROM {RATED} r"
        " JOIN tournaments t ON t.slug = r.slug",
        (),
    )
    rows = store.fetch_rows(
        f"SELECT e.slug, e.player_id, e.name FROM {ENTRIES} e"
        " JOIN tournaments t ON t.slug = e.slug ORDER BY t.position, e.line",
        (),
    )
    return rated, [Entry(str(slug), str(player), str(name)) for slug, player, name in rows]


def read_standings(store: EventStore, slug: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The heading of tournament `slug` (name, slug, format, rounds, paired) and its
    standings lines (as `StandingRow.to_dict()` gives them), from the read model, in one
    statement (one snapshot). Raises TourneyError when the read model has no such tournament.
    """
    mark = store.mark
    rows = store.fetch_rows(
        "SELECT t.name, t.slug, t.format, t.rounds, t.rounds_paired, "
        + ", ".join(f"s.{field}" for field in STANDING_FIELDS)
        + f" FROM {TOURNAMENTS} t LEFT JOIN {STANDINGS} s ON s.slug = t.slug"
        + f" WHERE t.slug = {mark} ORDER BY s.line",
        (slug,),
    )
    if not rows:
        raise TourneyError(
            _("no tournament {slug} in the read model {table}").format(
                slug=repr(slug), table=TOURNAMENTS
            )
        )
    name, found, format_, rounds, paired = rows[0][:5]
    heading = {
        "name": name,
        "slug": found,
        "format": format_,
        "rounds": int(rounds),
        "paired": int(paired),
    }
    lines = []
    for row in rows:
        if row[5] is None:  # a tournament with no entrant yet: the LEFT JOIN's empty side
            continue
        line = dict(zip(STANDING_FIELDS, row[5:], strict=True))
        for field in _BOOLEANS:
            line[field] = bool(line[field])
        line["match_points_float"] = float(line["match_points_float"])
        lines.append(line)
    return heading, lines
