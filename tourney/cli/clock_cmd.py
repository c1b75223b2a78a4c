"""`tourney clock`: the round's clock — set its time, start, pause, resume, extend (every
table or one), show it, and stop a table whose time is up. Every action is an event of the
tournament stream, stamped with this machine's time: `tourney serve`'s pages show the same
clock."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from tourney import limits
from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.options import Db, json_flag, within
from tourney.cli.scorer_io import echo
from tourney.i18n import _

app = typer.Typer(
    name="clock",
    help="The round clock: set, start, pause, resume, extend, status, stop a table by time.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)

TableOpt = Annotated[
    str | None,
    typer.Option("--table", help="One table of the current round (T3); default every table."),
]


def _say(data: dict[str, object], rule: str) -> None:
    if data["state"] == "none":
        echo(_("No clock: set a round's time with tourney clock set MINUTES."))
        return
    if not data["round"]:
        echo(
            _("No round paired yet: each round has {text} (end of time: {rule}).").format(
                text=data["text"], rule=rule
            )
        )
        return
    echo(
        _("Round {round}: {label} (end of time: {rule}).").format(
            round=data["round"], label=data["label"], rule=rule
        )
    )


def _act(db: str | None, tournament: str | None, decide: object, done: str) -> None:
    from tourney.director.room import clock_action, server_now
    from tourney.tournament.room.clock import clock_view

    with open_director(db) as director:
        slug = director.resolve(tournament)
        loaded, _events = clock_action(director, slug, decide)  # type: ignore[arg-type]
        view = clock_view(loaded.state, server_now())
        echo(
            _("{done} Round {round}: {label}.").format(
                done=done, round=view.round, label=view.label
            )
        )


def _table(text: str | None) -> int | None:
    from tourney.errors import TourneyError, quote
    from tourney.streams.tables import table_number

    if text is None:
        return None
    number = table_number(text.strip())
    if number is None:
        raise TourneyError(
            _("--table {text}: a table of the current round, like T3").format(text=quote(text))
        )
    return number


@app.command("set")
def set_(
    minutes: Annotated[int, typer.Argument(min=1, max=limits.ROUND_MINUTES.high, help="Minutes.")],
    round_: Annotated[
        int | None,
        within(limits.ROUNDS, "--round", help="Only this round (default: every round)."),
    ] = None,
    time_rule: Annotated[
        str | None,
        typer.Option(help="When time is up: finish-hand (finish the hand, then stop) or stop-now."),
    ] = None,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Set a round's time (every round's, or one round's with --round).

    Example: tourney clock set 40 --round 3
    """
    from tourney.tournament.room.clock import decide_set

    with open_director(db) as director:
        slug = director.resolve(tournament)
        director.execute(slug, lambda state: decide_set(state, minutes, round_, time_rule))
        which = _("round {round}").format(round=round_) if round_ is not None else _("every round")
        echo(
            _("Clock set: {minutes} minutes for {which} of {slug}.").format(
                minutes=minutes, which=which, slug=slug
            )
        )


@app.command()
def start(tournament: TournamentOpt = None, db: Db = None) -> None:
    """Start the current round's clock.

    Example: tourney clock start
    """
    from tourney.tournament.room.clock import decide_start

    _act(db, tournament, decide_start, _("Clock started."))


@app.command()
def pause(tournament: TournamentOpt = None, db: Db = None) -> None:
    """Pause the current round's clock.

    Example: tourney clock pause
    """
    from tourney.tournament.room.clock import decide_pause

    _act(db, tournament, decide_pause, _("Clock paused."))


@app.command()
def resume(tournament: TournamentOpt = None, db: Db = None) -> None:
    """Set the paused clock running again.

    Example: tourney clock resume
    """
    from tourney.tournament.room.clock import decide_resume

    _act(db, tournament, decide_resume, _("Clock running."))


@app.command()
def extend(
    minutes: Annotated[
        int, typer.Argument(min=1, max=limits.EXTEND_MINUTES.high, help="Minutes to add.")
    ],
    table: TableOpt = None,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Give every table, or one table (--table T3), more time.

    Example: tourney clock extend 5 --table T3
    """
    from tourney.director.room import clock_action, server_now
    from tourney.tournament.room.clock import clock_view, decide_extend

    number = _table(table)
    with open_director(db) as director:
        slug = director.resolve(tournament)
        loaded, _events = clock_action(
            director, slug, lambda state, now: decide_extend(state, minutes, now, number)
        )
        view = clock_view(loaded.state, server_now(), number)
        where = (
            _("table {number}").format(number=number) if number is not None else _("every table")
        )
        echo(
            _("{minutes} more minutes for {where}: {label} left.").format(
                minutes=minutes, where=where, label=view.label
            )
        )


@app.command()
def status(
    tournament: TournamentOpt = None,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the clock")] = False,
) -> None:
    """Show the current round's clock: its time left, or how it stands.

    Example: tourney clock status --json
    """
    from tourney.director.room import server_now
    from tourney.tournament.records.room_state import TIME_RULE_WORDS
    from tourney.tournament.room.clock import clock_view

    with open_director(db) as director:
        loaded = director.load(director.resolve(tournament))
        now = server_now()
        view = clock_view(loaded.state, now)
        data = view.as_dict()
        clock = loaded.state.room.clock(view.round)
        if clock is not None and clock.table_extra:
            data["tables"] = {
                str(t): clock_view(loaded.state, now, t).as_dict()
                for t in sorted(clock.table_extra)
            }
        if as_json:
            typer.echo(json.dumps(data))
            return
        _say(data, _(TIME_RULE_WORDS[view.rule]))
        for table, extra in sorted(clock.table_extra.items()) if clock else ():
            shown = clock_view(loaded.state, now, table)
            echo(
                _("  table {table}: +{extra} min, {label}").format(
                    table=table, extra=extra, label=shown.label
                )
            )


@app.command()
def stop(
    table: Annotated[str, typer.Argument(help="The table of the current round (T3).")],
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Stop a table whose time is up: decided by its scores as they stand (the higher score
    wins, level scores share), by the tournament's end-of-time rule, labelled "time".

    Example: tourney clock stop T3
    """
    from tourney.director.room import stop_by_time
    from tourney.reports.results import result_text
    from tourney.streams.tables import no_such_table, table_in

    number = _table(table)
    assert number is not None
    with open_director(db) as director:
        slug = director.resolve(tournament)
        match_id = table_in(director.load(slug).state, number)
        if match_id is None:
            raise no_such_table(table.strip().upper(), director.load(slug).state)
        loaded, _events = stop_by_time(director, slug, match_id)
        record = loaded.state.matches[match_id]
        echo(
            _("Table {number} stopped by time: {result_text}.").format(
                number=number, result_text=result_text(loaded.state, record)
            )
        )


def register(root: typer.Typer) -> None:
    root.add_typer(app, rich_help_panel="Director")
