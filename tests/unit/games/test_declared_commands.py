"""What a distribution declares beside its game, so that a command need not load every
game installed (`tourney.gamekit.registry`): each game's one-shot commands (``tourney.verbs``)
and its upcasters (``tourney.upcasters``) are the game's own, no more and no fewer."""

from __future__ import annotations

from importlib.metadata import entry_points

from tourney.gamekit import game, names
from tourney.gamekit.registry import UPCASTERS, VERBS, declared_verbs


def test_each_games_declared_verbs_are_its_verbs() -> None:
    declared = declared_verbs()
    for name in names():
        theirs = {verb for verb, games in declared.items() if name in games}
        assert theirs == set(game(name).verbs), name
    for point in entry_points(group=VERBS):
        played, _dot, verb = point.name.rpartition(".")
        assert point.load() is game(played), point  # the line names the game's own object
        assert verb in game(played).verbs, point


def test_each_games_declared_upcasters_are_its_upcasters() -> None:
    declared = {point.name: point.load() for point in entry_points(group=UPCASTERS)}
    assert set(declared) <= set(names())
    for name in names():
        assert dict(declared.get(name, {})) == dict(game(name).upcasters), name
