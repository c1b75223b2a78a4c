"""Every format has a name on the pages: a format added without one showed its code
("rotating") in every page's heading and footer."""

from __future__ import annotations

from tourney.reports.heading import FORMAT_LABELS
from tourney.tournament.events import FORMATS


def test_every_format_has_a_label() -> None:
    assert set(FORMATS) <= set(FORMAT_LABELS)
    assert FORMAT_LABELS["rotating"] == "Rotating partners"
