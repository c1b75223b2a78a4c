"""The match record format (RECORD.md, version 1): JSON Lines <-> engine events.

Readers accept every tile notation of the format; writers emit ``"3-5"``, low half first,
and the fields in a fixed order, so a record written by tourney reads back and writes out
byte for byte the same.

A record is JSON: ``NaN`` and ``Infinity`` (which Python's reader would take) are malformed,
and so is a number too long to read (Python refuses integers past 4,300 digits) or a string
holding a lone surrogate (not text). Replaying takes any other value the format allows; a
record imported into the store must also be storable as it is (`check_storable`).
"""

import json
import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, TextIO

from tourney.errors import RecordError as RecordError  # re-exported: callers import it from here
from tourney.errors import quote
from tourney.games.horserace import (
    DEFAULT_TARGET,
    DOUBLE_SIX,
    Event,
    EventError,
    HandStarted,
    Match,
    MatchStarted,
    Passed,
    RuleError,
    Tile,
    TileDrawn,
    TileError,
    TilePlaced,
    TilesRevealed,
)
from tourney.games.horserace.events import make_tile_drawn, make_tile_placed
from tourney.textfiles import read_lines as read_lines  # re-exported, as RecordError
from tourney.textfiles import split_lines as split_lines

RECORD_VERSION = 1
_TILE_TEXT: dict[str, Tile] = {t.text: t for t in DOUBLE_SIX}

_KNOWN_FIELDS: dict[str, tuple[str, ...]] = {
    "match_started": ("type", "version", "players", "partnerships", "target"),
    "hand_started": ("type", "opener", "deal"),
    "tile_drawn": ("type", "player", "tile"),
    "tile_placed": ("type", "player", "tile", "on"),
    "passed": ("type", "player"),
    "tiles_revealed": ("type", "player", "tiles"),
}


_NO_EXTRA: Mapping[str, Any] = MappingProxyType({})
_KNOWN_SETS = {kind: frozenset(fields) for kind, fields in _KNOWN_FIELDS.items()}
_PLACED_KEYS = _KNOWN_SETS["tile_placed"]


def _extra(obj: dict[str, Any], kind: str) -> Mapping[str, Any]:
    known = _KNOWN_SETS[kind]
    if obj.keys() <= known:
        return _NO_EXTRA
    return {k: v for k, v in obj.items() if k not in known}


def _player(obj: Mapping[str, Any], key: str = "player") -> str:
    value = obj.get(key)
    if type(value) is str:
        return value
    if value is None:
        raise EventError(f"'{key}' is missing")
    raise EventError(f"'{key}': {json.dumps(value)} is not a player in this match")


def _tile(obj: Mapping[str, Any], key: str, required: bool) -> Tile | None:
    value = obj.get(key)
    if value is None:
        if required:
            raise EventError(f"'{key}' is missing")
        return None
    tile = _TILE_TEXT.get(value) if type(value) is str else None
    if tile is not None:
        return tile
    try:
        return Tile.parse(value)
    except TileError as exc:
        raise TileError(f"'{key}': {exc}") from None


def _tiles(value: object, key: str) -> tuple[Tile, ...]:
    if not isinstance(value, list):
        raise EventError(f"'{key}': expected a list of tiles, got {json.dumps(value)}")
    # Fast path for a deal in the canonical notation (a rebuild reads one per hand).
    known = _TILE_TEXT.get
    tiles: list[Tile] = []
    for text in value:
        tile = known(text) if type(text) is str else None
        if tile is None:
            break
        tiles.append(tile)
    else:
        return tuple(tiles)
    try:
        return tuple(Tile.parse(v) for v in value)
    except TileError as exc:
        raise TileError(f"'{key}': {exc}") from None


def _tile_placed(obj: dict[str, Any]) -> Event:
    # Fast path for the commonest line of every record, in the canonical notation.
    player = obj.get("player")
    tile_text = obj.get("tile")
    on_text = obj.get("on")
    if type(player) is str and type(tile_text) is str and (on_text is None or type(on_text) is str):
        tile_ = _TILE_TEXT.get(tile_text)
        on_ = None if on_text is None else _TILE_TEXT.get(on_text)
        if tile_ is not None and (on_ is not None or on_text is None):
            extra = _NO_EXTRA if obj.keys() <= _PLACED_KEYS else _extra(obj, "tile_placed")
            event: Event = make_tile_placed(player, tile_, on_, extra)
            return event
    tile = _tile(obj, "tile", True)
    assert tile is not None
    return TilePlaced(_player(obj), tile, _tile(obj, "on", False), _extra(obj, "tile_placed"))


