"""The match record format (RECORD.md, version 1): JSON Lines <-> engine events.

Readers accept every tile notation of the format; writers emit ``"3-5"``, low half first,
and the fields in a fixed order, so a record written by tourney reads back and writes out
byte for byte the same.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from tourney.engine import (
    DEFAULT_TARGET,
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
from tourney.errors import TourneyError

RECORD_VERSION = 1

_KNOWN_FIELDS: dict[str, tuple[str, ...]] = {
    "match_started": ("type", "version", "players", "partnerships", "target"),
    "hand_started": ("type", "opener", "deal"),
    "tile_drawn": ("type", "player", "tile"),
    "tile_placed": ("type", "player", "tile", "on"),
    "passed": ("type", "player"),
    "tiles_revealed": ("type", "player", "tiles"),
}


class RecordError(TourneyError):
    """A record line that is malformed or illegal; ``line`` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.reason = message


def _extra(obj: Mapping[str, Any], kind: str) -> dict[str, Any]:
    known = _KNOWN_FIELDS[kind]
    return {k: v for k, v in obj.items() if k not in known}


def _player(obj: Mapping[str, Any], key: str = "player") -> str:
    value = obj.get(key)
    if value is None:
        raise EventError(f"'{key}' is missing")
    if not isinstance(value, str):
        raise EventError(f"'{key}': {json.dumps(value)} is not a player in this match")
    return value


def _tile(obj: Mapping[str, Any], key: str, required: bool) -> Tile | None:
    value = obj.get(key)
    if value is None:
        if required:
            raise EventError(f"'{key}' is missing")
        return None
    try:
        return Tile.parse(value)
    except TileError as exc:
        raise TileError(f"'{key}': {exc}") from None


def _tiles(value: object, key: str) -> tuple[Tile, ...]:
    if not isinstance(value, list):
        raise EventError(f"'{key}': expected a list of tiles, got {json.dumps(value)}")
    try:
        return tuple(Tile.parse(v) for v in value)
    except TileError as exc:
        raise TileError(f"'{key}': {exc}") from None


def event_from_dict(obj: object) -> Event:
    """The event a record line's JSON object stands for.

    Raises EventError or TileError with a one-line reason quoting the field.
    """
    if not isinstance(obj, dict):
        raise EventError("a record line must be a JSON object")
    kind = obj.get("type")
    if kind is None:
        raise EventError("'type' is missing")
    if kind == "tile_placed":
        tile = _tile(obj, "tile", True)
        assert tile is not None
        return TilePlaced(_player(obj), tile, _tile(obj, "on", False), _extra(obj, "tile_placed"))
    if kind == "tile_drawn":
        return TileDrawn(_player(obj), _tile(obj, "tile", False), _extra(obj, "tile_drawn"))
    if kind == "passed":
        return Passed(_player(obj), _extra(obj, "passed"))
    if kind == "hand_started":
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
    if kind == "tiles_revealed":
        if obj.get("tiles") is None:
            raise EventError("'tiles' is missing")
        return TilesRevealed(
            _player(obj), _tiles(obj["tiles"], "tiles"), _extra(obj, "tiles_revealed")
        )
    if kind == "match_started":
        version = obj.get("version")
        if version is not None and (version != RECORD_VERSION or isinstance(version, bool)):
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
    raise EventError(f"unknown event type {json.dumps(kind)}")


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


def parse_line(text: str) -> object:
    """The JSON of one line; ValueError with the JSON reason when malformed."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise EventError(f"malformed JSON: {exc.msg}") from None


def iter_record(lines: Iterable[str]) -> Iterator[tuple[int, Event]]:
    """Each event of a record with its 1-based line number; blank and ``#`` lines skipped.

    Raises RecordError at the first malformed line.
    """
    loads = json.loads
    from_dict = event_from_dict
    for number, text in enumerate(lines, 1):
        stripped = text.strip()
        if not stripped or stripped[0] == "#":
            continue
        try:
            obj = loads(stripped)
        except json.JSONDecodeError as exc:
            raise RecordError(number, f"malformed JSON: {exc.msg}") from None
        except RecursionError:
            raise RecordError(number, "malformed JSON: nested too deeply") from None
        try:
            yield number, from_dict(obj)
        except (EventError, TileError) as exc:
            raise RecordError(number, str(exc)) from None


@dataclass(slots=True)
class Replayed:
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
    for number, event in iter_record(all_lines):
        if not match.started and not isinstance(event, MatchStarted):
            if not _mentions_match_started(all_lines[number:]):
                raise RecordError(max(len(all_lines), 1), "no match_started in the record")
            raise RecordError(number, f"{event.type} before match_started")
        try:
            apply(event, number)
        except (RuleError, EventError, TileError) as exc:
            raise RecordError(number, str(exc)) from None
        if keep_events:
            kept.append((number, event))
    if not match.started:
        raise RecordError(max(len(all_lines), 1), "no match_started in the record")
    return Replayed(match, kept)


def _mentions_match_started(lines: list[str]) -> bool:
    for text in lines:
        try:
            obj = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            continue
        if isinstance(obj, dict) and obj.get("type") == "match_started":
            return True
    return False


def split_lines(text: str) -> list[str]:
    """Physical lines as RECORD.md counts them: split on newlines only, not on U+2028."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def read_lines(path: str) -> list[str]:
    """A record file's lines; TourneyError with the path when it cannot be read."""
    try:
        with open(path, encoding="utf-8") as handle:
            return split_lines(handle.read())
    except FileNotFoundError:
        raise TourneyError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise TourneyError(f"{path}: is a folder, not a record file") from None
    except PermissionError:
        raise TourneyError(f"{path}: permission denied") from None
    except UnicodeDecodeError as exc:
        raise TourneyError(f"{path}: not UTF-8 text (byte {exc.start})") from None
