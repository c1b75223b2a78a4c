"""`tourney place / draw / pass / reveal`: one event of play, checked and appended."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli.options import At, Db, Json, MatchId, open_desk, print_state

if TYPE_CHECKING:
    from tourney.games.dominoes import Command

Player = Annotated[
    str | None,
    typer.Option("--player", help="Who (default: the player to move); checked against the turn."),
]


def _record(
    db: str | None, match: str, as_json: bool, command: Callable[[], Command], at: int | None
) -> None:
    """Record what ``command()`` reads from the input (inside the desk, so that a tile that
    cannot be read is refused like any other input)."""
    with open_desk(db, match) as desk:
        print_state(desk, as_json, desk.record(command(), at=at))


def place(
    match: MatchId,
    words: Annotated[
        list[str],
        typer.Argument(
            help="TILE [on TILE]: the tile placed and the tile it is placed on.",
            metavar="TILE [on TILE]",
        ),
    ],
    player: Player = None,
    at: At = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Place a tile. The target may be left out for the opening tile, or when exactly one
    table tile can take the tile.

    Example: tourney place T3 5-3 on 5-5
    """
    from tourney.games.dominoes import parse_placement

    _record(
        db, match, as_json, lambda: replace(parse_placement(" ".join(words)), player=player), at
    )


def draw(
    match: MatchId,
    tile: Annotated[
        str | None, typer.Argument(help="The tile drawn, if it was seen (known hands: always).")
    ] = None,
    player: Player = None,
    at: At = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Draw one tile from the boneyard (only with no legal placement).

    Example: tourney draw T3 2-4
    """
    from tourney.games.dominoes import Draw, Tile

    _record(db, match, as_json, lambda: Draw(Tile.parse(tile) if tile else None, player), at)


def pass_(
    match: MatchId, player: Player = None, at: At = None, db: Db = None, as_json: Json = False
) -> None:
    """Pass: no legal placement and the boneyard is empty.

    Example: tourney pass T3
    """
    from tourney.games.dominoes import Pass

    _record(db, match, as_json, lambda: Pass(player), at)


def reveal(
    match: MatchId,
    player: Annotated[str, typer.Argument(help="Whose tiles.")],
    tiles: Annotated[list[str], typer.Argument(help="Every tile they hold.", metavar="TILE...")],
    at: At = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Hidden hands: the tiles a player holds when the end-of-hand count needs them.

    Example: tourney reveal T3 Ann 1-2 3-4
    """
    from tourney.games.dominoes import Reveal, Tile

    _record(db, match, as_json, lambda: Reveal(player, tuple(Tile.parse(t) for t in tiles)), at)


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(place)
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(draw)
    app.command("pass", rich_help_panel="Scorer", no_args_is_help=True)(pass_)
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(reveal)
