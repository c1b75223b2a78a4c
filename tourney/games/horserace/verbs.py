"""Horse Race's part of the one-shot commands several games share (`tourney start`, `pass`,
`deal`; `tourney.games.faces.Verbs`), and `record`, which every Horse Race one-shot command
records through."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from tourney.errors import TourneyError
from tourney.games.horserace.commands import Command, Pass, StartHand, decide
from tourney.games.horserace.dealing import parse_deal, shuffled_deal
from tourney.games.horserace.events import DEFAULT_TARGET, MatchStarted
from tourney.games.horserace.game import GAME
from tourney.games.horserace.match import Match
from tourney.games.horserace.record import check_storable
from tourney.i18n import _

if TYPE_CHECKING:
    from tourney.games import Game
    from tourney.games.faces import Desk, R


def record(
    desk: Desk[R], command: Command, *, at: int | None = None, command_id: str | None = None
) -> Sequence[R]:
    """Decide ``command`` against the stream's head and append its events
    (`Desk.append_events`: ``at`` is the stream version the command was decided against,
    ``command_id`` names the submission, so a retry records once). Another game's table is
    refused: it records its events through its own commands."""
    desk.check_started()
    if desk.game is not GAME:
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


def start_event(
    played: Game,
    names: tuple[str, ...],
    partnerships: bool,
    target: int | None,
    known: bool,
    deals: int | None,
    dealer: str | None,
) -> MatchStarted:
    if deals is not None or dealer is not None:
        raise TourneyError(
            _(
                "--{value} is for Racehorse: a Horse Race match is played to a target (--target)"
            ).format(value="deals" if deals is not None else "dealer")
        )
    extra: dict[str, Any] = {"hands": "known"} if known else {}
    event = MatchStarted(names, partnerships, DEFAULT_TARGET if target is None else target, extra)
    check_storable([(1, event)])
    return event


def pass_move(desk: Desk[R], player: str | None, at: int | None) -> Sequence[R]:
    return record(desk, Pass(player), at=at)


def deal_move(
    desk: Desk[R],
    opener: str | None,
    tiles: str | None,
    cards: str | None,
    seed: int | None,
    at: int | None,
) -> Sequence[R]:
    desk.check_started()  # before the game is named: an unstarted one has none
    if cards is not None:
        raise TourneyError(
            _("--hands is for Racehorse: {id} is a Horse Race match").format(id=desk.id)
        )
    if tiles is not None and seed is not None:
        raise TourneyError(_("give --deal or --seed, not both"))
    hands = (
        parse_deal(tiles, cast(Match, desk.match))
        if tiles is not None
        else shuffled_deal(desk.match.players, seed)
    )
    return record(desk, StartHand(opener, hands), at=at)
