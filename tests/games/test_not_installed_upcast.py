"""A match of a game that is not installed, whose later payloads are of a schema version
its upcasters raised: its commands say the game is not installed, not "upgrade tourney"
(found by the third checklist trial: Briscola uninstalled, `tourney show K1` asked for a
newer tourney, the store not knowing the schema of an event no installed game declares)."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

from tests.cli.conftest import Cli
from tourney.gamekit import game
from tourney.gamekit.registry import register, unregister
from tourney.projections import open_store
from tourney.store.appends import NewEvent
from tourney.store.eventstore import EventStore
from tourney.streams.matches import upcasters

UPGAME = type(
    "Upgame",
    (type(game("morra")),),
    {
        "name": "upgame",
        "upcasters": MappingProxyType({("morra_called", 1): lambda payload: payload}),
    },
)
"""Morra under a name of its own, whose calls are of schema 2 (a step lifts schema 1)."""


def test_its_commands_say_it_is_not_installed(adhoc_db: Path) -> None:
    register(UPGAME())
    try:
        with EventStore.from_url(str(adhoc_db), registry=upcasters()) as store:
            started = {"game": "upgame", "players": ["Ann", "Bo", "Cy", "Di"]}
            called = {"player": "Ann", "fingers": 1, "total": 2}  # schema 2, as declared
            store.append(
                "match-K1",
                [NewEvent("match_started", started), NewEvent("morra_called", called)],
                expected_version=0,
            )
        store, _projector = open_store(str(adhoc_db))  # the read models catch up, as played
        store.close()
    finally:
        unregister("upgame")
    cli = Cli(str(adhoc_db))
    for command in (["show", "K1"], ["undo", "K1"], ["export", "K1", "-o", "k1.jsonl"]):
        cli.refused(*command, message="'upgame' is not a game tourney plays", match="K1")
