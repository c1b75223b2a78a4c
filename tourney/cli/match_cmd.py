"""`tourney start / hand / deal / show / undo`: a match at a table, as a stream of events."""

from __future__ import annotations

from typing import Annotated

import typer

from tourney import limits
from tourney.cli.options import At, Db, Json, MatchId, open_desk, print_state, within
from tourney.errors import TourneyError
from tourney.games import HORSE_RACE_TARGET

Opener = Annotated[
    str | None,
    typer.Option(
        "--opener", help="Who opens: needed only when a lot decides (first hand, after a block)."
    ),
]


def start(
    match: MatchId,
    players: Annotated[
        str, typer.Option("--players", help="Names in seat order (clockwise), comma-separated.")
    ],
    partnerships: Annotated[
        bool, typer.Option("--partnerships", help="4 players in two partnerships: 1+3 vs 2+4.")
    ] = False,
    target: Annotated[
        int, within(limits.TARGET, "--target", help="Points to win.")
    ] = HORSE_RACE_TARGET,
    known: Annotated[
        bool,
        typer.Option("--known", help="Known hands: every hand is dealt with `tourney deal`."),
    ] = False,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Start a match at a table: players in seat order, hidden hands unless --known.

    Example: tourney start T3 --players Ann,Bo,Cy,Di --partnerships
    """
    from tourney.games.dominoes import MatchStarted, check_storable
    from tourney.names import clean_name

    names = tuple(clean_name(name, "player name") for name in players.split(","))
    extra = {"hands": "known"} if known else {}
    check_storable([(1, MatchStarted(names, partnerships, target, extra))])
    with open_desk(db, match, tables=False, create=True) as desk:

        def decide() -> list[MatchStarted]:
            event = MatchStarted(names, partnerships, target, extra)
            desk.match.check(event)
            return [event]

        recorded = desk.append_events(decide)
        print_state(desk, as_json, recorded)


def hand(
    match: MatchId,
    opener: Opener = None,
    at: At = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Start the next hand (hidden hands: nobody types the deal).

    The opener is needed only when a lot decides: the first hand and after a blocked hand;
    otherwise the player who placed the last tile opens.

    Example: tourney hand T3 --opener Ann
    """
    from tourney.games.dominoes import StartHand

    with open_desk(db, match) as desk:
        if desk.known_hands:
            raise TourneyError(
                f"match {desk.id} has known hands: deal them with `tourney deal {desk.id}`"
            )
        print_state(desk, as_json, desk.record(StartHand(opener), at=at))


def deal(
    match: MatchId,
    opener: Opener = None,
    seed: Annotated[
        int | None,
        within(limits.RANDOM_SEED, "--seed", help="Shuffle with this seed (the same deal again)."),
    ] = None,
    tiles: Annotated[
        str | None,
        typer.Option(
            "--deal",
            help='The hands as dealt: "Ann=1-2,3-4,...;Bo=..." (every player, in any order).',
        ),
    ] = None,
    at: At = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Start the next hand as a known hand: deal it at random, or enter the hands dealt.
    At a Racehorse table: the next deal, hidden (the rules name the dealer; the cards are
    typed as they are played).

    Example: tourney deal T3 --seed 7 --opener Ann
    """
    from tourney.games.dominoes import StartHand
    from tourney.scorer.dealing import parse_deal, shuffled_deal

    with open_desk(db, match) as desk:
        if desk.game.name == "racehorse":
            if opener is not None or seed is not None or tiles is not None:
                raise TourneyError(
                    f"{desk.id} is a Racehorse table: `tourney deal {desk.id}` takes no "
                    "--opener, --seed or --deal (the rules name the dealer; hands are hidden)"
                )
            from tourney.scorer import cards_moves

            print_state(desk, as_json, cards_moves.deal(desk, at=at))
            return
        if not desk.match.started:
            raise TourneyError(
                f"match {desk.id} has not started: tourney start {desk.id} --players ..."
            )
        if tiles is not None and seed is not None:
            raise TourneyError("give --deal or --seed, not both")
        hands = (
            parse_deal(tiles, desk.match)
            if tiles is not None
            else shuffled_deal(desk.match.players, seed)
        )
        print_state(desk, as_json, desk.record(StartHand(opener, hands), at=at))


def show(match: MatchId, db: Db = None, as_json: Json = False) -> None:
    """Show a match: the layout with its open attach points and counted ends, the sum, the
    scores, whose turn it is, whether a continuation is owed, and the stream's head hash.

    Example: tourney show T3 --json
    """
    with open_desk(db, match) as desk:
        print_state(desk, as_json)


def undo(
    match: MatchId,
    version: Annotated[
        int | None,
        typer.Argument(
            min=1,
            max=limits.VERSION.high,
            help="The stream version to take back (default: the newest event).",
        ),
    ] = None,
    redo: Annotated[
        bool, typer.Option("--redo", help="Undo the newest undo: put its event back.")
    ] = False,
    at: At = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Take back the newest event by appending an `undone` event that names its version.

    Nothing is deleted or edited; an undo can itself be undone (--redo, or its version).
    Replay, show and export skip undone events. An undo that would leave a later event
    illegal is refused.

    Example: tourney undo T3
    """
    with open_desk(db, match) as desk:
        print_state(desk, as_json, desk.undo(version, redo, at=at))


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(start)
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(hand)
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(deal)
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(show)
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(undo)
