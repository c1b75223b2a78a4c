"""A match of a game that is not installed, whose later payloads are of a schema version
its upcasters raised: its commands say the game is not installed, not "upgrade tourney"
(found by the third checklist trial: Briscola uninstalled, `tourney show K1` asked for a
newer tourney, the store not knowing the schema of an event no installed game declares)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

from tests.cli.conftest import Cli
from tourney.games import Result
from tourney.games.base import BaseGame, Started
from tourney.games.protocol import GameEvent, GameMatch
from tourney.games.registry import register, unregister
from tourney.projections import open_store
from tourney.store.appends import NewEvent
from tourney.store.eventstore import EventStore
from tourney.streams.matches import upcasters


@dataclass(frozen=True)
class _Moved:
    type: ClassVar[str] = "upgame_moved"
    player: str


class _Match:
    """Two players who each move once."""

    def __init__(self) -> None:
        self.players: tuple[str, ...] = ()
        self.moved: list[str] = []

    started = property(lambda self: bool(self.players))
    finished = property(lambda self: len(self.moved) == 2)
    to_move = property(lambda self: None if self.finished else self.players[len(self.moved)])

    def copy(self) -> _Match:
        other = _Match()
        other.players, other.moved = self.players, list(self.moved)
        return other

    def apply(self, event: GameEvent, line: int | None = None) -> None:
        if isinstance(event, Started):
            self.players = event.players
        else:
            self.moved.append(event.player)  # type: ignore[attr-defined]

    def summary(self) -> dict[str, Any]:
        return {"game": "upgame", "players": list(self.players)}


class _Up(BaseGame):
    name = "upgame"
    title = "Up"
    table_sizes = (2, 2)
    moves = (_Moved,)
    upcasters = MappingProxyType({("upgame_moved", 1): lambda payload: payload})

    def new_match(self) -> GameMatch:
        return _Match()

    def legal_moves(self, match: GameMatch) -> list[GameEvent]:
        return []

    def result(self, match: GameMatch) -> Result:
        return Result((0, 0), ())


def test_its_commands_say_it_is_not_installed(adhoc_db: Path) -> None:
    register(_Up())
    try:
        with EventStore.from_url(str(adhoc_db), registry=upcasters()) as store:
            store.append(
                "match-K1",
                [
                    NewEvent("match_started", {"game": "upgame", "players": ["Ann", "Bo"]}),
                    NewEvent("upgame_moved", {"player": "Ann"}),  # schema 2, as declared
                ],
                expected_version=0,
            )
        store, _projector = open_store(str(adhoc_db))  # the read models catch up, as played
        store.close()
    finally:
        unregister("upgame")
    cli = Cli(str(adhoc_db))
    for command in (["show", "K1"], ["undo", "K1"], ["export", "K1", "-o", "k1.jsonl"]):
        cli.refused(*command, message="'upgame' is not a game tourney plays", match="K1")