def _tile_drawn(obj: dict[str, Any]) -> Event:
    event: Event = make_tile_drawn(
        _player(obj), _tile(obj, "tile", False), _extra(obj, "tile_drawn")
    )
    return event


def _passed(obj: dict[str, Any]) -> Event:
    return Passed(_player(obj), _extra(obj, "passed"))


def _hand_started(obj: dict[str, Any]) -> Event:
    opener = obj.get("opener")
    if opener is not None and not isinstance(opener, str):
        raise EventError(f"'opener': {json.dumps(opener)} is not a player in this match")
    deal_obj = obj.get("deal")
    deal: dict[str, tuple[Tile, ...]] | None = None
    if deal_obj is not None:
        if not isinstance(deal_obj, dict):
            raise EventError("'deal': expected an object of player -> tiles")
        deal = {name: _tiles(tiles, "deal") for name, tiles in deal_obj.items()}
    return HandStarted(opener, deal, _extra(obj, "hand_started"))


def _tiles_revealed(obj: dict[str, Any]) -> Event:
    if obj.get("tiles") is None:
        raise EventError("'tiles' is missing")
    return TilesRevealed(_player(obj), _tiles(obj["tiles"], "tiles"), _extra(obj, "tiles_revealed"))


def _match_started(obj: dict[str, Any]) -> Event:
    version = obj.get("version")
    if version is not None and (type(version) is not int or version != RECORD_VERSION):
        raise EventError(f"'version': {json.dumps(version)} is not supported (only 1)")
    players = obj.get("players")
    if players is None:
        raise EventError("'players' is missing")
    if not isinstance(players, list):
        raise EventError("'players': expected a list of names")
    partnerships = obj.get("partnerships")
    target = obj.get("target")
    return MatchStarted(
        tuple(players),
        False if partnerships is None else partnerships,
        DEFAULT_TARGET if target is None else target,
        _extra(obj, "match_started"),
    )


_PARSERS: dict[object, Callable[[dict[str, Any]], Event]] = {
    "tile_placed": _tile_placed,
    "tile_drawn": _tile_drawn,
    "passed": _passed,
    "hand_started": _hand_started,
    "tiles_revealed": _tiles_revealed,
    "match_started": _match_started,
}


def event_from_dict(obj: object) -> Event:
    """The event a record line's JSON object stands for.

    Raises EventError or TileError with a one-line reason quoting the field.
    """
    if type(obj) is not dict:
        raise EventError("a record line must be a JSON object")
    kind = obj.get("type")
    parser = _PARSERS.get(kind) if isinstance(kind, str) else None
    if parser is None:
        if kind is None:
            raise EventError("'type' is missing")
        raise EventError(f"unknown event type {json.dumps(kind)}")
    return parser(obj)


def event_from_payload(type_: str, payload: Mapping[str, Any]) -> Event:
    """``event_from_dict({"type": type_, **payload})`` without building that dict: a stored
    event's payload is its record line less ``type`` (a rebuild reads half a million).

    Same event, same errors: a payload that is not a plain dict, or that holds a ``type``
    of its own (which wins over ``type_`` in the merged line), takes the general path.
    """
    parser = _PARSERS.get(type_)
    if parser is not None and type(payload) is dict and "type" not in payload:
        return parser(payload)
    return event_from_dict({"type": type_, **payload})


def event_to_dict(event: Event) -> dict[str, Any]:
    """The record form of an event: canonical field order, tiles as ``"3-5"``."""
    out: dict[str, Any] = {"type": event.type}
    if isinstance(event, TilePlaced):
        out["player"] = event.player
        out["tile"] = event.tile.text
        if event.on is not None:
            out["on"] = event.on.text
    elif isinstance(event, TileDrawn):
        out["player"] = event.player
        if event.tile is not None:
            out["tile"] = event.tile.text
    elif isinstance(event, Passed):
        out["player"] = event.player
    elif isinstance(event, HandStarted):
        if event.opener is not None:
            out["opener"] = event.opener
        if event.deal is not None:
            out["deal"] = {name: [t.text for t in tiles] for name, tiles in event.deal.items()}
    elif isinstance(event, TilesRevealed):
        out["player"] = event.player
        out["tiles"] = [t.text for t in event.tiles]
    else:
        out["version"] = RECORD_VERSION
        out["players"] = list(event.players)
        out["partnerships"] = event.partnerships
        out["target"] = event.target
    out.update(event.extra)
    return out


