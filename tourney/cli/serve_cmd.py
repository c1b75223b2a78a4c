"""`tourney serve`: the club night from the tables — phones record at each table through
its QR code, the director runs the night from `/director`, a TV shows `/display`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney.cli.options import Db

PASSWORD_ENV = "TOURNEY_DIRECTOR_PASSWORD"
MIN_PASSWORD = 8
MAX_WORKERS = 16


def serve(
    host: Annotated[
        str, typer.Option(help="Interface to listen on (0.0.0.0: every one, for the Wi-Fi).")
    ] = "0.0.0.0",
    port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port.")] = 8000,
    director_password: Annotated[
        str | None,
        typer.Option(
            envvar=PASSWORD_ENV,
            show_envvar=True,
            help="The director's password (no default: without one the director's pages "
            "are disabled).",
            show_default=False,
        ),
    ] = None,
    url: Annotated[
        str | None,
        typer.Option(
            help="The address phones use, for the QR codes (default: this machine's "
            "address on the network and --port).",
            show_default=False,
        ),
    ] = None,
    secret_file: Annotated[
        Path,
        typer.Option(
            help="Where the server's signing secret is kept (made when missing; every "
            "server process of the night must share it)."
        ),
    ] = Path("tourney-serve.key"),
    site: Annotated[
        Path | None,
        typer.Option(help="Folder the director's Publish button writes the site into."),
    ] = None,
    qr: Annotated[bool, typer.Option(help="Print each table's QR code.")] = True,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=MAX_WORKERS,
            help="Server processes sharing the port and the database: more than one uses "
            "more CPU cores when many tables record at once.",
        ),
    ] = 1,
    db: Db = None,
) -> None:
    """Serve the club night: a scoring page per table (open it with the table's QR code),
    the director's page, the wall display and the public pages.

    Prints the address and one QR code per table of the current round; after pairing the
    next round, the director's page shows the new codes.

    Example: tourney serve --director-password "$(cat pw.txt)" --port 8000 --workers 2
    """
    from tourney.errors import TourneyError

    password = director_password or None
    if password is not None and len(password) < MIN_PASSWORD:
        raise TourneyError(f"--director-password: at least {MIN_PASSWORD} characters, please")
    try:
        _serve(host, port, password, url, secret_file, site, qr, workers, db)
    except OSError as exc:
        raise TourneyError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None


def _serve(
    host: str,
    port: int,
    password: str | None,
    url: str | None,
    secret_file: Path,
    site: Path | None,
    qr: bool,
    workers: int,
    db: str | None,
) -> None:
    import uvicorn

    from tourney.web.addresses import public_url
    from tourney.web.app import Server, create_app
    from tourney.web.signing import load_secret

    base = public_url(host, port, url)
    server = Server.open(db, load_secret(secret_file), password, base, site)
    try:
        _announce(server, base, password is not None, qr)
    except BaseException:
        server.close()
        raise
    if workers > 1:
        from tourney.web import workers as several

        server.close()  # each worker opens its own (nothing open crosses into a worker)
        settings = several.Settings(
            db, str(secret_file.resolve()), password, base, str(site) if site else None
        )
        several.run(settings, host, port, workers)
        return
    config = uvicorn.Config(
        create_app(server), host=host, port=port, log_level="warning", access_log=False
    )
    uvicorn.Server(config).run()


def _announce(server: object, base: str, director: bool, qr: bool) -> None:
    from tourney.web.app import Server
    from tourney.web.qr import qr_text

    assert isinstance(server, Server)
    night = server.night
    loaded = night.loaded()
    typer.echo(f"tourney serve on {base}/  (Ctrl-C stops it; everything recorded is kept)")
    typer.echo(f"  wall display: {base}/display   public pages: {base}/site/index.html")
    if director:
        typer.echo(f"  director:     {base}/director")
    else:
        typer.echo(
            "  director's pages are disabled: no --director-password "
            "(or TOURNEY_DIRECTOR_PASSWORD) was given"
        )
    if loaded is None:
        typer.echo("No tournament yet: tourney tournament create NAME, then tourney pair.")
        return
    tables = night.tables(loaded)
    name = loaded.state.created.name
    if not tables:
        typer.echo(f"{name}: no round paired yet (tourney pair, or the director's page)")
        return
    typer.echo(f"{name}, round {len(loaded.state.rounds)}: each table scans its own code")
    for table in tables:
        link = f"{base}/t/{night.token(loaded, table.number)}"
        typer.echo(f"\nTable {table.number}: {' · '.join(table.seats)}")
        if qr:
            typer.echo(qr_text(link), nl=False)
        typer.echo(link)


def register(root: typer.Typer) -> None:
    root.command(rich_help_panel="Director")(serve)
