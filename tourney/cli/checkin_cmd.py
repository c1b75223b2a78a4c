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
from tourney.i18n import _, collate, local_decimal


def checkin(
    names: Annotated[
        list[str] | None, typer.Argument(help="Players' names or ids (none: list the door).")
    ] = None,
    undo: Annotated[bool, typer.Option("--undo", help="Take the check-ins back.")] = False,
    paid: Annotated[
        bool | None, typer.Option("--paid/--owed", help="Mark their entry fee paid (or owed).")
    ] = None,
    allow: Annotated[
        bool,
        typer.Option(
            "--allow", help="Let players whose check-in was taken back check themselves in."
        ),
    ] = False,
    door_code: Annotated[
        str | None,
        typer.Option(
            help="Set the code players type (or scan) to check in at the door: 4-12 "
            "letters and digits."
        ),
    ] = None,
    new_door_code: Annotated[
        bool, typer.Option("--new-door-code", help="Draw a new door code (the old one stops).")
    ] = False,
    tournament: TournamentOpt = None,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the door's list")] = False,
) -> None:
    """Check players in at the door (with check-in required, only they are paired), or
    list who is in, late and missing, with the fees.

    The director can check anyone in on any night (a register of who came, and who paid);
    players check themselves in on the /checkin page only when check-in is required
    (`tournament create --check-in`), otherwise that page sends them to /me.

    Players checking themselves in need the door's code (on the QR poster, shown by
    `tourney checkin`); a check-in the director takes back (--undo) holds until --allow.

    Example: tourney checkin "Ann Lee" Bo --paid
    """
    from tourney.director.room import server_now
    from tourney.tournament.entries.entries import player_id
    from tourney.tournament.events import TournamentEvent
    from tourney.tournament.room.checkin import (
        decide_allow,
        decide_check_in,
        decide_door_code,
        decide_fee,
        decide_take_back,
        door,
    )
    from tourney.tournament.state import TournamentState

    with open_director(db) as director:
        slug = director.resolve(tournament)
        state = director.load(slug).state
        if door_code is not None or new_door_code:
            import secrets

            from tourney.tournament.room.checkin import new_door_code as drawn

            code = door_code if door_code is not None else drawn(secrets.randbelow(10**6))
            loaded, _events = director.execute(slug, lambda s: decide_door_code(s, code))
            echo(
                _("The door's code is {code}: print the poster again (/director/poster).").format(
                    code=loaded.state.room.door_code
                )
            )
            return
        if names:
            ids = [player_id(state, name) for name in names]
            now = server_now()

            def decide(current: TournamentState) -> list[TournamentEvent]:
                from tourney.tournament.state import evolve

                events: list[TournamentEvent] = []
                for pid in ids:
                    if allow:
                        made = decide_allow(current, pid)
                    elif undo:
                        made = decide_take_back(current, pid)
                    else:
                        made = decide_check_in(current, pid, now, by="director")
                    for event in made:
                        current = evolve(current, event)
                    if paid is not None:
                        fee = decide_fee(current, pid, paid)
                        for event in fee:
                            current = evolve(current, event)
                        made = [*made, *fee]
                    events += made
                return events

            loaded, _events = director.execute(slug, decide)
            state = loaded.state
            for pid in ids:
                name = state.players[pid].name
                where = _("checked in") if pid in state.room.checked_in else _("not checked in")
                if pid in state.room.taken_back:
                    where = _("not checked in (taken back: tourney checkin --allow lets them)")
                fee = ""
                if state.room.fee is not None:
                    fee = _(", fee paid") if pid in state.room.paid else _(", fee owed")
                echo(_("{name}: {where}{fee}.").format(name=name, where=where, fee=fee))
            return
        listed = door(state)
        named = {p: state.players[p].name for p in state.players}
        if as_json:
            data = {
                "required": state.room.check_in,
                "door_code": state.room.door_code,
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
        required = _("required") if state.room.check_in else _("not required")
        echo(
            _("Check-in {required}: {count} in, {count2} missing.").format(
                required=required, count=len(listed.checked_in), count2=len(listed.missing)
            )
        )
        if state.room.check_in:
            echo(
                _("  door code: {code}").format(code=state.room.door_code)
                if state.room.door_code is not None
                else _("  no door code yet: tourney checkin --new-door-code")
            )
        if listed.missing:  # alphabetical, as the door reads a list
            missing = collate(named[p] for p in listed.missing)
            echo(_("  missing: {names}").format(names=", ".join(missing)))
        if listed.late:
            echo(
                _("  late: {names}").format(names=", ".join(collate(named[p] for p in listed.late)))
            )
        if listed.fee is not None:
            echo(
                _(
                    "  fees of {fee}: {count} paid ({paid_total}), {count2} owed ({owed_total})"
                ).format(
                    fee=local_decimal(listed.fee),
                    count=len(listed.paid),
                    paid_total=local_decimal(listed.paid_total),
                    count2=len(listed.owed),
                    owed_total=local_decimal(listed.owed_total),
                )
            )


def register(root: typer.Typer) -> None:
    root.command(rich_help_panel="Director")(checkin)
