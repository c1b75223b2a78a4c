"""What a table's players read: the game's words, not the store's ("Di played K♥", "Ann
drew", "undone: Bo's 2-5 on 5-5"), for the history, the undo and redo buttons, the
notices and the refusals of a table page. Versions, event types and stream ids stay on the
director's side (`tourney.streams.matches.describe`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tourney.streams.matches import (
    CLOSED,
    RESULT_CONFIRMED,
    UNDONE,
    StreamEvent,
    in_force,
    undo_target,
)

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
HISTORY = 6  # lines of history under a table's moves


def card(text: object) -> str:
    """``"KH"`` -> ``"K♥"``, ``"TH"`` -> ``"10♥"`` (anything else as it is)."""
    shown = str(text)
    if len(shown) >= 2 and shown[-1] in SUITS:
        rank = shown[:-1]
        return ("10" if rank == "T" else rank) + SUITS[shown[-1]]
    return shown


def _by_version(stored: Sequence[StreamEvent]) -> dict[int, StreamEvent]:
    return {e.version: e for e in stored}


def move(event: StreamEvent) -> str:
    """One match event in the game's words: ``Bo played 2-5 on 5-5``, ``Di played K♥``."""
    p: dict[str, Any] = event.payload
    who = p.get("player")
    kind = event.type
    if kind == "match_started":
        return "The match started: " + ", ".join(str(n) for n in p.get("players", []))
    if kind == "hand_started":
        opener = p.get("opener")
        return f"A new hand: {opener} opens" if opener else "A new hand"
    if kind == "tile_placed":
        on = p.get("on")
        return f"{who} played {p.get('tile')}" + (f" on {on}" if on else "")
    if kind == "tile_drawn":
        tile = p.get("tile")
        return f"{who} drew {tile}" if tile else f"{who} drew"
    if kind == "passed":
        return f"{who} passed"
    if kind == "tiles_revealed":
        return f"{who} showed " + " ".join(str(t) for t in p.get("tiles", []))
    if kind == "deal_started":
        dealer = p.get("dealer")
        return f"{dealer} dealt" if dealer else "A new deal"
    if kind == "bid":
        bid = p.get("bid")
        return f"{who} smudged" if bid in ("smudge", "s") else f"{who} bid {bid}"
    if kind == "card_played":
        return f"{who} played {card(p.get('card'))}"
    if kind == RESULT_CONFIRMED:
        return f"{who} confirmed the result"
    if kind == CLOSED:
        return f"The director closed the table ({p.get('ruling')})"
    return kind.replace("_", " ")


def possessive(event: StreamEvent) -> str:
    """A move as the thing undone: ``Bo's 2-5 on 5-5``, ``Di's K♥``, ``Ann's draw``."""
    p = event.payload
    who = p.get("player")
    kind = event.type
    if who and kind == "tile_placed":
        on = p.get("on")
        return f"{who}'s {p.get('tile')}" + (f" on {on}" if on else "")
    if who and kind == "card_played":
        return f"{who}'s {card(p.get('card'))}"
    if who and kind == "tile_drawn":
        return f"{who}'s draw"
    if who and kind == "passed":
        return f"{who}'s pass"
    if who and kind == "bid":
        return f"{who}'s bid"
    if who and kind == "tiles_revealed":
        return f"{who}'s tiles shown"
    if kind == "hand_started":
        return "the new hand"
    if kind == "deal_started":
        return "the deal"
    return move(event)[:1].lower() + move(event)[1:]


def said(stored: Sequence[StreamEvent], version: int) -> str:
    """The event at ``version`` in players' words; an undo says what it took back (or, the
    undo of an undo, what it put back)."""
    events = _by_version(stored)
    event = events.get(version)
    if event is None:
        return ""
    if event.type != UNDONE:
        return move(event)
    target = events.get(event.payload.get("version", -1))
    if target is None:
        return "undone"
    if target.type == UNDONE:
        again = events.get(target.payload.get("version", -1))
        return f"redone: {possessive(again)}" if again is not None else "redone"
    return f"undone: {possessive(target)}"


def history(stored: Sequence[StreamEvent], count: int = HISTORY) -> list[dict[str, Any]]:
    """The table's latest events, newest first, each in players' words and marked when an
    undo took it back."""
    kept = in_force(stored)
    lines = []
    for event in reversed(stored[-count:]):
        lines.append({"text": said(stored, event.version), "undone": event.version not in kept})
    return lines


def redo_offer(stored: Sequence[StreamEvent]) -> str | None:
    """What a redo would put back (``Bo's 2-5 on 5-5``), when the newest thing in force is
    an undo of a move; else None."""
    target = undo_target(stored, redo=True)
    newest = undo_target(stored)
    if target is None or (newest is not None and newest > target):
        return None
    events = _by_version(stored)
    undone = events.get(events[target].payload.get("version", -1))
    return possessive(undone) if undone is not None else None


_LINE = re.compile(r"\s*\bat line \d+")
_MOVED = re.compile(r"^\S+ moved on since v\d+ \(.*\): nothing recorded, look again and re-enter$")
_AT = re.compile(r"^--at \d+: .*$")


def refusal(message: str, stored: Sequence[StreamEvent], at: int) -> str:
    """A refusal as a player reads it: a stale page is told what was recorded meanwhile in
    the game's words; line numbers and options of the command line are left out."""
    if _MOVED.match(message) or _AT.match(message):
        meanwhile = [said(stored, e.version) for e in stored if e.version > at][-3:]
        what = f" ({'; '.join(meanwhile)})" if meanwhile else ""
        return f"Another phone recorded at this table first{what}: nothing recorded, look again."
    return _LINE.sub(" earlier", message)