def format_line(event: Event) -> str:
    """One record line (no newline)."""
    return json.dumps(event_to_dict(event), ensure_ascii=False)


def write_record(events: Iterable[Event], out: TextIO) -> None:
    """Write a record, one event a line."""
    for event in events:
        out.write(format_line(event))
        out.write("\n")


class _NotJson(ValueError):
    """What Python's JSON reader takes but JSON is not."""


def _refuse_constant(name: str) -> object:
    raise _NotJson(f"malformed JSON: {name} is not a JSON number")


# NaN and the infinities are the only things `parse_constant` is called for: the reader's
# fast path for every other value is untouched.
_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)


LONE_SURROGATE = "malformed JSON: a string holds a lone surrogate (not text)"
TOO_LONG = "malformed JSON: a number too long to read"

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _suspect(stripped: str) -> bool:
    """Whether a raw line escapes a surrogate at all (two scans in C: the hot path's test)."""
    return "\\ud" in stripped or "\\uD" in stripped


def _lone_escape(line: str) -> bool:
    """Whether the raw text of a line escapes a surrogate that is not half of a pair (a
    high one right before a low one). An escaped backslash before "ud800" passes this too;
    `_lone_surrogate` then decides on the decoded value."""
    low_expected_at = -1
    for found in _SURROGATE_ESCAPE.finditer(line):
        high = found.group()[3] in "89abAB"
        if low_expected_at >= 0:
            if high or found.start() != low_expected_at:
                return True
            low_expected_at = -1
        elif high:
            low_expected_at = found.end()
        else:
            return True
    return low_expected_at >= 0


def _not_json(number: int, exc: ValueError | RecursionError) -> RecordError:
    """The RecordError for a line the JSON reader refused; ``exc`` itself again when it is
    not about the JSON (a bug, not a fact about the record)."""
    if isinstance(exc, json.JSONDecodeError):
        return RecordError(number, f"malformed JSON: {exc.msg}")
    if isinstance(exc, RecursionError):
        return RecordError(number, "malformed JSON: nested too deeply")
    if isinstance(exc, _NotJson):
        return RecordError(number, str(exc))
    if "digits" in str(exc):  # int() refuses more than 4,300 digits (CVE-2020-10735)
        return RecordError(number, TOO_LONG)
    raise exc


def _decode(number: int, stripped: str) -> tuple[Any, int]:
    """``raw_decode`` of one stripped line; RecordError citing ``number`` when it is not
    JSON, not text (a lone surrogate), or holds a number too long to read."""
    try:
        obj, end = _DECODER.raw_decode(stripped)
    except (ValueError, RecursionError) as exc:
        raise _not_json(number, exc) from None
    if _suspect(stripped) and _lone_escape(stripped) and _lone_surrogate(obj):
        raise RecordError(number, LONE_SURROGATE)
    return obj, end


def _lone_surrogate(value: object) -> bool:
    """Whether a decoded JSON value holds a surrogate that is not half of a pair (a pair
    decodes to one character, so any surrogate left is lone)."""
    if isinstance(value, str):
        return any("\ud800" <= c <= "\udfff" for c in value)
    if isinstance(value, list):
        return any(_lone_surrogate(v) for v in value)
    if isinstance(value, dict):
        return any(_lone_surrogate(k) or _lone_surrogate(v) for k, v in value.items())
    return False


def decode_line(number: int, text: str) -> object | None:
    """The JSON value of one physical line, or None for a blank or ``#`` line.

    Raises RecordError citing ``number`` when the JSON is malformed.
    """
    stripped = text.strip()
    if not stripped or stripped[0] == "#":
        return None
    obj: object
    obj, end = _decode(number, stripped)
    if end != len(stripped):
        raise RecordError(number, "malformed JSON: Extra data")
    return obj


def iter_record(lines: Iterable[str]) -> Iterator[tuple[int, Event]]:
    """Each event of a record with its 1-based line number; blank and ``#`` lines skipped.

    Raises RecordError at the first malformed line.
    """
    for number, text in enumerate(lines, 1):
        obj = decode_line(number, text)
        if obj is None:
            continue
        try:
            yield number, event_from_dict(obj)
        except (EventError, TileError) as exc:
            raise RecordError(number, str(exc)) from None


class Replayed(NamedTuple):
    """A replayed record: the match, and the events with their line numbers."""

    match: Match
    events: list[tuple[int, Event]]


