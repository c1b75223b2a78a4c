"""The records' events (`tourney.tournament.records`) are decoded and folded through
`events.RECORD_EVENTS`, a table of type -> module, so that a stream without a clock,
check-in, pools, penalty or dispute loads none of their classes (`tourney pairings` and
`tourney standings`: tests/cli/test_command_imports.py). The table must name every event
class of those modules, under its module, and nothing else."""

from __future__ import annotations

import dataclasses
from importlib import import_module

from tourney.tournament.events import EVENT_TYPES, RECORD_EVENTS

MODULES = {"room": ("room", "door"), "groups": ("groups",), "penalties": ("penalties",)}
MODULES["disputes"] = ("disputes",)
"""Each module of the table, and the modules whose event classes it decodes (the door's
events are the room's)."""


def declared(name: str) -> dict[str, str]:
    """Every event class defined in records module ``name``: a dataclass with a ``type``."""
    module = import_module(f"tourney.tournament.records.{name}")
    found: dict[str, str] = {}
    for attribute, value in vars(module).items():
        kind = getattr(value, "type", None)
        ours = isinstance(value, type) and value.__module__ == module.__name__
        if ours and dataclasses.is_dataclass(value) and isinstance(kind, str):
            found[kind] = attribute
    return found


def test_the_table_names_every_records_event_under_the_module_that_decodes_it() -> None:
    expected = {
        kind: table for table, names in MODULES.items() for name in names for kind in declared(name)
    }
    assert expected == RECORD_EVENTS
    for table in MODULES:
        by_type = import_module(f"tourney.tournament.records.{table}").EVENTS_BY_TYPE
        assert set(by_type) == {kind for kind, where in RECORD_EVENTS.items() if where == table}
        assert all(cls.type == kind for kind, cls in by_type.items())
    assert not RECORD_EVENTS.keys() & EVENT_TYPES.keys()
