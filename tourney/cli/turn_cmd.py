"""`tourney place / draw / pass / reveal` (Horse Race) and `tourney bid / pass / play`
(Racehorse): one event of play, checked and appended."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli.options import At, Db, Json, MatchId, Player
from tourney.cli.scorer_io import open_desk, print_state

if TYPE_CHECKING:
    from tourney.games.faces.horserace import Command
    from tourney.scorer.desk import Desk, Recorded


def record_command(
    desk: Desk, command: Command, *, at: int | None = None, command_id: str | None = None
) -> list[Recorded]:
    """Decide Horse Race's ``command`` against the stream's head and append its events
    (`Desk.append_events`: ``at`` is the stream version the command was decided against,
    ``command_id`` names the submission, so a retry records once). A Racehorse table
    records its events through `bid`, `pass`, `play` and `deal` instead."""
    from tourney.games.faces.horserace import record

    return list(record(desk, command, at=at, command_id=command_id))


def _record(
    db: str | None, match: str, as_json: bool, command: Callable[[], Command], at: int | None
) -> None:
    """Record what ``command()`` reads from the input (inside the desk, so that a tile that
    cannot be read is refused like any other input)."""
    with open_desk(db, match) as desk:
        print_state(desk, as_json, record_command(desk, command(), at=at))


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
    from tourney.games.faces.horserace import parse_placement

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
    from tourney.games.faces.horserace import Draw, Tile

    _record(db, match, as_json, lambda: Draw(Tile.parse(tile) if tile else None, player), at)


def pass_(
    match: MatchId, player: Player = None, at: At = None, db: Db = None, as_json: Json = False
) -> None:
    """Pass: no legal placement and the boneyard is empty. At a Racehorse table: pass in
    the auction.

    Example: tourney pass T3
    """
    from tourney.games.faces import verbs

    with open_desk(db, match) as desk:
        print_state(desk, as_json, list(verbs(desk.game).pass_move(desk, player, at)))


def bid(
    match: MatchId,
    amount: Annotated[str, typer.Argument(help="2, 3, 4 or smudge (5).", metavar="BID")],
    player: Player = None,
    at: At = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Racehorse: bid in the auction (the dealer may steal: bid the highest bid so far).

    Example: tourney bid T3 3
    """
    from tourney.games.faces.racehorse import check_table, moves, read_bid

    with open_desk(db, match) as desk:
        check_table(desk, "bid")
        said = moves.say(desk, read_bid(amount), player)
        print_state(desk, as_json, desk.append_events(lambda: said, at=at))


def play(
    match: MatchId,
    card: Annotated[str, typer.Argument(help="The card played: QH, 10S, TD, AC.")],
    player: Player = None,
    at: At = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Racehorse: the card played to the trick (hidden hands: typed as it is played).

    Example: tourney play T3 QH
    """
    from tourney.games.faces.racehorse import check_table, moves, read_card

    with open_desk(db, match) as desk:
        check_table(desk, "play")
        played = moves.play(desk, read_card(card), player)
        print_state(desk, as_json, desk.append_events(lambda: played, at=at))


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
    from tourney.games.faces.horserace import Reveal, Tile

    _record(db, match, as_json, lambda: Reveal(player, tuple(Tile.parse(t) for t in tiles)), at)


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(place)
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(draw)
    app.command("pass", rich_help_panel="Scorer", no_args_is_help=True)(pass_)
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(reveal)
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(bid)
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(play)
