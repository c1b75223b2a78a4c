"""The Racehorse package is pure: its docstring runs, and it imports nothing of tourney but
the error base (checked in a fresh interpreter)."""

from __future__ import annotations

import doctest
import subprocess
import sys

import tourney.games.racehorse


def test_package_docstring_runs() -> None:
    result = doctest.testmod(tourney.games.racehorse, raise_on_error=False)
    assert result.attempted > 0
    assert result.failed == 0


def test_it_imports_nothing_of_tourney_but_its_errors_and_languages() -> None:
    modules = [
        "tourney.games.racehorse." + name
        for name in ("account", "bots", "match", "record", "simulate")
    ]
    code = f"import sys, {', '.join(modules)}\nprint('\\n'.join(sys.modules))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.split()
    outside = {
        name
        for name in loaded
        if name.startswith("tourney.") and not name.startswith(("tourney.games", "tourney.gamekit"))
    }
    # tourney.i18n: the rules' refusals read in the chosen language (gettext, no I/O library)
    assert outside == {"tourney.errors", "tourney.i18n"}
    assert not {name.split(".")[0] for name in loaded} & {"typer", "sqlalchemy", "jinja2", "rich"}
