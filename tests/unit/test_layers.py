"""Which layer may import which, checked by import-linter against the contracts in
pyproject.toml: the rules engines and the tournament core stay pure, the store knows no
game, nothing below the CLI imports it, and tourney's packages import no cycle."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_layer_contract_is_kept() -> None:
    linter = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert linter is not None, "import-linter is a dev dependency: pip install -e '.[dev]'"
    result = subprocess.run(
        [linter, "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    assert "0 broken" in result.stdout
