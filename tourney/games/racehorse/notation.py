"""The scorer's short notation at a Racehorse table, and its completion.

A console line is read against the match as it stands (the player to move is implied):
``d`` / ``deal``; ``b 3`` / ``bid 3`` / ``3``; ``b s`` / ``smudge``; ``p`` / ``pass``;
``QH`` / ``play QH`` / ``10h`` / ``th`` / ``Q♥``; ``u`` / ``undo``; ``redo``; ``s`` /
``show``; ``?`` / ``help``; ``q`` / ``quit``. Words are case-insensitive. `parse` gives the
event to record (the engine then checks it, refusing with its own reason) or an action;
`complete` offers only what the engine's legal moves allow now, spelled as `parse` reads it.

>>> from tourney.games.racehorse import Match, MatchStarted, DealStarted
>>> m = Match.replay([MatchStarted(("Ann", "Bo", "Cy", "Di", "Ed"), "Ann", 1), DealStarted()])
>>> parse("b s", m)
BidMade(player='Bo', bid=5, extra=mappingproxy({}))
>>> complete(m, "b ")
['2', '3', '4', 'smudge']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tourney.games.racehorse.cards import CARD_TEXT, Card
from tourney.games.racehorse.errors import CardError, EventError
from tourney.games.racehorse.events import (
    SMUDGE,
    BidMade,
    CardPlayed,
    DealStarted,
    Event,
    Passed,
    bid_text,
)
from tourney.games.racehorse.match import Match, Phase
from tourney.i18n import _


@dataclass(frozen=True, slots=True)
class Action:
    """A console line that records nothing: ``undo``, ``redo``, ``show``, ``help``, ``quit``."""

    name: str


ACTIONS = {
    "u": "undo", "undo": "undo", "redo": "redo", "s": "show", "show": "show",
    "?": "help", "help": "help", "q": "quit", "quit": "quit", "exit": "quit",
}  # fmt: skip
"""Each word of an action as typed (case-folded) -> the action."""

_DEAL, _BID, _PASS, _PLAY = ("d", "deal"), ("b", "bid"), ("p", "pass"), ("play",)
BIDS = {"2": 2, "3": 3, "4": 4, "5": SMUDGE, "s": SMUDGE, "smudge": SMUDGE}
"""Each way a bid is typed (case-folded) -> the bid."""
_COMMANDS = ("deal", "bid", "pass", "play", "undo", "redo", "show", "help", "quit")


def read_bid(text: str) -> int:
    """``3`` -> 3, ``smudge`` (or ``s``, ``5``) -> 5; EventError quoting anything else."""
    bid = BIDS.get(text.strip().casefold())
    if bid is None:
        raise EventError(_("'{strip}' is not a bid: 2, 3, 4 or smudge").format(strip=text.strip()))
    return bid


def read_card(text: str) -> Card:
    """A card as typed, in any case: ``QH``, ``10s``, ``th``, ``q♥``; CardError quoting it."""
    card = CARD_TEXT.get(text.strip().upper())
    if card is None:
        raise CardError(
            _(
                "'{strip}' is not a card: a rank A K Q J 10 (or T) 9 ... 2, then "
                "a suit S H D C (QH, 10s, th)"
            ).format(strip=text.strip())
        )
    return card


def parse(text: str, match: Match) -> Event | Action | None:
    """The event a console line records for the player to move, or an action; None for an
    empty line. Raises EventError or CardError quoting the input; the rules are the
    engine's, asked when the event is applied."""
    words = text.split()
    if not words:
        return None
    head, rest = words[0].casefold(), words[1:]
    mover = match.to_move or ""  # nobody to move: the engine refuses the phase first
    if head in ACTIONS:
        _no_more(rest, text)
        return Action(ACTIONS[head])
    if head in _DEAL:
        _no_more(rest, text)
        return _deal(match)
    if head in _PASS:
        _no_more(rest, text)
        return Passed(mover)
    if head in _BID:
        if len(rest) != 1:
            raise EventError(
                _("'{strip}': say one bid, e.g. 'b 3' or 'b smudge'").format(strip=text.strip())
            )
        return BidMade(mover, read_bid(rest[0]))
    if head in BIDS:
        _no_more(rest, text)
        return BidMade(mover, BIDS[head])
    if head in _PLAY:
        if len(rest) != 1:
            raise EventError(
                _("'{strip}': say one card, e.g. 'play QH'").format(strip=text.strip())
            )
        return CardPlayed(mover, read_card(rest[0]))
    _no_more(rest, text)
    if head[:1] in "akqjt123456789":
        return CardPlayed(mover, read_card(words[0]))
    raise EventError(
        _("'{strip}' is not a bid, a card or a command: type ? for help").format(strip=text.strip())
    )


def _no_more(rest: list[str], text: str) -> None:
    if rest:
        raise EventError(
            _("'{strip}': unexpected '{rest}'").format(strip=text.strip(), rest=rest[0])
        )


def _deal(match: Match) -> DealStarted:
    """The next deal, hidden, naming the dealer the rules make (when one deals now)."""
    if match.phase is Phase.BETWEEN_DEALS:
        return DealStarted(match.players[match.next_dealer])
    return DealStarted()  # the engine says why no deal starts now


def legal_events(match: Match) -> list[Event]:
    """What may be recorded now: the next deal between deals (hidden, its dealer named),
    else the engine's legal moves."""
    if match.phase is Phase.BETWEEN_DEALS:
        return [_deal(match)]
    return list(match.legal_moves())


def complete(match: Match, line: str) -> list[str]:
    """Completions of the last word of ``line`` (what is typed so far), legal now: the
    bids the auction allows, the cards the engine allows (a hidden deal: those not yet
    played, less the suits a player was shown to lack), ``deal`` between deals; each in a
    spelling `parse` reads."""
    words = line.split()
    if not line or line[-1].isspace():
        words.append("")
    before, prefix = words[:-1], words[-1]
    moves = legal_events(match)
    if not before:
        said = [word for event in moves for word in _words(event, prefix)]
        if prefix and not said:  # a move first: "q" completes the queens, not quit
            said = [w for w in _COMMANDS if w.startswith(prefix.casefold())]
        return said
    if len(before) == 1 and before[0].casefold() in _BID:
        return [w for e in moves if isinstance(e, BidMade) for w in _words(e, prefix)]
    if len(before) == 1 and before[0].casefold() in _PLAY:
        return [w for e in moves if isinstance(e, CardPlayed) for w in _words(e, prefix)]
    return []


def _words(event: Event, prefix: str) -> Iterable[str]:
    """How ``event`` is typed, if that continues ``prefix`` (case aside)."""
    folded = prefix.casefold()
    if isinstance(event, DealStarted):
        spelled = ["deal"]
    elif isinstance(event, Passed):
        spelled = ["pass"]
    elif isinstance(event, BidMade):
        spelled = [bid_text(event.bid)]
    elif isinstance(event, CardPlayed):
        card = event.card
        spelled = [card.text]
        if card.rank == 10 and folded.startswith("t"):
            spelled = [f"T{card.suit.value}"]
    else:
        spelled = []
    return [word for word in spelled if word.casefold().startswith(folded)]
