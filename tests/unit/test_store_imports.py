"""The CLI stays quick to start: what a command module imports, checked in fresh
interpreters. (Which layer may import which is `lint-imports`'s, see pyproject.toml.)"""

from __future__ import annotations

import subprocess
import sys


def loaded_after(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint('\\n'.join(sys.modules))"
    result = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    )
    return set(result.stdout.split())


def test_registering_the_db_commands_imports_no_database_library() -> None:
    modules = loaded_after("import tourney.cli.db_cmd")
    assert not {name for name in modules if name.split(".")[0] in ("sqlalchemy", "sqlmodel")}
