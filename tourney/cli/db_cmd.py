"""`tourney db upgrade`, `tourney db status`, `tourney verify`, `tourney rebuild`: the event
store's own commands."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tourney.cli.options import json_flag
from tourney.errors import TourneyError, quote
from tourney.i18n import _, ngettext
from tourney.streams.matches import upcasters

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="TOURNEY_DATABASE_URL",
        show_envvar=True,
        help="Database: a SQLite path or sqlite:///PATH, or postgresql+psycopg://USER@HOST/NAME."
        " Default: tourney.db in the working folder.",
    ),
]
JsonOption = Annotated[bool, json_flag("the report")]

db_app = typer.Typer(
    help="The database: schema upgrades and status.\n\nExample: tourney db status",
    no_args_is_help=True,
)


def _print_json(obj: Any) -> None:
    import json

    print(json.dumps(obj, ensure_ascii=False))


@db_app.command("upgrade")
def upgrade(db: DbOption = None) -> None:
    """Upgrade the database schema to the newest revision (creating a fresh database).

    Every command does this on first use; this command only says so explicitly.

    Example: tourney db upgrade --db tourney.db
    """
    from tourney.store.database import make_engine, resolve_url, safe_url
    from tourney.store.migrate import HEAD_REVISION, ensure_schema

    engine = make_engine(resolve_url(db))
    try:
        was = ensure_schema(engine)
    finally:
        engine.dispose()
    state = "already at" if was == HEAD_REVISION else f"upgraded from {was or 'empty'} to"
    print(
        _("{safe_url}: {state} revision {head_revision}").format(
            safe_url=safe_url(engine.url), state=state, head_revision=HEAD_REVISION
        )
    )


@db_app.command("status")
def status(db: DbOption = None, as_json: JsonOption = False) -> None:
    """Show the database, its schema revision, its events and its read models.

    Counts the events and streams, and tells how far each read model has caught up.

    Example: tourney db status --json
    """
    from tourney.projections import default_projections
    from tourney.store.eventstore import EventStore
    from tourney.store.projector import Projector

    with EventStore.from_url(db, reads_only=True, registry=upcasters()) as store:
        projector = Projector(store, default_projections())
        (revision,) = store.fetch_rows("SELECT version_num FROM alembic_version", ())[0]
        report: dict[str, Any] = {
            "database": store.url,
            "backend": store.dialect,
            "revision": str(revision),
            "events": _count(store, "events"),
            "streams": _count(store, "streams"),
            "last_position": store.max_position(),
            "projections": [
                {"name": s.name, "position": s.position, "behind": s.behind}
                for s in projector.status()
            ],
        }
    if as_json:
        _print_json(report)
        return
    print(
        _("database   {database} ({backend})").format(
            database=report["database"], backend=report["backend"]
        )
    )
    print(_("revision   {revision}").format(revision=report["revision"]))
    print(
        _("events     {events} in {counted}").format(
            events=report["events"],
            counted=ngettext("{n} stream", "{n} streams", report["streams"]).format(
                n=report["streams"]
            ),
        )
    )
    for projection in report["projections"]:
        state = _("behind") if projection["behind"] else _("current")
        print(
            _("projection {name} at position {position} ({state})").format(
                name=projection["name"], position=projection["position"], state=state
            )
        )


@db_app.command("backup")
def backup(
    to: Annotated[
        str,
        typer.Argument(
            help="The new file, or a folder to put it in (named after the database and the "
            "time, e.g. tourney-20261201-2130.db).",
            show_default=False,
        ),
    ],
    db: DbOption = None,
) -> None:
    """Copy the database, every committed event included, while it is in use.

    Copy it with this, not with a file copy: while tourney has the database open (`serve`
    all evening, or any command), its latest moves are in the -wal file beside it. The copy
    is one self-contained SQLite file, checked (every hash chain) before this says it is
    done; an existing file is never replaced. Open a backup with --db FILE, or copy it back
    as tourney.db while nothing is running. For PostgreSQL, use pg_dump.

    Example: tourney db backup backups/
    """
    from datetime import UTC, datetime

    from tourney.output_files import check_place
    from tourney.store.backup import backup_sqlite
    from tourney.store.eventstore import EventStore
    from tourney.store.verify import verify as verify_store

    if not to.strip():
        raise TourneyError(_("db backup: no path given: name the new file or a folder for it"))
    folder = Path(to)
    check_place(folder)
    if to.endswith(("/", os.sep)) and not folder.is_dir():
        raise TourneyError(_("cannot write into {to}: the folder does not exist").format(to=to))
    with EventStore.from_url(db, create=False, registry=upcasters()) as store:
        target = folder
        if folder.is_dir():
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            target = folder / f"{_database_stem(store)}-{stamp}.db"
        if target.exists() or target.is_symlink():
            raise TourneyError(
                _("{target} already exists: a backup never replaces a file").format(target=target)
            )
        if not target.parent.is_dir():
            raise TourneyError(
                _("cannot write {target}: folder {parent} does not exist").format(
                    target=target, parent=target.parent
                )
            )
        backup_sqlite(store, target)
    with EventStore.from_url(
        str(target), create=False, upgrade=False, registry=upcasters()
    ) as copy:
        problems = verify_store(copy)
        events, streams = _count(copy, "events"), _count(copy, "streams")
    for problem in problems:
        print(_("problem: {problem}").format(problem=problem), file=sys.stderr)
    if problems:
        print(
            _(
                "backed up to {target}, with the problems above (the database "
                "has them too: tourney verify)"
            ).format(target=target),
            file=sys.stderr,
        )
        raise typer.Exit(1)
    print(
        _("backed up to {target}: {counted} in {counted2}, every hash chain intact").format(
            target=target,
            counted=ngettext("{n} event", "{n} events", events).format(n=events),
            counted2=ngettext("{n} stream", "{n} streams", streams).format(n=streams),
        )
    )


def _database_stem(store: EventStore) -> str:

    files = store.database_files()
    return files[0].stem if files else "tourney"


def _count(store: EventStore, table: str) -> int:
    return int(store.fetch_rows(f"SELECT COUNT(*) FROM {table}", ())[0][0])


def verify(
    db: DbOption = None,
    heads: Annotated[
        bool, typer.Option("--heads", help="Also print each stream's short head hash.")
    ] = False,
    sheet: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--sheet",
            help="A match and the integrity hash printed on its signed scoresheet: "
            "say whether the stream still holds exactly what was signed.",
            metavar="MATCH HASH",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Check every stream's hash chain and name what was tampered with.

    Each edited, removed, inserted or reordered event is named by stream and version, one
    line each on stderr, and the command exits 1. With --sheet, the hash printed on a signed
    paper scoresheet is looked up in that match's stream as well.

    Example: tourney verify --heads --sheet T3 5f1c2e9a0b7d
    """
    from tourney.store.eventstore import EventStore
    from tourney.store.reading import short
    from tourney.store.verify import Problem
    from tourney.store.verify import verify as verify_store

    with EventStore.from_url(db, reads_only=True, registry=upcasters()) as store:
        problems = verify_store(store)
        problems += [Problem(stream, 1, said) for stream, said in _not_installed(store)]
        if sheet is not None:
            _check_sheet(store, *sheet)
        head_rows = store.heads()
        events = _count(store, "events")
    if as_json:
        report: dict[str, Any] = {
            "ok": not problems,
            "events": events,
            "streams": len(head_rows),
            "problems": [
                {"stream": p.stream_id, "version": p.version, "message": p.message}
                for p in problems
            ],
        }
        if heads:
            report["heads"] = {str(s): {"version": v, "hash": short(h)} for s, v, h in head_rows}
        _print_json(report)
    else:
        if heads:
            for stream_id, version, head in head_rows:
                print(
                    _("{short}  {stream_id} (version {version})").format(
                        short=short(head), stream_id=stream_id, version=version
                    )
                )
        for problem in problems:
            print(_("problem: {problem}").format(problem=problem), file=sys.stderr)
        if not problems:
            print(
                _("ok: {counted} in {counted2}, every hash chain intact").format(
                    counted=ngettext("{n} event", "{n} events", events).format(n=events),
                    counted2=ngettext("{n} stream", "{n} streams", len(head_rows)).format(
                        n=len(head_rows)
                    ),
                )
            )
    if problems:
        raise typer.Exit(1)


