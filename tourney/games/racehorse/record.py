"""The Racehorse record format (RACEHORSE.md §7, JSON Lines, version 1) <-> events.

Same conventions as RECORD.md: blank lines and lines starting with ``#`` are ignored, line
numbers count every physical line, JSON ``null`` is an absent optional field, unknown extra
fields are kept and ignored, an unknown ``type`` is an error. Readers accept the card
notations of the contract (``"10H"``, ``"TH"``, ``"10♥"``); writers emit ``"10H"`` and the
fields in a fixed order, so a record written here reads back and writes out byte for byte
the same.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TextIO

import orjson

from tourney.errors import RecordError
from tourney.games.racehorse.cards import CARD_TEXT
from tourney.games.racehorse.errors import RacehorseError
from tourney.games.racehorse.events import (
    CardPlayed,
    Event,
    MatchStarted,
    card_played,
    event_from_dict,
    event_to_dict,
    extra_fields,
)
from tourney.games.racehorse.match import Match

_CARD_FIELDS = CardPlayed.FIELDS
_ONLY_HERE = frozenset(("deal_started", "bid", "card_played"))
"""Event types no Horse Race record has."""
_SKIP = object()
_json_decode = json.JSONDecoder().raw_decode


def _decode(number: int, text: str) -> object:
    """The JSON value of one physical line, ``_SKIP`` for a blank or ``#`` line.

    The slow path, for what orjson refused: Python's json says what is wrong (and accepts
    the little more it accepts, as the Horse Race reader does). Raises RecordError.
    """
    stripped = text.strip()
    if not stripped or stripped[0] == "#":
        return _SKIP
    try:
        obj, end = _json_decode(stripped)
    except json.JSONDecodeError as exc:
        raise RecordError(number, f"malformed JSON: {exc.msg}") from None
    except RecursionError:
        raise RecordError(number, "malformed JSON: nested too deeply") from None
    if end != len(stripped):
        raise RecordError(number, "malformed JSON: Extra data")
    return obj


def _objects(lines: Iterable[str]) -> Iterator[tuple[int, object]]:
    """Each line's JSON value with its number, blank and ``#`` lines skipped."""
    loads = orjson.loads
    for number, text in enumerate(lines, 1):
        try:
            yield number, loads(text)
        except orjson.JSONDecodeError:
            obj = _decode(number, text)
            if obj is not _SKIP:
                yield number, obj


def _quiet_objects(lines: Iterable[str]) -> Iterator[dict[str, object]]:
    """The lines that are JSON objects, ignoring every other."""
    for text in lines:
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError):  # not JSON, or a number too long to read
            continue
        if type(obj) is dict:
            yield obj


def is_racehorse_record(lines: Sequence[str]) -> bool:
    """Whether a record is a Racehorse one: its ``match_started`` names a ``game`` (no
    ``game`` means Horse Race; a ``game`` other than "racehorse" is refused by this reader).
    With no ``match_started`` at all, whether any line is an event only Racehorse has."""
    started = (o for o in _quiet_objects(t for t in lines if "match_started" in t))
    for obj in started:
        if obj.get("type") == "match_started":
            return obj.get("game") is not None
    for obj in _quiet_objects(lines):
        kind = obj.get("type")
        if type(kind) is str and kind in _ONLY_HERE:
            return True
    return False


def iter_record(lines: Iterable[str]) -> Iterator[tuple[int, Event]]:
    """Each event of a record with its 1-based line number, without the rules.

    Raises RecordError at the first malformed line.
    """
    for number, obj in _objects(lines):
        try:
            yield number, event_from_dict(obj)
        except RacehorseError as exc:
            raise RecordError(number, str(exc)) from None


@dataclass(slots=True)
class Replayed:
    """A replayed record: the match, and (when kept) the events with their line numbers."""

    match: Match
    events: list[tuple[int, Event]] = field(default_factory=list)


def replay_lines(lines: Iterable[str], keep_events: bool = False) -> Replayed:
    """Replay a record through the rules engine, checking every line.

    Raises RecordError at the first offending line. A record with no ``match_started`` at
    all fails at its last line (line 1 when it is empty), as RECORD.md asks.
    """
    all_lines = lines if isinstance(lines, list) else list(lines)
    match = Match()
    kept: list[tuple[int, Event]] = []
    play_card = match.play_card
    apply = match.apply
    cards = CARD_TEXT
    loads = orjson.loads
    malformed = orjson.JSONDecodeError
    number = 0
    started = False
    for number, text in enumerate(all_lines, 1):
        try:
            obj = loads(text)
        except malformed:
            obj = _decode(number, text)
            if obj is _SKIP:
                continue
        try:
            # The commonest line of every record, in a notation the table knows: no event
            # is built unless the caller keeps them.
            if type(obj) is dict and obj.get("type") == "card_played" and started:
                player = obj.get("player")
                given = obj.get("card")
                card = cards.get(given) if type(given) is str else None
                if card is not None and type(player) is str:
                    play_card(player, card, number)
                    if keep_events:
                        extra = extra_fields(obj, _CARD_FIELDS)
                        kept.append((number, card_played(player, card, extra)))
                    continue
            event = event_from_dict(obj)
            if not started:
                if type(event) is not MatchStarted:
                    if not any(
                        o.get("type") == "match_started" for o in _quiet_objects(all_lines[number:])
                    ):
                        raise RecordError(max(len(all_lines), 1), "no match_started in the record")
                    raise RecordError(number, f"{event.type} before match_started")
                started = True
            apply(event, number)
        except RacehorseError as exc:
            raise RecordError(number, str(exc)) from None
        if keep_events:
            kept.append((number, event))
    if not started:
        raise RecordError(max(len(all_lines), 1), "no match_started in the record")
    return Replayed(match, kept)


def format_line(event: Event) -> str:
    """One record line (no newline): ``type`` first, fields in canonical order."""
    return json.dumps(event_to_dict(event), ensure_ascii=False)


def write_record(events: Iterable[Event], out: TextIO) -> None:
    """Write a record, one event a line."""
    for event in events:
        out.write(format_line(event))
        out.write("\n")
