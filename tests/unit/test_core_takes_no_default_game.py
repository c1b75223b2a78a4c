"""The pure cores (the tournament's and the season's) take no default game: the game a
tournament plays is its caller's, and the default when a director names none is the
shell's (the CLI's, `tourney.gamekit.stored.DEFAULT_GAME`), issue 33. The one reader left is
`tournament/events.py`, for old payloads that name no game (Horse Race's, for good)."""

from __future__ import annotations

import ast
from pathlib import Path

import tourney

PACKAGE = Path(tourney.__file__).parent
CORES = (PACKAGE / "tournament", PACKAGE / "season")
OLD_PAYLOADS = {PACKAGE / "tournament" / "events.py"}
DEFAULTS = {"DEFAULT_GAME", "HORSE_RACE", "RACEHORSE"}


def uses(tree: ast.AST) -> list[int]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in DEFAULTS:
            found.append(node.lineno)
        elif isinstance(node, ast.alias) and node.name in DEFAULTS:
            found.append(getattr(node, "lineno", 0))
    return found


def test_the_cores_name_no_default_game() -> None:
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}"
        for core in CORES
        for path in sorted(core.rglob("*.py"))
        if path not in OLD_PAYLOADS
        for line in uses(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not found, found


def test_the_check_finds_a_default_game() -> None:
    code = "from tourney.gamekit.stored import DEFAULT_GAME\ndef f(game: str = DEFAULT_GAME): ...\n"
    assert uses(ast.parse(code)) == [1, 2]
