"""Match streams: their names, and which of their events are in force.

A match lives in the stream ``match-<ID>`` (``T3`` -> ``match-T3``; IDs are case-insensitive
and kept upper-case). Payloads are the record lines of RECORD.md minus ``"type"``, which the
store keeps in its own column. An ``undone`` event (payload ``{"version": N}``) takes the
event at version N out of force; undoing an ``undone`` event puts its target back (redo).
Nothing is ever deleted or edited: replay, display and export skip what is not in force.

Besides the record's events and ``undone``, a stream holds two more stream-only events. A
``result_confirmed`` (payload ``{"player": NAME}``, and since issue 23 optionally the
``device`` and ``agent`` it came from, see `tourney.web.devices`) is a player's tap at the
table saying the finished match's result is right. A ``match_closed`` (payload ``{"by": "director",
"ruling": KIND, "reason": ...}``) is appended with the director's ruling on a tournament
table in the same transaction; nothing is recorded at the table after it. The rules engine
never sees stream-only events, and only an ``undone`` can be undone.

A tournament table's stream starts with a ``match_started`` whose extra fields name its
tournament and match (`table_of`); only the director's desk opens such streams.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from tourney.errors import TourneyError, quote
from tourney.gamekit import Game, game_of
from tourney.i18n import _

if TYPE_CHECKING:
    from tourney.store.upcasting import UpcasterRegistry

UNDONE = "undone"
"""The stream-only event type that takes an earlier event out of force."""

CLOSED = "match_closed"
"""The stream-only event type that closes a table's record after the director's ruling."""

RESULT_CONFIRMED = "result_confirmed"
"""The stream-only event type of one player confirming a finished match's result."""

STREAM_ONLY = frozenset({UNDONE, CLOSED, RESULT_CONFIRMED})
"""Event types of a match stream that are not match events: the engine never sees them."""

STREAM_PREFIX = "match-"

_MATCH_ID = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"  # compiled on first use (`re`'s cache)


class StreamEvent(Protocol):
    """What this module reads of a stored event."""

    @property
    def version(self) -> int: ...
    @property
    def type(self) -> str: ...
    @property
    def payload(self) -> dict[str, Any]: ...


def match_id(text: str) -> str:
    """The canonical ID of a table/match code (``t3`` -> ``T3``); TourneyError if unusable.

    The whole text must be an ID (``T3\\n`` is not ``T3``: a match ID never has a stray
    character in it, and a typo must not open a stream of its own).
    """
    if not isinstance(text, str) or not re.fullmatch(_MATCH_ID, text):
        raise TourneyError(
            _("{text} is not a match ID: letters, digits, '-' and '_', at most 64, e.g. T3").format(
                text=quote(text)
            )
        )
    return text.upper()


def shown_id(stored: Sequence[StreamEvent], canonical: str) -> str:
    """How match ``canonical`` is shown, the same in every output: the name its table was
    given when a round opened its stream (``club-night-r1-t2``, as the pairings print it),
    else its code upper-cased (``T3``). IDs are compared without case either way."""
    if stored:
        named = stored[0].payload.get("match")
        if isinstance(named, str) and re.fullmatch(_MATCH_ID, named) and named.upper() == canonical:
            return named
    return canonical


def match_stream(text: str) -> str:
    """The stream that holds match ``text`` (``T3`` -> ``match-T3``)."""
    return f"{STREAM_PREFIX}{match_id(text)}"


def stream_game(stored: Sequence[StreamEvent]) -> Game:
    """The game a match stream is played in: named by its first event, the
    ``match_started`` (no ``game``, or no events yet: Horse Race)."""
    first = stored[0] if stored else None
    return game_of(first.payload if first is not None and first.type == "match_started" else None)


def to_payload(game: Game, event: Any) -> dict[str, Any]:
    """An event's stored payload: its record line without ``type``."""
    return game.payload(event)[1]


def to_event(game: Game, type_: str, payload: Mapping[str, Any]) -> Any:
    """The engine event of a stored match event (a TourneyError quoting the field if
    malformed)."""
    return game.event(type_, payload)


