"""`registry.installed` knows tourney's own games by name (`SHIPPED`), so that checking a
stored tournament's game (`format.check_installed`, on every reading of a tournament) reads
no distribution's metadata for them (~80 M instructions a command): the names must be the
games tourney's own pyproject.toml declares."""

from __future__ import annotations

import tomllib
from pathlib import Path

from tourney.gamekit import registry

ROOT = Path(__file__).resolve().parents[3]


def test_the_shipped_games_are_those_tourney_declares() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["entry-points"][registry.GROUP]
    assert sorted(registry.SHIPPED) == sorted(declared)


def test_a_game_is_installed_when_shipped_registered_or_declared() -> None:
    assert all(registry.installed(name) for name in registry.SHIPPED)
    assert all(registry.installed(name) for name in registry.names())
    assert not registry.installed("elsewhere")
