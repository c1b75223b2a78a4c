"""A root command that runs command after command in one process (the tests' runner keeps
one: tests/conftest.py) reads its own options before each, and does not walk again the
commands it built for the ones before (each was made plain when it was built)."""

from __future__ import annotations

from typing import cast

import pytest
import typer.testing
from typer._click import Command
from typer.testing import CliRunner

from tourney.cli.app import Tourney, app


def test_a_command_run_after_every_command_was_built_walks_only_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the root the runner invokes, made once (tests/conftest.py)
    root = cast(Tourney, typer.testing._get_command(app))  # type: ignore[attr-defined]
    root.build_all()  # as after a session that ran every command once
    asked: list[str] = []
    original = Command.get_help_option

    def counted(self: Command, ctx: object) -> object:
        asked.append(self.name or "")
        return original(self, ctx)  # type: ignore[arg-type]

    monkeypatch.setattr(Command, "get_help_option", counted)
    result = CliRunner().invoke(app, ["pairings", "--help"])
    assert result.exit_code == 0, result.output
    walked = set(asked) - {"tourney", "pairings"}
    assert not walked, f"walked {len(walked)} commands built before: {sorted(walked)[:5]}"
