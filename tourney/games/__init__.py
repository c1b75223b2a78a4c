"""The games tourney plays, one package each, behind one small interface.

Horse Race (the domino game, ``tourney.games.horserace``) and Racehorse (the card game,
``tourney.games.racehorse``) are pure rules engines with their records. Everything outside
this package (store-facing code, desks, projections, policies, reports, CLI) reaches a game
only through a `Game` from this registry, and through the per-game public module it hands
out for what only that game has (`tourney.games.dominoes`, `tourney.games.cards`: the
scorer's notation, bots, the account's lines); nothing outside imports a game package itself
(import-linter holds this).

A match stream's game is named by its ``match_started`` payload (``game`` absent: Horse
Race); a tournament's by its setting.

>>> from tourney.games import game_of
>>> game_of({"players": ["Ann", "Bo"]}).title
'Horse Race'
>>> g = game_of({"game": "racehorse"})
>>> m = g.new_match()
>>> for kind, payload in [
...     ("match_started", {"game": "racehorse", "players": ["A", "B", "C", "D", "E"],
...                        "dealer": "A", "deals": 1}),
...     ("deal_started", {}), ("bid", {"player": "B", "bid": 2}),
... ]:
...     _ = m.apply(g.event(kind, payload))
>>> m.to_move, m.finished
('C', False)
>>> [g.payload(e) for e in g.legal_moves(m)][:2]
[('passed', {'player': 'C'}), ('bid', {'player': 'C', 'bid': 3})]
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TextIO

from tourney.errors import TourneyError, quote
from tourney.games.horserace.events import DEFAULT_TARGET
from tourney.games.result import Result

HORSE_RACE = "horse-race"
"""The registry name of Horse Race, the domino game (a stream without ``game``)."""

HORSE_RACE_TARGET = DEFAULT_TARGET
"""Points to win a Horse Race match unless set otherwise (the rules' 61), for the tournament
settings and the CLI's defaults: written once, in the engine."""

RACEHORSE = "racehorse"
"""The registry name of Racehorse, the card game (``"game": "racehorse"``)."""


class GameEvent(Protocol):
    """What every game's event offers: its record ``type``."""

    @property
    def type(self) -> str: ...


class GameMatch(Protocol):
    """A match being replayed: the state every game's engine keeps."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def started(self) -> bool: ...
    @property
    def finished(self) -> bool: ...
    @property
    def to_move(self) -> str | None: ...
    def apply(self, event: Any, line: int | None = None) -> Any: ...
    def summary(self) -> dict[str, Any]: ...


class Replayed(Protocol):
    """A record replayed: the match and, when kept, its events with their line numbers."""

    @property
    def match(self) -> Any: ...
    @property
    def events(self) -> Sequence[tuple[int, Any]]: ...


class Game(Protocol):
    """One game tourney plays, as the store-facing code sees it."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def table_sizes(self) -> tuple[int, int]:
        """The fewest and the most players a table seats."""
        ...

    @property
    def scored(self) -> str:
        """What a player's result at a table counts, in words: ``"game points"``,
        ``"net units"`` (the standings' column and tie-break)."""
        ...

    def new_match(self) -> Any:
        """A match before its ``match_started``: apply events to it (an illegal one raises a
        TourneyError with a one-line reason and changes nothing)."""
        ...

    def event(self, type_: str, payload: Mapping[str, Any]) -> Any:
        """The event a stored payload (a record line less ``type``) stands for; a
        TourneyError quoting the field when malformed."""
        ...

    def payload(self, event: Any) -> tuple[str, dict[str, Any]]:
        """An event's type and stored payload: its record line less ``type``."""
        ...

    def legal_moves(self, match: Any) -> list[Any]:
        """The events the engine accepts now (those it can list without hidden hands)."""
        ...

    def result(self, match: Any) -> Result:
        """The result per side so far (``winners`` empty until the match is over)."""
        ...

    def sides(self, match: Any) -> list[list[str]]:
        """The players of each side, in the order of `Result.scores`."""
        ...

    def progress(self, match: Any) -> list[dict[str, Any]]:
        """The hands (Horse Race) or deals (Racehorse) so far, as the replay object has them."""
        ...

    def table_view(self, match: Any) -> list[dict[str, Any]]:
        """What lies on the table: the domino layout, or the cards of the current trick."""
        ...

    def replay_lines(self, lines: Iterable[str], keep_events: bool = False) -> Replayed:
        """A whole record replayed with full checking (RecordError at the first bad line)."""
        ...

    def write_record(self, events: Iterable[Any], out: TextIO) -> None:
        """A record of ``events``, one JSON line each."""
        ...

    def account(self, events: Iterable[Any]) -> Iterator[str]:
        """The human-readable account of a match, line by line."""
        ...

    def summary_json(self, match: Any) -> str:
        """The ``tourney replay --json`` object of a match, as one line of JSON."""
        ...

    def table_start(
        self, players: Sequence[str], settings: Mapping[str, Any], extra: Mapping[str, Any]
    ) -> Any:
        """The ``match_started`` a tournament table's stream opens with: ``players`` in
        seat order, the tournament's game ``settings``, and ``extra`` fields naming the
        tournament, match, round and table."""
        ...


_MODULES = {HORSE_RACE: "tourney.games.horserace.game", RACEHORSE: "tourney.games.racehorse.game"}
_LOADED: dict[str, Game] = {}

NAMES = tuple(_MODULES)
"""Every game's registry name."""

__all__ = ["HORSE_RACE", "NAMES", "RACEHORSE", "Game", "GameEvent", "GameMatch", "Result"]


def game(name: str) -> Game:
    """The game registered as ``name`` (``horse-race``, ``racehorse``); TourneyError if none.

    Each game's modules load the first time it is asked for: a run of Racehorse records
    never imports the domino engine, and the other way round."""
    loaded = _LOADED.get(name)
    if loaded is None:
        module = _MODULES.get(name) if isinstance(name, str) else None
        if module is None:
            raise TourneyError(f"{quote(name)} is not a game tourney plays: {', '.join(NAMES)}")
        loaded = _LOADED[name] = importlib.import_module(module).GAME
    return loaded


def record_game(lines: Sequence[str]) -> Game:
    """The game a record's lines are in: Racehorse when its ``match_started`` says
    ``"game": "racehorse"``, else Horse Race (whose reading then says what is wrong)."""
    from tourney.games.racehorse.record import is_racehorse_record

    return game(RACEHORSE if is_racehorse_record(lines) else HORSE_RACE)


def game_of(payload: Mapping[str, Any] | None) -> Game:
    """The game of a ``match_started`` payload (``game`` absent, or no payload: Horse Race)."""
    name = None if payload is None else payload.get("game")
    return game(HORSE_RACE if name is None else name)