def in_force(stored: Sequence[StreamEvent]) -> set[int]:
    """The versions of the events in force: every event no ``undone`` in force points at.

    An ``undone`` only ever points back, so walking from the newest event decides each
    ``undone`` before the events it names.
    """
    return {event.version for event in newest_in_force(stored)}


def newest_in_force(stored: Sequence[StreamEvent]) -> Iterator[StreamEvent]:
    """The events in force (``undone`` events in force too), newest first: a reader that
    needs only the latest few (a deal's auction) stops early."""
    cancelled: set[int] = set()
    for event in reversed(stored):
        if event.version in cancelled:
            continue
        yield event
        if event.type == UNDONE:
            target = event.payload.get("version")
            if isinstance(target, int) and target < event.version:
                cancelled.add(target)


def match_events(stored: Sequence[StreamEvent]) -> list[tuple[int, Any]]:
    """The match events in force, with their stream versions, in order, as events of the
    stream's game."""
    kept = in_force(stored)
    event = stream_game(stored).event
    return [
        (e.version, event(e.type, e.payload))
        for e in stored
        if e.version in kept and e.type not in STREAM_ONLY
    ]


def closed_by(stored: Sequence[StreamEvent]) -> StreamEvent | None:
    """The ``match_closed`` event of the stream, if the director has closed it."""
    for event in stored:
        if event.type == CLOSED:
            return event
    return None


ROUND_REMOVED = "round removed"
"""The ruling on a table whose round was removed (`round remove`)."""
ROUND_REPAIRED = "round paired again"
"""The ruling on a table whose round was paired again (`round repair`)."""


def ruling_of(closing: StreamEvent) -> tuple[str, str]:
    """A closed table's ruling (its code) and the director's reason (as typed, or ``""``).
    A table closed by a re-pairing before that was a ruling of its own recorded ``round
    removed`` with the English ``re-paired: <reason>``: read as the re-pairing it was, as
    `RoundRemoved` reads the same reason."""
    from tourney.tournament.round_events import RoundRemoved

    code = str(closing.payload.get("ruling", ""))
    reason = str(closing.payload.get("reason", "") or "")
    if code == ROUND_REMOVED:
        removed = RoundRemoved.from_payload({"round": 0, "reason": reason})
        return (ROUND_REPAIRED if removed.repaired else code), removed.reason
    return code, reason


def table_of(first: StreamEvent | None) -> tuple[str, str] | None:
    """The tournament slug and match id of a table's stream, from its first event (a
    ``match_started`` the director's desk wrote); None for an ad-hoc match."""
    if first is None or first.type != "match_started":
        return None
    slug, match = first.payload.get("tournament"), first.payload.get("match")
    if isinstance(slug, str) and isinstance(match, str):
        return slug, match
    return None


def confirmations(stored: Sequence[StreamEvent]) -> list[str]:
    """The players who confirmed the result as it stands: ``result_confirmed`` events in
    force recorded after the last match event in force, first confirmation first. (A
    confirmation made before an undo changed the result no longer counts; one made before
    an undo that was itself undone counts again, for the result is the same.)"""
    kept = in_force(stored)
    last = max(
        (e.version for e in stored if e.version in kept and e.type not in STREAM_ONLY),
        default=0,
    )
    players: list[str] = []
    for event in stored:
        if event.type == RESULT_CONFIRMED and event.version > last and event.version in kept:
            player = event.payload.get("player")
            if isinstance(player, str) and player not in players:
                players.append(player)
    return players


def confirmed_from(stored: Sequence[StreamEvent]) -> dict[str, str]:
    """Each player who confirmed the result as it stands (`confirmations`), with the
    device the confirmation came from in words: ``"phone 3fa2b1c0 (iPhone · Safari)"``,
    ``"no device recorded"`` (the console, or a confirmation stored before devices were)."""
    kept = in_force(stored)
    last = max(
        (e.version for e in stored if e.version in kept and e.type not in STREAM_ONLY),
        default=0,
    )
    found: dict[str, str] = {}
    for event in stored:
        player = event.payload.get("player")
        if event.type != RESULT_CONFIRMED or event.version not in kept or event.version <= last:
            continue
        device, agent = event.payload.get("device"), event.payload.get("agent")
        words = f"phone {device}" if isinstance(device, str) else "no device recorded"
        if isinstance(agent, str) and agent:
            words += f" ({agent})"
        found.setdefault(str(player), words)
    return found


