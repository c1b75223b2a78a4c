"""A director at the keyboard: `tourney` commands run as processes in a folder of their
own, the way a director types them (the database is that folder's tourney.db)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

TOURNEY = Path(sys.executable).with_name("tourney")


class Director:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.env = {**os.environ, "COLUMNS": "120"}
        self.env.pop("TOURNEY_DATABASE_URL", None)

    def run(self, *args: str) -> str:
        """Run `tourney ARGS`; return what it printed, failing the test on exit code != 0."""
        done = subprocess.run(
            [str(TOURNEY), *args],
            cwd=self.folder,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, f"tourney {' '.join(args)}: {done.stderr}{done.stdout}"
        return done.stdout

    def refused(self, *args: str) -> str:
        """Run a command that must be refused: one line on stderr, exit code 1."""
        done = subprocess.run(
            [str(TOURNEY), *args], cwd=self.folder, env=self.env, capture_output=True, text=True
        )
        assert done.returncode == 1, f"tourney {' '.join(args)} was not refused: {done.stdout}"
        assert "Traceback" not in done.stderr
        return done.stderr.strip()

    def json(self, *args: str) -> Any:
        return json.loads(self.run(*args, "--json"))

    def register(self, names: list[str]) -> None:
        csv = self.folder / "players.csv"
        csv.write_text("name\n" + "".join(f"{name}\n" for name in names), encoding="utf-8")
        self.run("player", "import", str(csv))

    def adjudicate(self, match: str, scores: list[int], winners: list[int]) -> None:
        """Set a table's result by the director's ruling; winners are sides from 1."""
        self.run(
            "director",
            "adjudicate",
            match,
            "--scores",
            ",".join(str(s) for s in scores),
            "--winners",
            ",".join(str(w) for w in winners),
            "--reason",
            "paper scoresheet",
        )

    def result(
        self, match: str, scores: list[int], *hands: list[int], replace: bool = False
    ) -> str:
        """Enter a table's result from its paper scoresheet: final scores, and the points
        of every hand when given; ``replace`` a result the table has already."""
        sheet = [part for hand in hands for part in ("--hand", ",".join(map(str, hand)))]
        scored = ["--scores", ",".join(map(str, scores))] if scores else []
        again = ["--replace"] if replace else []
        return self.run("director", "result", match, *scored, *sheet, *again)


def outside(tmp_path: Path) -> Director:
    """A director in ``tmp_path/night`` whose tourney has `random_draw` and the ``elsewhere``
    game installed (`tests.formats.installed`), which a plain `Director` there lacks."""
    from tests.formats import declare, installed

    folder = tmp_path / "night"
    folder.mkdir()
    made = Director(folder)
    made.env = installed(tmp_path / "site")
    declare(tmp_path / "site", "elsewhere-game", "tourney.games", "elsewhere", "elsewhere")
    return made