def _check_sheet(store: Any, match: str, printed: str) -> None:
    """Say where the hash printed on a scoresheet stands in the match's stream; exit 1 when
    it is not there or events came after it."""
    from tourney.streams.matches import match_stream

    stream = match_stream(match)
    wanted = printed.strip().lower()
    if len(wanted) < 8 or any(c not in "0123456789abcdef" for c in wanted):
        raise TourneyError(
            _("--sheet: {printed} is not a printed hash (hex digits, at least 8)").format(
                printed=quote(printed)
            )
        )
    events = list(store.read_stream(stream))
    if not events:
        raise TourneyError(_("--sheet: match {match} has no events").format(match=match))
    head = events[-1]
    for event in events:
        if event.hash.startswith(wanted):
            if event.version == head.version:
                print(
                    _("sheet: {match} is exactly as signed ({wanted}, version {version})").format(
                        match=match, wanted=wanted, version=head.version
                    )
                )
                return
            print(
                ngettext(
                    "sheet: {match} was signed at version {version}; {n} event was "
                    "recorded after it",
                    "sheet: {match} was signed at version {version}; {n} events were "
                    "recorded after it",
                    head.version - event.version,
                ).format(match=match, version=event.version, n=head.version - event.version),
                file=sys.stderr,
            )
            raise typer.Exit(1)
    print(
        _(
            "sheet: no event of {match} has the hash {wanted}: the stream is not what was signed"
        ).format(match=match, wanted=wanted),
        file=sys.stderr,
    )
    raise typer.Exit(1)


