"""`tourney checkin`: check a player in at the door (by name, folded as everywhere), take
a check-in back, mark the entry fee paid or owed, and list the door: who is in, late or
missing, and the fees. Each is an event of the tournament stream, stamped with this
machine's time; `tourney serve`'s door page and director's page record the same."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.options import Db, json_flag
from tourney.cli.scorer_io import echo


def checkin(
    names: Annotated[
        list[str] | None, typer.Argument(help="Players' names or ids (none: list the door).")
    ] = None,
    undo: Annotated[bool, typer.Option("--undo", help="Take the check-ins back.")] = False,
    paid: Annotated[
        bool | None, typer.Option("--paid/--owed", help="Mark their entry fee paid (or owed).")
    ] = None,
    tournament: TournamentOpt = None,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the door's list")] = False,
) -> None:
    """Check players in at the door (with check-in required, only they are paired), or
    list who is in, late and missing, with the fees.

    The director can check anyone in on any night (a register of who came, and who paid);
    players check themselves in on the /checkin page only when check-in is required
    (`tournament create --check-in`), otherwise that page sends them to /me.

    Example: tourney checkin "Ann Lee" Bo --paid
    """
    from tourney.director.room import server_now
    from tourney.tournament.checkin import (
        decide_check_in,
        decide_fee,
        decide_take_back,
        door,
    )
    from tourney.tournament.entries import player_id
    from tourney.tournament.events import TournamentEvent
    from tourney.tournament.state import TournamentState

    with open_director(db) as director:
        slug = director.resolve(tournament)
        state = director.load(slug).state
        if names:
            ids = [player_id(state, name) for name in names]
            now = server_now()

            def decide(current: TournamentState) -> list[TournamentEvent]:
                from tourney.tournament.state import evolve

                events: list[TournamentEvent] = []
                for pid in ids:
                    made = (
                        decide_take_back(current, pid)
                        if undo
                        else decide_check_in(current, pid, now, by="director")
                    )
                    for event in made:
                        current = evolve(current, event)
                    if paid is not None:
                        fee = decide_fee(current, pid, paid)
                        for event in fee:
                            current = evolve(current, event)
                        made = [*made, *fee]
                    events += made
                return events

            loaded, _ = director.execute(slug, decide)
            state = loaded.state
            for pid in ids:
                name = state.players[pid].name
                where = "checked in" if pid in state.room.checked_in else "not checked in"
                fee = ""
                if state.room.fee is not None:
                    fee = ", fee paid" if pid in state.room.paid else ", fee owed"
                echo(f"{name}: {where}{fee}.")
            return
        listed = door(state)
        named = {p: state.players[p].name for p in state.players}
        if as_json:
            data = {
                "required": state.room.check_in,
                "checked_in": [named[p] for p in listed.checked_in],
                "late": [named[p] for p in listed.late],
                "missing": [named[p] for p in listed.missing],
                "fee": listed.fee,
                "paid": [named[p] for p in listed.paid],
                "owed": [named[p] for p in listed.owed],
                "paid_total": listed.paid_total,
                "owed_total": listed.owed_total,
            }
            typer.echo(json.dumps(data, ensure_ascii=False))
            return
        required = "required" if state.room.check_in else "not required"
        echo(f"Check-in {required}: {len(listed.checked_in)} in, {len(listed.missing)} missing.")
        if listed.missing:
            echo("  missing: " + ", ".join(named[p] for p in listed.missing))
        if listed.late:
            echo("  late: " + ", ".join(named[p] for p in listed.late))
        if listed.fee is not None:
            echo(
                f"  fees of {listed.fee}: {len(listed.paid)} paid ({listed.paid_total}), "
                f"{len(listed.owed)} owed ({listed.owed_total})"
            )


def register(root: typer.Typer) -> None:
    root.command(rich_help_panel="Director")(checkin)
