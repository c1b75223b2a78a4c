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
    info = site / "random_draw_format-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: random-draw-format\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[tourney.formats]\nrandom_draw = tests.formats.random_draw:FORMAT\n", encoding="utf-8"
    )
    path = os.pathsep.join([str(site), str(ROOT)])
    return {**os.environ, "PYTHONPATH": path, "COLUMNS": "200"}
