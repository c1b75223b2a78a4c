"""A format distribution that is installed but cannot be loaded (its module missing or
failing on import: a half-removed or broken club package) is refused by name in one line
where it is asked for, and leaves every other format's help and commands working (issue
33, the third checklist trial, trialfmt: `tournament create --help` and `--format broken`
ended in "internal error: ModuleNotFoundError ... a bug in tourney", exit 70)."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from tests.cli.conftest import Cli, template_db
from tourney.tournament import format as formats

__all__ = ["template_db"]


def test_an_installed_format_that_cannot_load_is_refused_by_name(
    tmp_path: Path, template_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = EntryPoint("broken", "no_such_module_here:FORMAT", formats.ENTRY_POINTS)
    monkeypatch.setattr(formats, "_installed", lambda: {"broken": broken})
    monkeypatch.setenv("COLUMNS", "400")
    db = tmp_path / "night.db"
    db.write_bytes(template_db.read_bytes())
    cli = Cli(str(db))
    refused = cli("tournament", "create", "X", "--format", "broken", "--table-size", "2")
    assert (refused.exit_code, refused.stderr) == (
        1,
        "error: the installed format 'broken' cannot be loaded "
        "(no_such_module_here:FORMAT: No module named 'no_such_module_here')\n",
    )
    shown = cli.ok("tournament", "create", "--help").stdout
    assert "swiss: each round pairs" in shown and "broken: the installed format" in shown
    cli.ok("tournament", "create", "Y", "--table-size", "2")
