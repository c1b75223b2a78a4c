"""`tourney start / hand / deal / show / undo`: a match at a table, as a stream of events."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from tourney import limits
from tourney.cli.options import At, Db, Json, MatchId, Opener, within
from tourney.cli.scorer_io import open_desk, print_state
from tourney.errors import TourneyError
from tourney.games import DEFAULT_GAME, DEFAULT_TARGET


def start(
    match: MatchId,
    players: Annotated[
        str, typer.Option("--players", help="Names in seat order (clockwise), comma-separated.")
    ],
    game: Annotated[
        str,
        typer.Option(
            "--game", help="horse-race (dominoes, 2-4 players) or racehorse (cards, 5-8)."
        ),
    ] = DEFAULT_GAME,
    partnerships: Annotated[
        bool, typer.Option("--partnerships", help="4 players in two partnerships: 1+3 vs 2+4.")
    ] = False,
    target: Annotated[
        int | None,
        within(
            limits.TARGET,
            "--target",
            help=f"Horse Race: points to win (default {DEFAULT_TARGET}).",
        ),
    ] = None,
    known: Annotated[
        bool,
        typer.Option("--known", help="Known hands: every hand is dealt with `tourney deal`."),
    ] = False,
    deals: Annotated[
        int | None,
        within(limits.DEALS, "--deals", help="Racehorse: deals (default twice the players)."),
    ] = None,
    dealer: Annotated[
        str | None,
        typer.Option("--dealer", help="Racehorse: the first dealer, by lot (default: 1st seat)."),
    ] = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Start a match at a table: players in seat order, hidden hands unless --known. With
    --game racehorse, an ad-hoc Racehorse match of 5 to 8 players (cards are typed as they
    are played).

    Example: tourney start K1 --game racehorse --players Ann,Bo,Cy,Di,Ed --deals 6
    """
    from tourney.games import game as find_game
    from tourney.games.faces import verbs
    from tourney.names import clean_name

    played = find_game(game)
    names = tuple(clean_name(name, "player name") for name in players.split(","))
    event = verbs(played).start_event(played, names, partnerships, target, known, deals, dealer)
    with open_desk(db, match, tables=False, create=True) as desk:

        def decide() -> list[Any]:
            if desk.game is not played:  # the stream holds the other game's match
                raise TourneyError(
                    f"cannot start {desk.id}: it is already a {desk.game.title} match"
                )
            desk.match.check(event)
            return [event]

        recorded = desk.append_events(decide, game=played)
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
    from tourney.cli.turn_cmd import record_command
    from tourney.games.faces.horserace import StartHand

    with open_desk(db, match) as desk:
        if desk.known_hands:
            raise TourneyError(
                f"match {desk.id} has known hands: deal them with `tourney deal {desk.id}`"
            )
        print_state(desk, as_json, record_command(desk, StartHand(opener), at=at))


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
    cards: Annotated[
        str | None,
        typer.Option(
            "--hands",
            help='Racehorse, a known deal: "Ann: AH KH QH JH 10H 9H; Bo: ..." (every player).',
        ),
    ] = None,
    at: At = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Start the next hand as a known hand: deal it at random, or enter the hands dealt.
    At a Racehorse table: the next deal (the rules name the dealer), hidden unless --hands
    gives every player's cards or --seed shuffles them; a known deal is checked card by card.

    Example: tourney deal T3 --seed 7 --opener Ann
    """
    from tourney.games.faces import verbs

    with open_desk(db, match) as desk:
        dealt = verbs(desk.game).deal_move(desk, opener, tiles, cards, seed, at)
        print_state(desk, as_json, list(dealt))


def show(match: MatchId, db: Db = None, as_json: Json = False) -> None:
    """Show a match: the layout with its open attach points and counted ends, the sum, the
    scores, whose turn it is, whether a continuation is owed, and the stream's head hash.

    Example: tourney show T3 --json
    """
    with open_desk(db, match, reads=True) as desk:
        print_state(desk, as_json, bracket=desk.bracket())


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
