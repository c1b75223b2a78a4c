"""A tournament format defined only in the tests (`random_draw`), played from outside
tourney: no edit to tourney names it (issue 33)."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def installed(site: Path) -> dict[str, str]:
    """`random_draw` installed as a distribution of its own in the folder `site` (its
    metadata and its ``tourney.formats`` entry point, as ``pip install`` leaves them), and
    the environment of a process that has it on its path (and this checkout's tests)."""
    declare(site, "random-draw-format", "tourney.formats", "random_draw", "random_draw")
    path = os.pathsep.join([str(site), str(ROOT)])
    return {**os.environ, "PYTHONPATH": path, "COLUMNS": "200"}


def declare(site: Path, distribution: str, group: str, name: str, module: str) -> None:
    """A distribution installed in `site` as ``pip install`` leaves one (its metadata and
    one entry point): `name` in `group`, the ``FORMAT`` or ``GAME`` of ``tests.<module>``."""
    info = site / f"{distribution.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 1.0\n", encoding="utf-8"
    )
    value = "FORMAT" if group == "tourney.formats" else "GAME"
    folder = "formats" if group == "tourney.formats" else "games"
    (info / "entry_points.txt").write_text(
        f"[{group}]\n{name} = tests.{folder}.{module}:{value}\n", encoding="utf-8"
    )
