"""The race chart draws every side apart: names at the lines' ends never over each other,
lines on the same values not drawn one on top of another, long names shortened on the
picture but whole in its text equivalent."""

from __future__ import annotations

import re
from itertools import pairwise

from tourney.reports.race_chart import LABEL_GAP, race_chart


def _labels(svg: str) -> list[tuple[float, str]]:
    found = re.findall(r'<text x="[\d.]+" y="([\d.-]+)" font-size="12">([^<]*)</text>', svg)
    return [(float(y), text) for y, text in found]


def test_names_of_players_level_at_the_end_are_not_written_over_each_other() -> None:
    names = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay"]
    series = [[0, 1, 2, 3]] * 3 + [[0, 0, 1, 3]] * 2 + [[0, 2, 2, 2]]
    svg = race_chart(names, series, "round")
    levels = sorted(y for y, _ in _labels(svg))
    assert len(levels) == len(names)
    assert all(b - a >= LABEL_GAP - 0.01 for a, b in pairwise(levels))
    assert all(y <= 260 for y in levels)


def test_lines_on_the_same_points_are_drawn_apart() -> None:
    svg = race_chart(["Ann", "Bob"], [[0, 1, 2], [0, 1, 2]], "round")
    lines = re.findall(r'<polyline points="([^"]+)"', svg)
    assert len(lines) == 2 and lines[0] != lines[1]


def test_a_long_name_is_shortened_on_the_picture_and_whole_in_its_text() -> None:
    name = "Annunziata Bellavista-Quattrocchi"
    svg = race_chart([name, "Bob"], [[0, 1], [0, 2]], "round")
    shown = [text for _, text in _labels(svg)]
    assert name not in shown and any(text.endswith("…") for text in shown)
    assert f"{name}: 0, 1" in re.search(r"<title>([^<]*)</title>", svg).group(1)  # type: ignore[union-attr]
