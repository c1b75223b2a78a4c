"""How a table's scores read in pairings, brackets and standings pages."""

from __future__ import annotations

from tourney.tournament.results.winners import scores_text


def test_domino_scores_read_as_a_scoreline() -> None:
    assert scores_text((61, 40, 22)) == "61-40-22"


def test_net_units_below_zero_are_signed_never_a_double_dash() -> None:
    text = scores_text((20, -85, 65))
    assert text == "+20 / -85 / +65" and "--" not in text
