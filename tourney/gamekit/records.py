"""Which game a match record is in: the one its ``match_started`` names (``game``; none:
Horse Race, the record format's default), through the registry, whatever game that is.
A record without a readable ``match_started`` goes to the game whose events its lines are,
whose reader then says what is wrong."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from tourney.errors import RecordError, TourneyError
from tourney.gamekit.registry import game, names
from tourney.gamekit.stored import DEFAULT_GAME
from tourney.i18n import _

if TYPE_CHECKING:
    from tourney.gamekit.protocol import Game


def record_game(lines: Sequence[str]) -> Game:
    """The game a record's lines are in; RecordError at a ``match_started`` that names a
    game tourney does not play."""
    for number, obj in _objects(lines):
        if obj.get("type") != "match_started":
            continue
        name = obj.get("game", DEFAULT_GAME)
        if name in names():
            return game(name)
        raise RecordError(
            number,
            _("'game': {shown} is not a game tourney plays: {names}").format(
                shown=json.dumps(name, ensure_ascii=False), names=", ".join(names())
            ),
        )
    return _game_of_events(lines)


def _game_of_events(lines: Sequence[str]) -> Game:
    """The first game that reads the first event of a record with no ``match_started``."""
    first = next(_objects(lines), None)
    if first is not None:
        kind = first[1].get("type")
        payload = {key: value for key, value in first[1].items() if key != "type"}
        for name in names():
            try:
                game(name).event(kind, payload)  # type: ignore[arg-type]
            except (TourneyError, TypeError, ValueError, KeyError):
                continue
            return game(name)
    return game(DEFAULT_GAME)


def _objects(lines: Sequence[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """The lines that are JSON objects, with their numbers, ignoring every other."""
    for number, text in enumerate(lines, 1):
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError):  # not JSON, or a number too long to read
            continue
        if type(obj) is dict:
            yield number, obj
