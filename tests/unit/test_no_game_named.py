"""Outside the games' packages (and `tourney.gamekit.stored`, the defaults of old data), the
code around the games reaches each through the `Game` interface (issue 24): the packages
below never name a game, nor import a game's public face.
A new game then needs no change to them: High card (tests/games/) is played through them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import tourney
from tourney.gamekit import names

PACKAGE = Path(tourney.__file__).parent
NAMED = re.compile(
    r"""["'](horse-race|racehorse)["']|\bHORSE_RACE\b|\bRACEHORSE\b|tourney\.games\.faces"""
)


@pytest.mark.parametrize(
    "package",
    [
        "web",
        "reports",
        "streams",
        "policies",
        "projections",
        "store",
        "director",
        "scorer",
        "tournament",
    ],
)
def test_no_module_names_a_game(package: str) -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
        for path in sorted((PACKAGE / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if NAMED.search(line)
    ]
    assert not found, "\n".join(found)


# Packages where a command inherently one game's (`tourney place`, `tourney bid`, the Horse
# Race demo) may import that game's face, but no code asks which game it is at: no string
# that is a game's registry name, no name constant (docstrings and help may say them).
ASKS = {"HORSE_RACE", "RACEHORSE", "HORSE_RACE_TARGET"}


@pytest.mark.parametrize("package", ["cli", "demo"])
def test_no_module_asks_for_a_game_by_name(package: str) -> None:
    found = []
    for path in sorted((PACKAGE / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            named = (
                (isinstance(node, ast.Constant) and node.value in names())
                or (isinstance(node, ast.Name) and node.id in ASKS)
                or (isinstance(node, ast.alias) and node.name in ASKS)
            )
            if named:
                found.append(f"{path.relative_to(PACKAGE)}:{getattr(node, 'lineno', '?')}")
    assert not found, "\n".join(found)