def replay_lines(lines: Iterable[str], keep_events: bool = False) -> Replayed:
    """Replay a record through the rules engine, checking every line.

    Raises RecordError at the first offending line. A record with no ``match_started`` at
    all fails at its last line (line 1 when it is empty), as RECORD.md asks.
    """
    all_lines = lines if isinstance(lines, list) else list(lines)
    match = Match()
    kept: list[tuple[int, Event]] = []
    apply = match.apply
    place = match.place_tile
    decoder = _DECODER.raw_decode
    parsers = _PARSERS
    number = 0
    started = False
    for number, text in enumerate(all_lines, 1):
        stripped = text.strip()
        if not stripped or stripped[0] == "#":
            continue
        try:
            # The decoding of `_decode`, inlined: this loop is the replay's hot path.
            obj, end = decoder(stripped)
            if end != len(stripped):
                raise RecordError(number, "malformed JSON: Extra data")
            if (
                ("\\ud" in stripped or "\\uD" in stripped)  # `_suspect`, inlined
                and _lone_escape(stripped)
                and _lone_surrogate(obj)
            ):
                raise RecordError(number, LONE_SURROGATE)
            kind = obj.get("type") if type(obj) is dict else None
            parser = parsers.get(kind) if type(kind) is str else None
            event = parser(obj) if parser is not None else event_from_dict(obj)
            if not started:
                if type(event) is not MatchStarted:
                    if not _mentions_match_started(all_lines[number:]):
                        raise RecordError(max(len(all_lines), 1), "no match_started in the record")
                    raise RecordError(number, f"{event.type} before match_started")
                started = True
            if type(event) is TilePlaced:  # most lines: skip the dispatch
                place(event, number)
            else:
                apply(event, number)
        except (RuleError, EventError, TileError) as exc:
            raise RecordError(number, str(exc)) from None
        except (ValueError, RecursionError) as exc:  # the JSON reader's (see `_decode`)
            raise _not_json(number, exc) from None
        if keep_events:
            kept.append((number, event))
    if not match.started:
        raise RecordError(max(len(all_lines), 1), "no match_started in the record")
    return Replayed(match, kept)


def _mentions_match_started(lines: list[str]) -> bool:
    for text in lines:
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError):
            continue
        if isinstance(obj, dict) and obj.get("type") == "match_started":
            return True
    return False


LARGEST_STORED_INTEGER = 2**63 - 1
"""The store keeps payloads as JSON read back by orjson, which reads a larger integer as a
float: an extra field past this would not come back as it went in."""


def check_storable(events: Iterable[tuple[int, Event]]) -> None:
    """Refuse, with a RecordError citing the line, what the store could not keep exactly as
    it is and read back safely: a player name that is not clean (control or format
    characters, stray spaces, too long: see `tourney.names`), two names that fold alike, a
    target outside `tourney.limits.TARGET`, an extra field holding an integer past 64 bits
    or a float that is not finite.

    A record is a public document: names are refused, not silently changed, because every
    later line names its player exactly as the first line does.
    """
    from tourney.limits import NAME_LENGTH, TARGET
    from tourney.names import fold, is_clean

    for line, event in events:
        if isinstance(event, MatchStarted):
            seen: dict[str, str] = {}
            for name in event.players:
                if not is_clean(name):
                    raise RecordError(
                        line,
                        f"'players': {quote(name)} is not a name tourney stores (control or "
                        f"format characters, stray spaces, or more than {NAME_LENGTH} "
                        "characters); correct the record",
                    )
                other = seen.setdefault(fold(name), name)
                if other != name:
                    raise RecordError(
                        line,
                        f"'players': {quote(other)} and {quote(name)} differ only in case or "
                        "accents; names must be told apart",
                    )
            if event.target not in TARGET:
                raise RecordError(
                    line,
                    f"'target': {quote(event.target)} is outside what tourney stores "
                    f"({TARGET.low} to {TARGET.high})",
                )
        for key, value in event.extra.items():
            problem = _unstorable(value)
            if problem is not None:
                raise RecordError(line, f"{quote(key)}: {problem}")


def _unstorable(value: object) -> str | None:
    """Why a JSON value of an extra field cannot be stored exactly, or None."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return None
    if isinstance(value, int):
        if abs(value) > LARGEST_STORED_INTEGER:
            return (
                f"{quote(value)} is too large to store exactly "
                "(whole numbers up to 9223372036854775807)"
            )
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{value} is not a finite number"
    if isinstance(value, list):
        return next((p for p in map(_unstorable, value) if p is not None), None)
    if isinstance(value, dict):
        return next((p for p in map(_unstorable, value.values()) if p is not None), None)
    return f"{quote(value)} is not a JSON value"
