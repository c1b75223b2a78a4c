"""A tournament stream's events beyond its creation, registrations, rounds and language are
decoded through `events.EVENT_MODULES`, a table of type -> module, and folded by their
type's name (`state.evolve`), so that a night with no result, ruling, draft, withdrawal,
clock, check-in, pools, penalty or dispute loads none of their classes (`tourney pairings`
and `tourney standings`: tests/cli/test_command_imports.py). The table must name every
event class of those modules, under its module, and nothing else; `state`'s sets of
result and ruling types must be those classes' types."""

from __future__ import annotations

import dataclasses
from importlib import import_module

from tourney.tournament import state
from tourney.tournament.events import EVENT_MODULES, EVENT_TYPES
from tourney.tournament.result_events import (
    EVENTS_BY_TYPE,
    AdjudicatedResult,
    Forfeit,
    MatchStoppedByTime,
    MatchVoided,
    NoShow,
    ResultEntered,
    TablePlayReplaced,
)

MODULES = {
    "tourney.tournament.result_events": ("tourney.tournament.result_events",),
    "tourney.tournament.round_events": ("tourney.tournament.round_events",),
    "tourney.tournament.entry_events": ("tourney.tournament.entry_events",),
    "tourney.tournament.records.room": (
        "tourney.tournament.records.room",
        "tourney.tournament.records.door",
    ),
    "tourney.tournament.records.groups": ("tourney.tournament.records.groups",),
    "tourney.tournament.records.penalties": ("tourney.tournament.records.penalties",),
    "tourney.tournament.records.disputes": ("tourney.tournament.records.disputes",),
}
"""Each module of the table, and the modules whose event classes it decodes (the door's
events are the room's)."""


def declared(name: str) -> dict[str, str]:
    """Every event class defined in module ``name``: a dataclass with a ``type``."""
    module = import_module(name)
    found: dict[str, str] = {}
    for attribute, value in vars(module).items():
        kind = getattr(value, "type", None)
        ours = isinstance(value, type) and value.__module__ == module.__name__
        if ours and dataclasses.is_dataclass(value) and isinstance(kind, str):
            found[kind] = attribute
    return found


def test_the_table_names_every_event_under_the_module_that_decodes_it() -> None:
    expected = {
        kind: table for table, names in MODULES.items() for name in names for kind in declared(name)
    }
    assert expected == EVENT_MODULES
    for table in MODULES:
        by_type = import_module(table).EVENTS_BY_TYPE
        assert set(by_type) == {kind for kind, where in EVENT_MODULES.items() if where == table}
        assert all(cls.type == kind for kind, cls in by_type.items())
    assert set(declared("tourney.tournament.events")) == set(EVENT_TYPES)
    assert not EVENT_MODULES.keys() & EVENT_TYPES.keys()


def test_the_fold_tells_results_and_rulings_by_their_types() -> None:
    assert set(EVENTS_BY_TYPE) - {TablePlayReplaced.type} == state.RESULT_TYPES
    rulings = (AdjudicatedResult, ResultEntered, Forfeit, NoShow, MatchVoided, MatchStoppedByTime)
    assert {cls.type for cls in rulings} == state.RULING_TYPES
