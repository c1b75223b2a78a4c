"""What a table's players read: the game's words, not the store's ("Di played K♥", "Ann
drew", "undone: Bo's 2-5 on 5-5"), for the history, the undo and redo buttons, the
notices and the refusals of a table page. Versions, event types and stream ids stay on the
director's side (`tourney.streams.matches.describe`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tourney.i18n import page_, page_mark, page_p
from tourney.streams.matches import (
    CLOSED,
    RESULT_CONFIRMED,
    UNDONE,
    StreamEvent,
    in_force,
    ruling_of,
    undo_target,
)

if TYPE_CHECKING:
    from tourney.gamekit.protocol import Game

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RULING_WORDS = {
    "adjudicated": page_mark("adjudicated"),
    "paper scoresheet": page_mark("paper scoresheet"),
    "forfeit": page_mark("forfeit"),
    "no-show": page_mark("no-show"),
    "void": page_mark("void"),
    "time": page_mark("time"),
    "round removed": page_mark("round removed"),
    "round paired again": page_mark("round paired again"),
}
"""The director's rulings (the codes a closed table records) in a player's words."""
HISTORY = 6  # lines of history under a table's moves


FACES = {
    "A": "the letter on an ace's corner",
    "K": "the letter on a king's corner",
    "Q": "the letter on a queen's corner",
    "J": "the letter on a jack's corner",
}
"""A face card's letter in the record, and the context of its letter in the reader's cards
(the entries the card games' own pages use: Italian ``D``, Russian ``Д`` for a queen)."""


def card(text: object) -> str:
    """``"QH"`` -> ``"Q♥"`` (Russian ``"Д♥"``, as the picker's button says it), ``"TH"`` ->
    ``"10♥"`` (anything else as it is)."""
    shown = str(text)
    if len(shown) >= 2 and shown[-1] in SUITS:
        rank = "10" if shown[:-1] == "T" else shown[:-1]
        face = FACES.get(rank)
        return (rank if face is None else page_p(face, rank)) + SUITS[shown[-1]]
    return shown


def _by_version(stored: Sequence[StreamEvent]) -> dict[int, StreamEvent]:
    return {e.version: e for e in stored}


def cards(stored: Sequence[StreamEvent]) -> bool:
    """Whether ``stored`` is a card table's (Racehorse deals; Horse Race starts hands): a
    pass there is the auction's («пас»), not a domino pass (a turn given up)."""
    return any(e.type == "deal_started" for e in stored)


def _game_words(event: StreamEvent, game: Game | None) -> str | None:
    """A move of a game whose events the words here do not know (a club's game, from its
    own distribution) in that game's own words (`Game.describe`): None when it is not one
    of `game`'s moves or says nothing."""
    if game is None:
        return None
    from tourney.errors import TourneyError

    fields = {k: v for k, v in event.payload.items() if k != "type"}
    try:
        told = game.describe(game.event(event.type, fields), None)
    except TourneyError:
        return None
    return told[0] if told else None


def move(event: StreamEvent, auction: bool = False, game: Game | None = None) -> str:
    """One match event in the game's words: ``Bo played 2-5 on 5-5``, ``Di played K♥``;
    ``auction``: a pass is the card auction's; ``game``: the table's, which says the moves
    of a game these words do not know (`Game.describe`)."""
    p: dict[str, Any] = event.payload
    who = p.get("player")
    kind = event.type
    if kind == "match_started":
        players = ", ".join(str(n) for n in p.get("players", []))
        return page_("The match started: {players}").format(players=players)
    if kind == "hand_started":
        opener = p.get("opener")
        if opener:
            return page_("A new hand: {who} opens").format(who=opener)
        return page_("A new hand")
    if kind == "tile_placed":
        on = p.get("on")
        if on:
            return page_("{who} played {tile} on {on}").format(who=who, tile=p.get("tile"), on=on)
        return page_("{who} played {tile}").format(who=who, tile=p.get("tile"))
    if kind == "tile_drawn":
        tile = p.get("tile")
        if tile:
            return page_("{who} drew {tile}").format(who=who, tile=tile)
        return page_("{who} drew").format(who=who)
    if kind == "passed" and auction:
        return page_p("the auction", "{who} passed").format(who=who)
    if kind == "passed":
        return page_p("dominoes: no tile can be placed", "{who} passed").format(who=who)
    if kind == "tiles_revealed":
        tiles = " ".join(str(t) for t in p.get("tiles", []))
        return page_("{who} showed {tiles}").format(who=who, tiles=tiles)
    if kind == "deal_started":
        dealer = p.get("dealer")
        return page_("{who} dealt").format(who=dealer) if dealer else page_("A new deal")
    if kind == "bid":
        bid = p.get("bid")
        if bid in ("smudge", "s"):
            return page_("{who} smudged").format(who=who)
        return page_("{who} bid {bid}").format(who=who, bid=bid)
    if kind == "card_played":
        return page_("{who} played {card}").format(who=who, card=card(p.get("card")))
    if kind == RESULT_CONFIRMED:
        return page_("{who} confirmed the result").format(who=who)
    if kind == CLOSED:
        return page_("The director closed the table ({ruling})").format(
            ruling=page_(RULING_WORDS.get(ruling_of(event)[0], "a ruling"))
        )
    return _game_words(event, game) or page_("a recorded event")


def possessive(event: StreamEvent, auction: bool = False, game: Game | None = None) -> str:
    """A move as the thing undone: ``Bo's 2-5 on 5-5``, ``Di's K♥``, ``Ann's draw``."""
    p = event.payload
    who = p.get("player")
    kind = event.type
    if who and kind == "tile_placed":
        on = p.get("on")
        if on:
            return page_("{who}'s {tile} on {on}").format(who=who, tile=p.get("tile"), on=on)
        return page_("{who}'s {tile}").format(who=who, tile=p.get("tile"))
    if who and kind == "card_played":
        return page_("{who}'s {card}").format(who=who, card=card(p.get("card")))
    if who and kind == "tile_drawn":
        return page_("{who}'s draw").format(who=who)
    if who and kind == "passed" and auction:
        return page_p("the auction", "{who}'s pass").format(who=who)
    if who and kind == "passed":
        return page_p("dominoes: no tile can be placed", "{who}'s pass").format(who=who)
    if who and kind == "bid":
        return page_("{who}'s bid").format(who=who)
    if who and kind == "tiles_revealed":
        return page_("{who}'s tiles shown").format(who=who)
    if kind == "hand_started":
        return page_("the new hand")
    if kind == "deal_started":
        return page_("the deal")
    told = _game_words(event, game)
    if told is not None:
        return told  # the game's own line, a name first: not put in lower case
    said = move(event, auction)
    return said[:1].lower() + said[1:]


def said(stored: Sequence[StreamEvent], version: int, game: Game | None = None) -> str:
    """The event at ``version`` in players' words; an undo says what it took back (or, the
    undo of an undo, what it put back)."""
    events = _by_version(stored)
    event = events.get(version)
    if event is None:
        return ""
    auction = cards(stored)
    if event.type != UNDONE:
        return move(event, auction, game)
    target = events.get(event.payload.get("version", -1))
    if target is None:
        return page_("undone")
    if target.type == UNDONE:
        again = events.get(target.payload.get("version", -1))
        if again is None:
            return page_("redone")
        return page_("redone: {move}").format(move=possessive(again, auction, game))
    return page_("undone: {move}").format(move=possessive(target, auction, game))


def history(
    stored: Sequence[StreamEvent], count: int = HISTORY, game: Game | None = None
) -> list[dict[str, Any]]:
    """The table's latest events, newest first, each in players' words and marked when an
    undo took it back."""
    kept = in_force(stored)
    lines = []
    for event in reversed(stored[-count:]):
        lines.append(
            {"text": said(stored, event.version, game), "undone": event.version not in kept}
        )
    return lines


def redo_offer(stored: Sequence[StreamEvent], game: Game | None = None) -> str | None:
    """What a redo would put back (``Bo's 2-5 on 5-5``), when the newest thing in force is
    an undo of a move; else None."""
    target = undo_target(stored, redo=True)
    newest = undo_target(stored)
    if target is None or (newest is not None and newest > target):
        return None
    events = _by_version(stored)
    undone = events.get(events[target].payload.get("version", -1))
    return possessive(undone, cards(stored), game) if undone is not None else None


_LINE = re.compile(r"\s*\bat line \d+")
_MOVED = re.compile(r"^\S+ moved on since v\d+ \(.*\): nothing recorded, look again and re-enter$")
_AT = re.compile(r"^--at \d+: .*$")


def refusal(message: str, stored: Sequence[StreamEvent], at: int, game: Game | None = None) -> str:
    """A refusal as a player reads it: a stale page is told what was recorded meanwhile in
    the game's words; line numbers and options of the command line are left out."""
    if _MOVED.match(message) or _AT.match(message):
        meanwhile = [said(stored, e.version, game) for e in stored if e.version > at][-3:]
        if meanwhile:
            return page_(
                "Another phone recorded at this table first ({moves}): nothing recorded, "
                "look again."
            ).format(moves="; ".join(meanwhile))
        return page_("Another phone recorded at this table first: nothing recorded, look again.")
    return _LINE.sub(page_(" earlier"), message)