def one_device_note(devices: Mapping[str, str]) -> str:
    """``"all 4 from one phone"`` when several confirmations came from one device ("" when
    they came from different devices, or only one confirmed)."""
    labels = [d.split(" (")[0] for d in devices.values() if d.startswith("phone ")]
    if len(labels) >= 2 and len(set(labels)) == 1:
        return f"all {len(labels)} from one phone"
    return ""


def _said(value: object) -> str:
    """One stored value as a record line's reader would type it."""
    if isinstance(value, list):
        return " ".join(_said(item) for item in value)
    return str(value)


def undo_target(stored: Sequence[StreamEvent], redo: bool = False) -> int | None:
    """The version an undo takes back: the newest match event in force; with ``redo``, the
    newest undo in force of a match event (undoing it redoes; a redo is not redone again).
    Confirmations are not taken back by default (undo names them by version). None when
    there is nothing to take back.
    """
    kept = in_force(stored)
    types: dict[object, str] = {e.version: e.type for e in stored}
    for event in reversed(stored):
        if event.version not in kept:
            continue
        if not redo and event.type not in STREAM_ONLY:
            return event.version
        target = types.get(event.payload.get("version"))
        if redo and event.type == UNDONE and target not in STREAM_ONLY:
            return event.version
    return None


def undo_line(stored: Sequence[StreamEvent], version: int) -> str:
    """What the ``undone`` event at ``version`` did: ``v9: undid v8 bid Bo 3``, or, for the
    undo of an undo, ``v10: redid v8 bid Bo 3``."""
    by_version = {e.version: e for e in stored}
    target = by_version[version].payload["version"]
    undone = by_version.get(target)
    if undone is not None and undone.type == UNDONE:  # an undo of an undo: a redo
        return f"v{version}: redid {describe(stored, undone.payload['version'])}"
    return f"v{version}: undid {describe(stored, target)}"


def describe(stored: Iterable[StreamEvent], version: int) -> str:
    """A short name for the event at ``version``: ``v12 tile_placed Ann 3-5 on 5-5``,
    ``v7 card_played Bo QH``, a club game's ``v4 briscola_scored 70 50`` (its own fields,
    said as stored)."""
    for event in stored:
        if event.version == version:
            p = event.payload
            if event.type == UNDONE:
                return f"v{version} undo of v{p.get('version')}"
            if event.type == CLOSED:
                return f"v{version} closed by the director ({p.get('ruling')})"
            if event.type == RESULT_CONFIRMED:
                return f"v{version} result confirmed by {p.get('player')}"
            keys = ("player", "opener", "tile", "dealer", "bid", "card")
            words = [str(p[k]) for k in keys if p.get(k) is not None]
            if p.get("on") is not None:
                words += ["on", str(p["on"])]
            if isinstance(p.get("tiles"), list):
                words += [str(t) for t in p["tiles"]]
            if not words and event.type != "match_started":  # a club game's move, its
                words = [_said(value) for key, value in p.items() if key != "game"]
            return " ".join([f"v{version} {event.type}", *words])
    return f"v{version}"


def upcasters() -> UpcasterRegistry:
    """What a store is opened with to read old payloads: every game's upcasters
    (`Game.upcasters`; the store itself knows no game), read from the games' entry points
    the first time an event of a stream other than a tournament's is read or appended (a
    tournament's stream holds tourney's own events, which no game lifts)."""
    from tourney.store.upcasting import UpcasterRegistry

    return UpcasterRegistry(_register_games_upcasters, own=TOURNAMENT_STREAMS)


TOURNAMENT_STREAMS = "tournament-"
"""The start of a tournament's stream id (`tourney.tournament.streams.PREFIX`)."""


def _register_games_upcasters(registry: UpcasterRegistry) -> None:
    from tourney.gamekit import upcasters as game_upcasters

    for (type_, version), step in game_upcasters().items():
        registry.register(type_, version)(step)
