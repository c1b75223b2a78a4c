"""`tourney serve`: the club night from the tables — phones record at each table through
its QR code, the director runs the night from `/director`, a TV shows `/display`."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Annotated, Any

import typer

from tourney.cli.director_options import TournamentOpt
from tourney.cli.options import Db
from tourney.i18n import _

PASSWORD_ENV = "TOURNEY_DIRECTOR_PASSWORD"
MIN_PASSWORD = 8
MAX_WORKERS = 16
INTERRUPTED = 130  # the exit code of Ctrl-C, as every command's


def serve(
    ctx: typer.Context,
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
            "are disabled). Seen by every user of this computer in the process list: prefer "
            "--director-password-file, the environment variable or --ask-password.",
            show_default=False,
        ),
    ] = None,
    director_password_file: Annotated[
        Path | None,
        typer.Option(
            help="Read the director's password from this file (its first line).",
            show_default=False,
            dir_okay=False,
        ),
    ] = None,
    ask_password: Annotated[
        bool,
        typer.Option(
            "--ask-password",
            help="Ask for the director's password at the terminal (typed unseen).",
        ),
    ] = False,
    behind_proxy: Annotated[
        bool,
        typer.Option(
            "--behind-proxy",
            help="Trust the X-Forwarded-For and X-Forwarded-Proto headers of a reverse proxy "
            "on this computer (uvicorn's FORWARDED_ALLOW_IPS names others); without it they "
            "are ignored.",
        ),
    ] = False,
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
        typer.Option(
            help="Folder the director's Publish button writes the site into (default: "
            "site/ beside a SQLite database)."
        ),
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
    watch_delay: Annotated[
        int,
        typer.Option(
            min=0,
            max=3600,
            help="Seconds the watch page (/watch) runs behind play (0: live; it never shows "
            "a hand before it is over).",
        ),
    ] = 0,
    chances: Annotated[
        bool,
        typer.Option(
            help="Show each table's live chances to win on the wall display and the watch "
            "page, estimated in a process of their own (never on a table's phones).",
        ),
    ] = True,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Serve the club night: a scoring page per table (open it with the table's QR code),
    the director's page, the wall display and the public pages.

    Prints the address and one QR code per table of the current round; after pairing the
    next round, the director's page shows the new codes.

    Example: tourney serve --director-password-file pw.txt --port 8000 --workers 2
    """
    from tourney.errors import TourneyError

    typed = ctx.get_parameter_source("director_password")
    given = director_password if typed is not None and typed.name == "COMMANDLINE" else None
    password, source = _password(
        given, director_password or None, director_password_file, ask_password
    )
    if password is not None and len(password) < MIN_PASSWORD:
        raise TourneyError(
            _("{source}: at least {min_password} characters, please").format(
                source=source, min_password=MIN_PASSWORD
            )
        )
    _serve(
        host, port, password, url, secret_file, site, qr, workers, behind_proxy, db, tournament,
        watch_delay,
        chances,
    )  # fmt: skip


def _password(
    typed: str | None, given: str | None, file: Path | None, ask: bool
) -> tuple[str | None, str]:
    """The director's password from the one place it was given: the file, the terminal,
    else --director-password or its environment variable (None: no director's pages);
    and that place, for a message. ``typed`` is --director-password when given on the
    command line, ``given`` that or the environment variable's value."""
    from tourney.errors import TourneyError

    ways = {
        "--director-password": typed is not None,
        "--director-password-file": file is not None,
        "--ask-password": ask,
    }
    chosen = [name for name, used in ways.items() if used]
    if len(chosen) > 1:
        raise TourneyError(
            _("give the director's password one way, not {chosen}").format(
                chosen=" and ".join(chosen)
            )
        )
    if file is not None:
        try:
            lines = file.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
            raise TourneyError(
                _("--director-password-file {file}: {reason}").format(file=file, reason=reason)
            ) from None
        if not lines or not lines[0]:
            raise TourneyError(
                _("--director-password-file {file}: its first line is empty").format(file=file)
            )
        return lines[0], f"--director-password-file {file}"
    if ask:
        if not _at_a_terminal():
            raise TourneyError(
                _(
                    "--ask-password needs a terminal: use --director-password-file "
                    "or {password_env}"
                ).format(password_env=PASSWORD_ENV)
            )
        answer: str = typer.prompt("Director's password", hide_input=True, confirmation_prompt=True)
        return answer, "the director's password"
    return given or None, "--director-password"


def _at_a_terminal() -> bool:
    import sys

    return sys.stdin.isatty()


