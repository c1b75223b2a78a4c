"""Every number the CLI takes is bounded (issue 32, item 13): `series create --scoring
places:` once took 4,000-digit values. The options typed as numbers are walked from the
application itself (a new one without bounds fails here); the numbers written inside text
(scores, points, places) are read by `tourney.limits` and refused in one line, nothing
written."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cli.conftest import Cli
from tests.cli.test_help import COMMANDS
from tests.support import db_checksum

HUGE = "9" * 4000


def _numeric_options() -> list[tuple[str, Any]]:
    return [
        (f"{name} {param.name}", param)
        for name, command in COMMANDS
        for param in command.params
        if param.type_descriptor.annotation in (int, float)
    ]


@pytest.mark.parametrize("name,param", _numeric_options(), ids=[n for n, _ in _numeric_options()])
def test_every_numeric_option_has_its_bounds(name: str, param: Any) -> None:
    assert param.min is not None and param.max is not None, f"tourney {name} is not bounded"
    assert param.max <= 2**63, f"tourney {name}: {param.max} is no bound"


@pytest.mark.parametrize(
    "args, said",
    [
        (("series", "create", "Winter", "--scoring", f"places:10,{HUGE}"), "place 2"),
        (("series", "create", "Winter", "--scoring", "places:1001"), "must be 0 to 1000"),
        (("series", "create", "Winter", "--scoring", "places:" + "1," * 100 + "1"), "places"),
        (("tournament", "create", "Night", "--deals", HUGE), "--deals"),
        (("tournament", "create", "Night", "--bye-points", HUGE), "bye"),
        (("tournament", "create", "Night", "--placement-points", f"3,{HUGE}"), "points"),
        (("player", "add", "Ann", "--start-points", HUGE), "start"),
    ],
)
def test_a_huge_number_in_text_is_refused_in_one_line(
    cli: Cli, args: tuple[str, ...], said: str
) -> None:
    if args[0] == "player":
        cli.ok("tournament", "create", "Night")
    before = db_checksum(cli.db) if args[0] == "player" else None
    result = cli(*args)
    assert result.exit_code in (1, 2), result.stdout
    assert said in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and HUGE not in result.stderr
    if before is not None:
        assert db_checksum(cli.db) == before
