"""Finding tournaments by key: the `tournaments` registry (slug, display name, creation
order), which the database fills in the transaction that appends a tournament's first event
(migration 0006). Every lookup is an index lookup; none reads the log.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from tourney.names import fold

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore, StoredEvent
    from tourney.tournament.state import TournamentState


class Listed(NamedTuple):
    """A tournament as `tourney tournament list` shows it: the registry's slug and name, and
    the tournament read model's summary (None where the read model has no row for it)."""

    slug: str
    name: str
    format: str | None
    table_size: int | None
    players: int | None
    rounds_paired: int | None


def slugs(store: "EventStore") -> list[str]:
    """Every tournament's slug, oldest first."""
    return [slug for slug, _name in store.tournaments()]


def newest(store: "EventStore") -> str | None:
    """The slug of the tournament created last, None when there is none."""
    return store.newest_tournament()


def exists(store: "EventStore", slug: str) -> bool:
    """Whether a tournament has the slug `slug`."""
    return store.registered(slug)


def find(store: "EventStore", name: str) -> str | None:
    """The slug of the tournament called `name`: its slug, else its display name, compared
    as names are everywhere (`names.fold`: case and accents aside; the oldest of several of
    that name); None when none is."""
    wanted = fold(name)
    typed = name.strip().casefold()
    if exists(store, typed):  # slugs are lower-case already
        return typed
    found = _named(store.tournaments(named=name.strip()), wanted)
    if found is None:
        # The database's lower() folds less than `fold` (SQLite: ASCII case only; neither
        # drops accents), so a name typed another way is looked for among them all: the
        # registry holds one short row per tournament, never the log.
        found = _named(store.tournaments(), wanted)
    return found


def _named(rows: Sequence[tuple[object, ...]], wanted: str) -> str | None:
    for slug, title in rows:
        if wanted in (fold(str(title)), fold(str(slug))):
            return str(slug)
    return None


def listing(store: "EventStore") -> list[Listed]:
    """Every tournament, oldest first, with its summary from the read model (in one
    statement, so one snapshot)."""
    rows = store.fetch_rows(
        "SELECT r.slug, r.name, v.format, v.table_size, v.players, v.rounds_paired "
        "FROM tournaments AS r LEFT JOIN tournament_views AS v ON v.slug = r.slug "
        "ORDER BY r.position",
        (),
    )
    return [
        Listed(
            str(slug),
            str(name),
            None if format_ is None else str(format_),
            None if size is None else int(size),
            None if players is None else int(players),
            None if paired is None else int(paired),
        )
        for slug, name, format_, size, players, paired in rows
    ]


def played(
    store: "EventStore", slug: str, *, check: bool = True
) -> "tuple[TournamentState, list[StoredEvent]]":
    """Tournament `slug`'s state and the stored events it was folded from, refused in one
    line when there is no such tournament or this tourney does not have its format or its
    game (`format.check_installed`): the one reading of a stored tournament, the
    director's desk's and the scorer's, so that a tourney that cannot play a tournament
    never shows, pairs, ranks or records it. `check=False` only for a listing of the
    database's tournaments (`tournament list`), which names them without reading them for
    play."""
    from tourney.errors import TourneyError
    from tourney.i18n import _
    from tourney.tournament.format import check_installed
    from tourney.tournament.streams import fold_stored, tournament_stream

    stored = list(store.read_stream(tournament_stream(slug)))
    if not stored:
        raise TourneyError(_("no tournament {slug!r}").format(slug=slug))
    state = fold_stored(stored)
    if check:
        check_installed(state)
    return state, stored


def check_playable(store: "EventStore", slug: str) -> None:
    """The refusal of `played`, from the names tournament `slug`'s first event stores
    (`format.check_names`: one row read, nothing folded, no format or game loaded): what a
    scorer's command at one of its tables pays, so that a table of a tournament this
    tourney cannot play records nothing its result would post to that tournament."""
    from tourney.gamekit.stored import DEFAULT_GAME
    from tourney.streams.matches import TOURNAMENT_STREAMS
    from tourney.tournament.format import check_names

    # the stream's name without `tourney.tournament.streams`, which loads the whole fold
    first = list(store.read_stream(f"{TOURNAMENT_STREAMS}{slug}", 0, 1))
    if first:
        payload = first[0].payload
        check_names(str(payload.get("format")), str(payload.get("game", DEFAULT_GAME)))