def _serve(
    host: str,
    port: int,
    password: str | None,
    url: str | None,
    secret_file: Path,
    site: Path | None,
    qr: bool,
    workers: int,
    behind_proxy: bool,
    db: str | None,
    tournament: str | None = None,
    watch_delay: int = 0,
    chances: bool = True,
) -> None:
    """Check what can fail before saying anything (the port is bound, the database opened
    for writing), then announce and serve until Ctrl-C (exit 130) or SIGTERM (exit 0)."""
    from tourney.errors import TourneyError
    from tourney.web.addresses import public_url
    from tourney.web.app import Server, check_database
    from tourney.web.signing import load_secret
    from tourney.web.workers import listening_socket

    base = public_url(host, port, url)
    try:
        sock = listening_socket(host, port)  # before anything is printed
    except OSError as exc:
        raise TourneyError(
            _("cannot serve on {host}:{port}: {value}").format(
                host=host, port=port, value=exc.strerror or exc
            )
        ) from None
    try:
        check_database(db, tournament)  # before the secret file is made, or anything printed
        secret = load_secret(secret_file)
        if workers > 1:
            from tourney.web import workers as several

            server = Server.open(db, secret, password, base, site, tournament)
            try:
                _announce(server, base, password is not None, qr)
            finally:
                server.close()  # each worker opens its own (nothing open crosses into one)
            settings = several.Settings(
                db,
                str(secret_file.resolve()),
                password,
                base,
                str(site) if site else None,
                tournament,
                behind_proxy,
                watch_delay,
                chances,
            )
            interrupted = several.run(settings, sock, workers)
        else:
            server = Server.open(db, secret, password, base, site, tournament, chances)
            server.watch_delay = watch_delay
            interrupted = _run_one(server, sock, base, password is not None, qr, behind_proxy)
    finally:
        sock.close()
    if interrupted:
        typer.echo(_("tourney serve stopped (everything recorded is kept)"), err=True)
        raise typer.Exit(INTERRUPTED)


def _run_one(
    server: Any, sock: socket.socket, base: str, director: bool, qr: bool, behind_proxy: bool
) -> bool:
    """Serve ``server`` in this process on ``sock``; True when Ctrl-C stopped it."""
    import uvicorn

    from tourney.web.app import create_app
    from tourney.web.guard import Serving, uvicorn_settings

    try:
        _announce(server, base, director, qr)
    except BaseException:
        server.close()
        raise
    config = uvicorn.Config(create_app(server), **uvicorn_settings(behind_proxy))
    serving = Serving(config)
    serving.run(sockets=[sock])
    return serving.interrupted


def _announce(server: object, base: str, director: bool, qr: bool) -> None:
    from tourney.web.app import Server
    from tourney.web.qr import qr_text

    assert isinstance(server, Server)
    night = server.night
    # A night of a format or a game this tourney does not have is refused as every command
    # refuses it, before anything is said (`DirectorDesk.load`).
    loaded = night.loaded()
    typer.echo(
        _("tourney serve on {base}/  (Ctrl-C stops it; everything recorded is kept)").format(
            base=base
        )
    )
    typer.echo(
        _("  wall display: {base}/display   public pages: {base}/site/index.html").format(base=base)
    )
    typer.echo(
        _("  players:      {base}/me   check-in at the door: {base}/checkin").format(base=base)
    )
    if director:
        typer.echo(_("  director:     {base}/director").format(base=base))
    else:
        typer.echo(
            _(
                "  director's pages are disabled: no director's password was "
                "given (--director-password-file, --ask-password or "
                "TOURNEY_DIRECTOR_PASSWORD)"
            )
        )
    if loaded is None:
        typer.echo(_("No tournament yet: tourney tournament create NAME, then tourney pair."))
        return
    slugs = night.director.slugs()
    if len(slugs) > 1:
        how = "as asked" if night.chosen is not None else "the newest"
        typer.echo(
            _(
                "Serving {slug} ({how} of {count} tournaments here: {slugs}; "
                "choose with --tournament NAME)"
            ).format(slug=loaded.slug, how=how, count=len(slugs), slugs=", ".join(slugs))
        )
    tables = night.tables(loaded)
    name = loaded.state.created.name
    if not tables:
        typer.echo(
            _("{name}: no round paired yet (tourney pair, or the director's page)").format(
                name=name
            )
        )
        return
    typer.echo(
        _("{name}, round {count}: each table scans its own code").format(
            name=name, count=len(loaded.state.rounds)
        )
    )
    for table in tables:
        link = f"{base}/t/{night.token(loaded, table.number)}"
        typer.echo(
            _("\nTable {number}: {seats}").format(
                number=table.number, seats=" · ".join(table.seats)
            )
        )
        if qr:
            typer.echo(qr_text(link), nl=False)
        typer.echo(link)


def register(root: typer.Typer) -> None:
    root.command(rich_help_panel="Director")(serve)
