"""Racehorse's one-shot commands (`Game.verbs`: `tourney bid`, `play`, `pass`, `deal`) and
its ad-hoc matches' options (`Game.start_options`, `start_event`), as `tourney.gamekit.verbs`
declares them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tourney import limits
from tourney.errors import TourneyError, quote
from tourney.gamekit.verbs import PLAYER, Param, Verb
from tourney.games.racehorse import moves
from tourney.games.racehorse.dealing import parse_hands, shuffled_hands
from tourney.games.racehorse.events import MatchStarted
from tourney.games.racehorse.match import MAX_PLAYERS, MIN_PLAYERS, Match
from tourney.games.racehorse.notation import read_bid, read_card
from tourney.i18n import _
from tourney.names import find

if TYPE_CHECKING:
    from tourney.gamekit.protocol import Desk, Game, R


def check_table(desk: Desk[Any], command: str) -> None:
    """Refuse ``command`` (its name, for the message) at a table that is not Racehorse, or
    at a match not started (which has no game yet)."""
    desk.check_started("racehorse")
    if not isinstance(desk.match, Match):
        raise TourneyError(
            _("{id} is a {title} match: `tourney {command}` is for Racehorse tables").format(
                id=desk.id, title=desk.game.title, command=command
            )
        )


START_OPTIONS = (
    Param("deals", "Racehorse: deals (default twice the players).", "--deals", int,
          bound=limits.DEALS),
    Param("dealer", "Racehorse: the first dealer, by lot (default: 1st seat).", "--dealer"),
)  # fmt: skip


def start_event(played: Game, names: tuple[str, ...], options: Mapping[str, Any]) -> MatchStarted:
    """A Racehorse ``match_started``: 5 to 8 names, the first dealer (a unique start of a
    name will do; default the first seat), the deals (default twice the players)."""
    fewest, most = MIN_PLAYERS, MAX_PLAYERS
    if not fewest <= len(names) <= most:
        raise TourneyError(
            _("--players: a {title} match seats {fewest} to {most} players, not {count}").format(
                title=played.title, fewest=fewest, most=most, count=len(names)
            )
        )
    first, dealer = names[0], options.get("dealer")
    if dealer is not None:
        found = find(dealer, names)
        if len(found) != 1:
            raise TourneyError(
                _("--dealer {dealer} is not one of the players").format(dealer=quote(dealer))
            )
        first = found[0]
    event = MatchStarted(names, first, options.get("deals"))
    played.new_match().apply(event)  # the engine checks the names (distinct, non-empty)
    return event


def pass_move(desk: Desk[R], options: Mapping[str, Any], at: int | None) -> Sequence[R]:
    check_table(desk, "pass")
    said = moves.say(desk, None, options.get("player"))
    return desk.append_events(lambda: said, at=at)


def deal_move(desk: Desk[R], options: Mapping[str, Any], at: int | None) -> Sequence[R]:
    """The next deal: hidden, or known from ``cards`` or ``seed``."""
    check_table(desk, "deal")
    cards, seed = options.get("cards"), options.get("seed")
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


def _bid(desk: Desk[R], options: Mapping[str, Any], at: int | None) -> Sequence[R]:
    check_table(desk, "bid")
    said = moves.say(desk, read_bid(options["amount"]), options.get("player"))
    return desk.append_events(lambda: said, at=at)


def _play(desk: Desk[R], options: Mapping[str, Any], at: int | None) -> Sequence[R]:
    check_table(desk, "play")
    played = moves.play(desk, read_card(options["card"]), options.get("player"))
    return desk.append_events(lambda: played, at=at)


VERBS = {
    "bid": Verb(
        """Racehorse: bid in the auction (the dealer may steal: bid the highest bid so far).

Example: tourney bid T3 3""",
        (Param("amount", "2, 3, 4 or smudge (5).", required=True, metavar="BID"), PLAYER),
        _bid,
    ),
    "play": Verb(
        """Racehorse: the card played to the trick (hidden hands: typed as it is played).

Example: tourney play T3 QH""",
        (Param("card", "The card played: QH, 10S, TD, AC.", required=True), PLAYER),
        _play,
    ),
    "pass": Verb(
        """At a Racehorse table: pass in the auction.

Example: tourney pass T3""",
        (PLAYER,),
        pass_move,
    ),
    "deal": Verb(
        """At a Racehorse table: the next deal (the rules name the dealer), hidden unless --hands
gives every player's cards or --seed shuffles them; a known deal is checked card by card.

Example: tourney deal T3 --seed 7""",
        (
            Param(
                "seed",
                "Shuffle with this seed (the same deal again).",
                "--seed",
                int,
                bound=limits.RANDOM_SEED,
            ),
            Param(
                "cards",
                'Racehorse, a known deal: "Ann: AH KH QH JH 10H 9H; Bo: ..." (every player).',
                "--hands",
            ),
        ),
        deal_move,
    ),
}