@contextmanager
def _progress_bar(store: EventStore) -> Iterator[Callable[[int], None] | None]:
    """A transient progress bar of the events replayed, on stderr when it is a terminal
    (elsewhere nothing would show it: Rich and counting the events are spared)."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    events = _count(store, "events")
    columns = (TextColumn("rebuilding"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("rebuild", total=events)
        yield lambda done: bar.update(task, completed=done)


def rebuild(
    db: DbOption = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Rebuild even though events the read models had applied are gone "
            "(their checkpoints are what shows it: see `tourney verify`).",
        ),
    ] = False,
) -> None:
    """Empty every read model and rebuild it from the events.

    Shows a progress bar on stderr (a terminal) while it works; the tables come out
    identical. Refuses (exit 1, nothing changed) when events the read models had applied
    are no longer stored: rebuilding would forget that they were there.

    Example: tourney rebuild --db tourney.db
    """
    import time

    from tourney.projections import default_projections
    from tourney.store.eventstore import EventStore
    from tourney.store.projector import Projector
    from tourney.store.verify import lost_events

    started = time.perf_counter()
    with EventStore.from_url(db, create=False, registry=upcasters()) as store:
        missing = _not_installed(store)
        if missing:  # its read models would leave that tournament's events out
            raise TourneyError(
                _("not rebuilding: {stream}: {refusal}").format(
                    stream=missing[0][0], refusal=missing[0][1]
                )
            )
        lost = lost_events(store)
        if lost and not force:
            raise TourneyError(
                _(
                    "not rebuilding: {lost}; run `tourney verify`, or `tourney "
                    "rebuild --force` to rebuild from what is stored"
                ).format(lost=lost[0])
            )
        projector = Projector(store, default_projections())
        with _progress_bar(store) as progress:
            read = projector.rebuild(progress=progress)
    names = ", ".join(p.name for p in projector.projections if not p.policy)
    print(
        _("rebuilt {names} from {counted} in {value:.2f} s").format(
            names=names,
            counted=ngettext("{n} event", "{n} events", read).format(n=read),
            value=time.perf_counter() - started,
        )
    )


def _not_installed(store: EventStore) -> list[tuple[str, str]]:
    """Each stored tournament whose format or game this tourney does not have: its stream
    and the refusal every command gives it (`check_installed`), read from its first event;
    then the first match stream of each game not installed that no such tournament named
    (a match started outside a tournament: its read model could only say "invalid")."""
    import json

    from tourney.gamekit import game_of
    from tourney.gamekit.stored import DEFAULT_GAME
    from tourney.tournament.format import check_installed
    from tourney.tournament.streams import fold_stored, tournament_stream

    found = []
    games: set[object] = set()  # the games whose streams are named already
    for slug, _name in store.tournaments():
        stream = tournament_stream(slug)
        state = fold_stored(list(store.read_stream(stream, 0, 1)))
        try:
            check_installed(state)
        except TourneyError as refused:
            found.append((stream, str(refused)))
            games.add(state.created.game)
    rows = store.fetch_rows(
        "SELECT stream_id, payload FROM events WHERE version = 1 AND type = 'match_started' "
        "ORDER BY position",
        (),
    )
    for stream, payload in rows:
        started = json.loads(payload)
        game = started.get("game", DEFAULT_GAME) if isinstance(started, dict) else None
        if game in games:
            continue
        try:
            game_of(started)
        except TourneyError as refused:
            games.add(game)
            found.append((stream, str(refused)))
    return found


def register(app: typer.Typer) -> None:
    app.add_typer(db_app, name="db", rich_help_panel="Database")
    app.command(rich_help_panel="Database")(verify)
    app.command(rich_help_panel="Database")(rebuild)
