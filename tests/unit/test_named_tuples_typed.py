"""The named tuples that one-shot commands define are declared with types, not strings:
`typing.NamedTuple` compiles each string annotation into a `ForwardRef` (a module with
``from __future__ import annotations`` has only strings), ~0.1-0.7 M instructions each,
paid by every command that imports the module (bench/FINDINGS.md, "One-shot commands,
below 12x"). These modules therefore do without the future import."""

from __future__ import annotations

import importlib
import typing

import pytest

MODULES = [
    "tourney.reports.heading",
    "tourney.reports.rounds",
    "tourney.reports.notes",
    "tourney.reports.seating",
    "tourney.reports.standings",
    "tourney.tournament.standings.unplayed",
    "tourney.tournament.standings.standings",
    "tourney.store.appends",
    "tourney.store.connections",
    "tourney.gamekit.result",
    "tourney.store.projector",
    "tourney.streams.tournaments",
    "tourney.limits",
    "tourney.games.horserace.commands",
    "tourney.games.horserace.record",
    "tourney.games.horserace.match",
]


@pytest.mark.parametrize("name", MODULES)
def test_the_named_tuples_of_a_one_shot_path_are_typed_with_types(name: str) -> None:
    module = importlib.import_module(name)
    tuples = [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, tuple)
        and hasattr(value, "_fields")
        and value.__module__ == name
    ]
    assert tuples, name
    for kind in tuples:
        strings = [
            field
            for field, annotation in kind.__annotations__.items()
            if isinstance(annotation, str | typing.ForwardRef)
        ]
        assert not strings, (kind, strings)
