"""The store stays generic and the CLI stays quick to start: checked in fresh interpreters."""

from __future__ import annotations

import subprocess
import sys


def loaded_after(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint('\\n'.join(sys.modules))"
    result = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    )
    return set(result.stdout.split())


def test_the_store_does_not_import_the_rules_engine() -> None:
    modules = loaded_after(
        "import tourney.store.eventstore, tourney.store.projections, tourney.store.verify, "
        "tourney.store.migrate, tourney.store.models"
    )
    assert "tourney.store.eventstore" in modules
    assert not {name for name in modules if name.startswith(("tourney.engine", "tourney.record"))}


def test_registering_the_db_commands_imports_no_database_library() -> None:
    modules = loaded_after("import tourney.cli.db_cmd")
    assert not {name for name in modules if name.split(".")[0] in ("sqlalchemy", "sqlmodel")}
