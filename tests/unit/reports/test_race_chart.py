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


# -- the "decided here" label: beside its line, over nothing else --------------------------

DECIDED = re.compile(
    r'<text x="([\d.-]+)" y="([\d.-]+)" font-size="11" text-anchor="(\w+)" '
    r'font-weight="bold">([^<]*)</text>'
)
TARGET = re.compile(r'<text x="([\d.-]+)" y="([\d.-]+)" font-size="11">([^<]*)</text>')


def _box(x: float, y: float, text: str, anchor: str, size: float) -> tuple[float, ...]:
    """The box a word takes, measured apart from the chart's own code: 0.62 of the font's
    size per character, from 0.8 of it above the baseline to 0.25 below."""
    width = len(text) * size * 0.62
    left = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
    return (left, y - 0.8 * size, left + width, y + 0.25 * size)


def _crosses(box: tuple[float, ...], a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether segment ab touches ``box``, by sampling it finely (independent of the
    chart's own clipping arithmetic)."""
    for k in range(201):
        px, py = a[0] + (b[0] - a[0]) * k / 200, a[1] + (b[1] - a[1]) * k / 200
        if box[0] <= px <= box[2] and box[1] <= py <= box[3]:
            return True
    return False


def _check_decided(svg: str) -> None:
    """The "decided here" label touches no line (2 units of room: markers included, half
    their size), the target's word, nor a name at the lines' ends."""
    found = DECIDED.search(svg)
    assert found, svg
    x, y, anchor, text = float(found[1]), float(found[2]), found[3], found[4]
    box = _box(x, y, text, anchor, 11)
    room = (box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2)
    for points in re.findall(r'<polyline points="([^"]+)"', svg):
        at = [tuple(map(float, p.split(","))) for p in points.split()]
        for a, b in pairwise(at):
            assert not _crosses(room, a, b), (text, box, a, b)  # type: ignore[arg-type]
    words = [_box(float(tx), float(ty), word, "start", 11) for tx, ty, word in TARGET.findall(svg)]
    names = re.findall(r'<text x="([\d.]+)" y="([\d.-]+)" font-size="12">([^<]*)</text>', svg)
    words += [_box(float(nx), float(ny), name, "start", 12) for nx, ny, name in names]
    assert words
    for other in words:
        apart = box[2] <= other[0] or other[2] <= box[0] or box[3] <= other[1] or other[3] <= box[1]
        assert apart, (text, box, other)


def test_decided_here_is_clear_of_the_lines_when_the_last_hand_reaches_the_target() -> None:
    """The match decided in its last hand, exactly at the target: the winner's line climbs
    into the corner where the label used to be written over it."""
    svg = race_chart(
        ["Ann", "Bo"], [[0, 10, 25, 40, 55, 61], [0, 15, 30, 45, 58, 58]], "hand",
        target=61, decided=5,
    )  # fmt: skip
    _check_decided(svg)


def test_decided_here_is_clear_of_the_lines_in_every_language_and_race() -> None:
    """Races of 2 to 4 sides climbing to 61 by random hands (runaways, close finishes, one
    side stuck at nought), and Racehorse nets of up to 8 players above and below nought:
    the label always finds room, in English, Italian and Russian (the longest)."""
    import random

    from tourney.i18n import using

    rng = random.Random(36)
    charts: list[tuple[list[str], list[list[int]], int | None]] = []
    for number in range(60):
        sides = 2 + number % 3
        scores = [[0] for _ in range(sides)]
        while max(s[-1] for s in scores) < 61:
            winner = rng.randrange(sides)
            for n, line in enumerate(scores):
                gain = rng.choice((5, 10, 15, 20, 25)) if n == winner and n != sides - 1 else 0
                line.append(min(61 + 10, line[-1] + gain))
        charts.append(([f"P{n}" for n in range(sides)], scores, 61))
    for number in range(20):
        players = 5 + number % 4
        nets = [[0] for _ in range(players)]
        for _ in range(8):
            for line in nets:
                line.append(line[-1] + rng.randint(-6, 6))
        charts.append(([f"Player {n}" for n in range(players)], nets, None))
    for language in ("en", "it", "ru"):
        with using(language):
            for names, series, target in charts:
                svg = race_chart(names, series, "hand", target=target, decided=len(series[0]) - 1)
                _check_decided(svg)
