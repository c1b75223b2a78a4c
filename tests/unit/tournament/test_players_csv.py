from __future__ import annotations

import pytest

from tests.unit.tournament.factory import apply, tournament
from tourney.tournament.entries.entries import decide_register_all
from tourney.tournament.entries.players_csv import (
    PlayerRow,
    PlayersCsvError,
    parse_players_csv,
    registrations,
)


def test_a_good_list_reads_names_clubs_and_ratings() -> None:
    text = '\ufeffName,Club,Rating\nAnn Lee,North,1500\n\n"Bob, Jr",,\n'
    assert parse_players_csv(text) == (
        PlayerRow(2, "Ann Lee", "North", 1500),
        PlayerRow(4, "Bob, Jr", None, None),
    )


def test_seeds_may_replace_ratings() -> None:
    assert parse_players_csv("name,seed\nAnn,2\n")[0].seed == 2


def test_a_header_with_rating_and_seed_reads_empty_cells_as_absent() -> None:
    """Issue 12 item 6: ``name,club,rating,seed`` with every seed empty was refused as
    "row 1: give a rating or a seed column, not both"."""
    text = "name,club,rating,seed\nAnn Lee,North,1500,\nBob Roe,,,\nCy Tan,South,,3\n"
    assert parse_players_csv(text) == (
        PlayerRow(2, "Ann Lee", "North", 1500, None),
        PlayerRow(3, "Bob Roe", None, None, None),
        PlayerRow(4, "Cy Tan", "South", None, 3),
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the CSV is empty: expected a header row name[,club][,rating][,seed]"),
        ("name,colour\nAnn,red\n", "row 1: unknown column 'colour'"),
        ("club\nNorth\n", "row 1: no 'name' column"),
        ("name,rating,seed\nAnn,1500,\nBob,1400,2\n", "row 3: 'Bob' has a rating and a seed"),
        ("name\nAnn\nBob\n ann \n", "row 4: duplicate name 'ann' (first on row 2)"),
        ("name,club\nAnn,North\n,South\n", "row 3: empty name"),
        ("name,rating\nAnn,1500\nBob,strong\n", "row 3: rating 'strong' is not a whole number"),
        ("name,seed\nAnn,0\n", "row 2: seed 0 must be 1 to 10000"),
        ("name,club\nAnn,North,extra\n", "row 2 has 3 fields, the header has 2"),
        ('name\n"Ann\n', "broken CSV at row 2"),
    ],
)
def test_bad_lists_fail_with_one_line_citing_the_row(text: str, message: str) -> None:
    with pytest.raises(PlayersCsvError) as caught:
        parse_players_csv(text)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_an_import_registers_everyone_or_nobody() -> None:
    state = tournament(2)
    rows = parse_players_csv("name\nCara\nPlayer 1\n")
    with pytest.raises(Exception, match="'Player 1' is already registered"):
        decide_register_all(state, registrations(rows, first_number=10))
    ok = apply(state, decide_register_all(state, registrations(rows[:1], first_number=10)))
    assert ok.players["p10"].name == "Cara"
