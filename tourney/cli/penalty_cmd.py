"""`tourney penalty` and `tourney warning`: the director's sanctions on a player, and
lifting one given by mistake (`tourney.tournament.records.penalties`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.options import Db
from tourney.cli.scorer_io import echo
from tourney.i18n import _

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from tourney.tournament.events import TournamentEvent
    from tourney.tournament.state import TournamentState

PlayerArg = Annotated[str, typer.Argument(help="The player's name or id.")]
Reason = Annotated[str, typer.Option(help="Why, for the record (required to give one).")]
Lift = Annotated[
    bool,
    typer.Option(
        "--lift",
        help="Lift the player's latest one instead (given by mistake): it stays on record, "
        "marked lifted.",
    ),
]


def _apply(
    db: str | None,
    tournament: str | None,
    player: str,
    decide: Callable[[TournamentState, str], Sequence[TournamentEvent]],
) -> None:
    from tourney.reports.conduct import sanction_rows
    from tourney.tournament.entries.entries import player_id
    from tourney.tournament.records.penalties import PenaltyGiven, SanctionLifted, WarningGiven

    with open_director(db) as director:
        slug = director.resolve(tournament)
        loaded, events = director.execute(
            slug, lambda state: decide(state, player_id(state, player))
        )
        state = loaded.state
        for event in events:
            if isinstance(event, SanctionLifted):
                row = sanction_rows(state)[event.number - 1]
                echo(
                    (
                        _("Lifted penalty #{number} of {name} (match points -{points}).")
                        if row["kind"] == "penalty"
                        else _("Lifted warning #{number} of {name}.")
                    ).format(number=event.number, name=row["name"], points=row["points_text"])
                )
            elif isinstance(event, PenaltyGiven):
                name = state.players[event.player_id].name
                row = sanction_rows(state)[event.number - 1]
                echo(
                    _(
                        "Penalty #{number} for {name}: match points -{points} ({reason}). "
                        "Given by mistake? tourney penalty {quoted} --lift"
                    ).format(
                        number=event.number,
                        name=name,
                        points=row["points_text"],
                        reason=event.reason,
                        quoted=_quoted(name),
                    )
                )
            elif isinstance(event, WarningGiven):
                echo(
                    _("Warning #{number} for {name}: {reason}.").format(
                        number=event.number,
                        name=state.players[event.player_id].name,
                        reason=event.reason,
                    )
                )


def _quoted(name: str) -> str:
    import shlex

    return shlex.quote(name)


def penalty(
    player: PlayerArg,
    points: Annotated[
        str | None,
        typer.Option(
            help="Match points taken off: 1, 0.5 or 1/2 (at most 10).", show_default=False
        ),
    ] = None,
    reason: Reason = "",
    lift: Lift = False,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Give a player a penalty: match points off their standing, with the reason.

    The standings show it in a column of its own and rank on the match points net of it;
    the player sees it on their page (/me). Pairing is not changed by it. A penalty given
    by mistake is lifted (--lift): it stays on record, marked lifted, and costs nothing.

    Example: tourney penalty "Ann Lee" --points 1 --reason "slow play after a warning"

    Example: tourney penalty "Ann Lee" --lift --reason "given to the wrong player"
    """
    from tourney import limits
    from tourney.tournament.results.conduct import decide_lift, decide_penalty

    if lift:
        if points is not None:
            from tourney.errors import TourneyError

            raise TourneyError(_("--lift takes back the latest penalty: give no --points"))
        _apply(
            db, tournament, player, lambda state, pid: decide_lift(state, pid, "penalty", reason)
        )
        return
    if points is None:
        from tourney.errors import TourneyError

        raise TourneyError(
            _("say how many match points the penalty takes off: --points 1 (or --lift)")
        )
    value = limits.parse_penalty(points, player)
    _apply(db, tournament, player, lambda state, pid: decide_penalty(state, pid, value, reason))


def warning(
    player: PlayerArg,
    reason: Reason = "",
    lift: Lift = False,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Warn a player, with the reason: on record and on their page (/me), no points off.

    Example: tourney warning "Bo Chan" --reason "phone at the table"
    """
    from tourney.tournament.results.conduct import decide_lift, decide_warning

    if lift:
        _apply(
            db, tournament, player, lambda state, pid: decide_lift(state, pid, "warning", reason)
        )
        return
    _apply(db, tournament, player, lambda state, pid: decide_warning(state, pid, reason))


def register(root: typer.Typer) -> None:
    root.command(rich_help_panel="Director")(penalty)
    root.command(rich_help_panel="Director")(warning)
