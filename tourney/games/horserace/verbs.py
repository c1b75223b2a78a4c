"""Horse Race's one-shot commands (`Game.verbs`: `tourney place`, `draw`, `pass`, `reveal`,
`hand`, `deal`) and its ad-hoc matches' options (`Game.start_options`, `start_event`), as
`tourney.gamekit.verbs` declares them; `record`, which each of its commands records through."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from tourney import limits
from tourney.errors import TourneyError
from tourney.gamekit.verbs import PLAYER, Param, Verb
from tourney.games.horserace.commands import (
    Command,
    Draw,
    Pass,
    Reveal,
    StartHand,
    decide,
    parse_placement,
)
from tourney.games.horserace.events import DEFAULT_TARGET, MatchStarted
from tourney.games.horserace.match import Match
from tourney.games.horserace.tiles import Tile
from tourney.i18n import _

if TYPE_CHECKING:
    from tourney.gamekit.protocol import Desk, R


def record(
    desk: Desk[R], command: Command, *, at: int | None = None, command_id: str | None = None
) -> Sequence[R]:
    """Decide ``command`` against the stream's head and append its events
    (`Desk.append_events`: ``at`` is the stream version the command was decided against,
    ``command_id`` names the submission, so a retry records once). Another game's table is
    refused: it records its events through its own commands."""
    desk.check_started()
    if not isinstance(desk.match, Match):
        raise TourneyError(
            _(
                "{id} is a {title} table: record it with tourney deal, bid, pass "
                "and play {id}, or tourney record {id} (this command is for "
                "Horse Race)"
            ).format(id=desk.id, title=desk.game.title)
        )
    return desk.append_events(
        lambda: decide(cast(Match, desk.match), command), at=at, command_id=command_id
    )


START_OPTIONS = (
    Param("partnerships", "4 players in two partnerships: 1+3 vs 2+4.", "--partnerships", bool),
    Param(
        "target", f"Horse Race: points to win (default {DEFAULT_TARGET}).", "--target", int,
        bound=limits.TARGET,
    ),
    Param("known", "Known hands: every hand is dealt with `tourney deal`.", "--known", bool),
)  # fmt: skip


def start_event(names: tuple[str, ...], options: Mapping[str, Any]) -> MatchStarted:
    """An ad-hoc Horse Race match's ``match_started``, checked as it will be stored."""
    from tourney.games.horserace.record import check_storable

    target = options.get("target")
    extra: dict[str, Any] = {"hands": "known"} if options.get("known") else {}
    event = MatchStarted(
        names,
        bool(options.get("partnerships")),
        DEFAULT_TARGET if target is None else target,
        extra,
    )
    check_storable([(1, event)])
    return event


def pass_move(desk: Desk[R], options: Mapping[str, Any], at: int | None) -> Sequence[R]:
    return record(desk, Pass(options.get("player")), at=at)


def deal_move(desk: Desk[R], options: Mapping[str, Any], at: int | None) -> Sequence[R]:
    from tourney.games.horserace.dealing import parse_deal, shuffled_deal

    desk.check_started()  # before the game is named: an unstarted one has none
    tiles, seed = options.get("tiles"), options.get("seed")
    if tiles is not None and seed is not None:
        raise TourneyError(_("give --deal or --seed, not both"))
    hands = (
        parse_deal(tiles, cast(Match, desk.match))
        if tiles is not None
        else shuffled_deal(desk.match.players, seed)
    )
    return record(desk, StartHand(options.get("opener"), hands), at=at)


def hand_move(desk: Desk[R], options: Mapping[str, Any], at: int | None) -> Sequence[R]:
    if desk.known_hands:
        raise TourneyError(
            _("match {id} has known hands: deal them with `tourney deal {id}`").format(id=desk.id)
        )
    return record(desk, StartHand(options.get("opener")), at=at)


def _place(desk: Desk[R], options: Mapping[str, Any], at: int | None) -> Sequence[R]:
    placed = parse_placement(" ".join(options["words"]))
    return record(desk, placed._replace(player=options.get("player")), at=at)


def _draw(desk: Desk[R], options: Mapping[str, Any], at: int | None) -> Sequence[R]:
    tile = options.get("tile")
    return record(desk, Draw(Tile.parse(tile) if tile else None, options.get("player")), at=at)


def _reveal(desk: Desk[R], options: Mapping[str, Any], at: int | None) -> Sequence[R]:
    tiles = tuple(Tile.parse(t) for t in options["tiles"])
    return record(desk, Reveal(options["player"], tiles), at=at)


OPENER = Param(
    "opener", "Who opens: needed only when a lot decides (first hand, after a block).", "--opener"
)

VERBS = {
    "place": Verb(
        """Place a tile. The target may be left out for the opening tile, or when exactly one
table tile can take the tile.

Example: tourney place T3 5-3 on 5-5""",
        (
            Param(
                "words",
                "TILE [on TILE]: the tile placed and the tile it is placed on.",
                many=True,
                required=True,
                metavar="TILE [on TILE]",
            ),
            PLAYER,
        ),
        _place,
    ),
    "draw": Verb(
        """Draw one tile from the boneyard (only with no legal placement).

Example: tourney draw T3 2-4""",
        (Param("tile", "The tile drawn, if it was seen (known hands: always)."), PLAYER),
        _draw,
    ),
    "pass": Verb(
        """Pass: no legal placement and the boneyard is empty.

Example: tourney pass T3""",
        (PLAYER,),
        pass_move,
    ),
    "reveal": Verb(
        """Hidden hands: the tiles a player holds when the end-of-hand count needs them.

Example: tourney reveal T3 Ann 1-2 3-4""",
        (
            Param("player", "Whose tiles.", required=True),
            Param("tiles", "Every tile they hold.", many=True, required=True, metavar="TILE..."),
        ),
        _reveal,
    ),
    "hand": Verb(
        """Start the next hand (hidden hands: nobody types the deal).

The opener is needed only when a lot decides: the first hand and after a blocked hand;
otherwise the player who placed the last tile opens.

Example: tourney hand T3 --opener Ann""",
        (OPENER,),
        hand_move,
    ),
    "deal": Verb(
        """Start the next hand as a known hand: deal it at random, or enter the hands dealt.

Example: tourney deal T3 --seed 7 --opener Ann""",
        (
            OPENER,
            Param(
                "seed",
                "Shuffle with this seed (the same deal again).",
                "--seed",
                int,
                bound=limits.RANDOM_SEED,
            ),
            Param(
                "tiles",
                'The hands as dealt: "Ann=1-2,3-4,...;Bo=..." (every player, in any order).',
                "--deal",
            ),
        ),
        deal_move,
    ),
}
