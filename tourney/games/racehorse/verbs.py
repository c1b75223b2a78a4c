"""Racehorse's part of the one-shot commands several games share (`tourney start`, `pass`,
`deal`; `tourney.games.faces.Verbs`), and `check_table`, which its own (`tourney bid`,
`play`) refuse another game's table with."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tourney.errors import TourneyError, quote
from tourney.games.racehorse import moves
from tourney.games.racehorse.dealing import parse_hands, shuffled_hands
from tourney.games.racehorse.events import MatchStarted
from tourney.games.racehorse.game import GAME
from tourney.i18n import _
from tourney.names import find

if TYPE_CHECKING:
    from tourney.games import Game
    from tourney.games.faces import Desk, R


def check_table(desk: Desk[Any], command: str) -> None:
    """Refuse ``command`` (its name, for the message) at a table that is not Racehorse, or
    at a match not started (which has no game yet)."""
    desk.check_started(GAME.name)
    if desk.game is not GAME:
        raise TourneyError(
            _("{id} is a {title} match: `tourney {command}` is for Racehorse tables").format(
                id=desk.id, title=desk.game.title, command=command
            )
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
    """A Racehorse ``match_started``: 5 to 8 names, the first dealer (a unique start of a
    name will do; default the first seat), the deals (default twice the players)."""
    for flag, given in (("--partnerships", partnerships), ("--target", target is not None),
                        ("--known", known)):  # fmt: skip
        if given:
            raise TourneyError(
                _(
                    "{flag} is for Horse Race: a {title} match is each for "
                    "themselves, a number of deals, hidden hands"
                ).format(flag=flag, title=played.title)
            )
    fewest, most = played.table_sizes
    if not fewest <= len(names) <= most:
        raise TourneyError(
            _("--players: a {title} match seats {fewest} to {most} players, not {count}").format(
                title=played.title, fewest=fewest, most=most, count=len(names)
            )
        )
    first = names[0]
    if dealer is not None:
        found = find(dealer, names)
        if len(found) != 1:
            raise TourneyError(
                _("--dealer {dealer} is not one of the players").format(dealer=quote(dealer))
            )
        first = found[0]
    event = MatchStarted(names, first, deals)
    played.new_match().apply(event)  # the engine checks the names (distinct, non-empty)
    return event


def pass_move(desk: Desk[R], player: str | None, at: int | None) -> Sequence[R]:
    said = moves.say(desk, None, player)
    return desk.append_events(lambda: said, at=at)


def deal_move(
    desk: Desk[R],
    opener: str | None,
    tiles: str | None,
    cards: str | None,
    seed: int | None,
    at: int | None,
) -> Sequence[R]:
    """The next deal: hidden, or known from ``cards`` or ``seed``."""
    if opener is not None or tiles is not None:
        raise TourneyError(
            _(
                "{id} is a Racehorse table: `tourney deal {id}` takes no "
                "--opener or --deal (the rules name the dealer; --hands gives a "
                "known deal's cards)"
            ).format(id=desk.id)
        )
    if cards is not None and seed is not None:
        raise TourneyError(_("give --hands or --seed, not both"))
    players = desk.match.players
    hands = (
        parse_hands(cards, players)
        if cards is not None
        else shuffled_hands(players, seed)
        if seed is not None
        else None
    )
    dealt = moves.deal(desk, hands)
    return desk.append_events(lambda: dealt, at=at)
