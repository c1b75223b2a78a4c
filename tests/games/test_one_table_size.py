"""A game played at one table size says it once: the standings' note read "so that tables
of 4 to 4 compare fairly" for a club's game seating 4 only (Morra, audit33b)."""

from __future__ import annotations

from tourney.gamekit.base import BaseGame


class Four(BaseGame):
    name = "four"
    title = "Four"
    table_sizes = (4, 4)


def test_a_game_of_one_table_size_names_it_once() -> None:
    assert Four().display.table_sizes_text == "4"
    assert type("Some", (Four,), {"table_sizes": (2, 6)})().display.table_sizes_text == "2 to 6"
