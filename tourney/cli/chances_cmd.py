"""`tourney chances`: each side's chance to win a match from where it stands (or stood, at
a version), estimated by playing it out many times from what the room knows
(`tourney.gamekit.chances`)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tourney import limits
from tourney.cli.options import Db, MatchId, json_flag, within
from tourney.errors import TourneyError
from tourney.i18n import _, ngettext

if TYPE_CHECKING:
    from tourney.gamekit.chances import Estimate
    from tourney.scorer.desk import Desk

DEFAULT_PLAYOUTS = 400


def chances(
    match: MatchId,
    at: Annotated[
        int | None,
        within(
            limits.VERSION,
            "--at",
            low=1,
            help="The match as it stood at this version (from `show`); default: as it stands.",
        ),
    ] = None,
    playouts: Annotated[
        int, within(limits.PLAYOUTS, "--playouts", help="How many times to play the match out.")
    ] = DEFAULT_PLAYOUTS,
    seed: Annotated[
        int | None,
        within(limits.RANDOM_SEED, "--seed", help="Random seed: the same estimate again."),
    ] = None,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the chances")] = False,
) -> None:
    """Estimate each side's chance to win a match: the tiles or cards nobody has seen yet
    are dealt again, within what the play has shown, and the bots play the match out;
    a side's chance is its share of the wins.

    Only what the room could see counts: a deal the record knows is treated as unseen.
    The result is an estimate: its sample size is printed with it.

    Example: tourney chances T3 --playouts 1000 --json
    """
    from tourney.cli.scorer_io import open_desk

    with open_desk(db, match, reads=True) as desk:
        found, version, sides = _estimate(desk, at, playouts, seed)
        match_id = desk.id
    if as_json:
        data: dict[str, Any] = {
            "match": match_id,
            "at": version,
            "playouts": found.playouts,
            "sides": sides,
            "chances": list(found.chances),
        }
        typer.echo(json.dumps(data, ensure_ascii=False))
        return
    from tourney.cli.scorer_io import echo

    if found.playouts:
        echo(
            ngettext(
                "{match} at version {version}: an estimate from {n} playout",
                "{match} at version {version}: an estimate from {n} playouts",
                found.playouts,
            ).format(match=match_id, version=version, n=found.playouts)
        )
    else:
        echo(_("{match} at version {version}: the match is over").format(
            match=match_id, version=version))  # fmt: skip
    for side, chance in zip(sides, found.chances, strict=True):
        echo(
            _("  {side}: {percent}% to win").format(
                side=" & ".join(side), percent=_percent(chance, found.playouts)
            )
        )


def _percent(chance: float, playouts: int) -> str:
    """The chance in whole percent, ``≈`` before an estimate's."""
    shown = f"{100 * chance:.0f}"
    return f"≈ {shown}" if playouts else shown


def _estimate(
    desk: Desk, at: int | None, playouts: int, seed: int | None
) -> tuple[Estimate, int, list[list[str]]]:
    """The estimate at version ``at`` (None: the newest), the version, and the sides."""
    from tourney.gamekit.chances import NoWorld, estimate
    from tourney.streams.matches import match_events

    game = desk.game
    if game.chances is None:
        raise TourneyError(
            _("{match}: {title} has no win chances").format(match=desk.id, title=game.title)
        )
    version = desk.version if at is None else at
    if version > desk.version:
        raise TourneyError(
            _("--at {at}: {match} is at version {version}").format(
                at=at, match=desk.id, version=desk.version
            )
        )
    events = [event for number, event in match_events(desk.stored) if number <= version]
    try:
        found = estimate(game, events, playouts, seed)
    except NoWorld:
        raise TourneyError(
            _(
                "{match} at version {version}: no deal of the pieces not yet seen agrees with "
                "the record (a move recorded wrongly?), so no estimate"
            ).format(match=desk.id, version=version)
        ) from None
    if found is None:
        raise TourneyError(
            _("{match} at version {version}: the match has not started").format(
                match=desk.id, version=version
            )
        )
    played = game.new_match()
    for event in events:
        played.apply(event)
    return found, version, game.sides(played)


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(chances)
