"""The race chart's end labels: readable when sides finish level (eight Racehorse players on
+40), never cut by the picture's edge, the full names in the text equivalent."""

import re
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from tourney.reports.race_chart import LABEL_GAP, _label_heights, race_chart


@given(st.lists(st.floats(min_value=16, max_value=226), min_size=1, max_size=8))
def test_end_labels_never_overlap_and_stay_in_the_chart(wanted: list[float]) -> None:
    placed = _label_heights(wanted, 24.0, 226.0)
    ordered = sorted(placed)
    assert all(b - a >= LABEL_GAP - 1e-9 for a, b in pairwise(ordered))
    assert all(24.0 <= y <= 226.0 for y in placed)


def test_level_finishers_are_each_readable_and_long_names_fit() -> None:
    names = [f"Anastasia Konstantinopolskaya {n}" for n in range(8)]
    svg = race_chart(names, [[0, 40]] * 8, "deal")
    labels = re.findall(r'<text x="[\d.]+" y="([\d.]+)" font-size="12">([^<]*)</text>', svg)
    assert len({y for y, _ in labels}) == 8  # one line each, none on another
    assert all(len(text) <= 16 for _, text in labels)
    assert all(name in svg for name in names)  # whole in the title and aria-label
