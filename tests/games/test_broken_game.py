"""A game distribution that is installed but cannot be loaded (its module missing or failing
on import: a half-removed or broken club package) is refused by name in one line where it is
asked for, and leaves every other game's help and commands working: `--game`'s help draws
its line as the refusal, `tourney start --help` builds, and opening a store reads the other
games' upcasters (issue 33; the third checklist trials found it for formats, where it ended
in "internal error: ModuleNotFoundError ... a bug in tourney", exit 70)."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from tests.cli.conftest import Cli, template_db
from tourney.gamekit import registry

__all__ = ["template_db"]


def test_an_installed_game_that_cannot_load_is_refused_by_name(
    tmp_path: Path, template_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = EntryPoint("broken", "no_such_module_here:GAME", registry.GROUP)
    lifts = EntryPoint("broken", "no_such_module_here.upcasters:UPCASTERS", registry.UPCASTERS)
    installed = registry._installed()
    declared = registry._declared
    monkeypatch.setattr(registry, "_installed", lambda: {**installed, "broken": broken})
    monkeypatch.setattr(
        registry,
        "_declared",
        lambda group: [*declared(group), *([lifts] if group == registry.UPCASTERS else [])],
    )
    monkeypatch.setenv("COLUMNS", "400")
    db = tmp_path / "night.db"
    db.write_bytes(template_db.read_bytes())
    cli = Cli(str(db))
    refusal = (
        "error: the installed game 'broken' cannot be loaded "
        "(no_such_module_here:GAME: No module named 'no_such_module_here')\n"
    )
    refused = cli("start", "K1", "--game", "broken", "--players", "Ann,Bo")
    assert (refused.exit_code, refused.stderr) == (1, refusal)
    refused = cli("tournament", "create", "X", "--game", "broken", "--table-size", "2")
    assert (refused.exit_code, refused.stderr) == (1, refusal)
    shown = cli.ok("tournament", "create", "--help").stdout
    assert "broken: the installed game 'broken' cannot be loaded" in shown
    assert "horse-race:" in shown
    cli.ok("start", "--help")
    cli.ok("tournament", "create", "Y", "--table-size", "2")
    cli.ok("start", "K2", "--players", "Ann,Bo")
