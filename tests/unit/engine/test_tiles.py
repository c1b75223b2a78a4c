"""Tiles: every accepted notation, the canonical form, and rejections that quote the input."""

from __future__ import annotations

import pytest

from tourney.games.horserace import DOUBLE_SIX, Tile, TileError, parse_tiles, pip_total


@pytest.mark.parametrize("text", ["3-5", "5-3", "35", "53", "3|5", "5|3", "[3|5]", "[5|3]"])
def test_every_notation_reads_as_the_same_tile(text: str) -> None:
    tile = Tile.parse(text)
    assert (tile.low, tile.high) == (3, 5)
    assert str(tile) == "3-5"
    assert tile is Tile(5, 3)


@pytest.mark.parametrize("text", ["0-0", "6-6", "06", "[6|0]"])
def test_edges_of_the_set(text: str) -> None:
    tile = Tile.parse(text)
    assert tile in DOUBLE_SIX


@pytest.mark.parametrize(
    "bad",
    [
        "7-7",
        "3-7",
        "",
        "3",
        "3-",
        "abc",
        "3-5-6",
        "3+5",
        "[3|5]]x",
        "-1-2",
        "33 5",
        "٣-٥",
        " 3-5 ",
        "[ 5 | 3 ]",
        "3 5",
        "[3-5]",
        "3|5]",
    ],
)
def test_rejections_quote_the_input(bad: str) -> None:
    with pytest.raises(TileError) as info:
        Tile.parse(bad)
    assert f'"{bad}"' in str(info.value)
    assert "not a tile of the double-six set" in str(info.value)


@pytest.mark.parametrize("bad", [35, None, ["3", "5"], 3.5])
def test_non_strings_are_rejected_with_their_repr(bad: object) -> None:
    with pytest.raises(TileError) as info:
        Tile.parse(bad)
    assert repr(bad) in str(info.value)


def test_constructor_refuses_halves_outside_the_set() -> None:
    with pytest.raises(TileError, match=r"\[3\|7\]"):
        Tile(7, 3)


def test_the_set_has_28_distinct_tiles_low_half_first() -> None:
    assert len(DOUBLE_SIX) == 28
    assert len(set(DOUBLE_SIX)) == 28
    assert all(t.low <= t.high for t in DOUBLE_SIX)
    assert sum(t.is_double for t in DOUBLE_SIX) == 7
    assert pip_total(DOUBLE_SIX) == 168
    assert [str(t) for t in DOUBLE_SIX[:3]] == ["0-0", "0-1", "0-2"]
    assert str(DOUBLE_SIX[-1]) == "6-6"


def test_format_round_trips_for_every_tile() -> None:
    for tile in DOUBLE_SIX:
        assert Tile.parse(str(tile)) is tile
        assert Tile.parse(f"[{tile.high}|{tile.low}]") is tile
        assert eval(repr(tile)) is tile  # repr shows how to build it
        assert f"{tile:>5}" == f"{tile.text:>5}"


def test_tiles_are_immutable() -> None:
    tile = Tile.parse("2-4")
    with pytest.raises(AttributeError):
        tile.low = 3


def test_other_half_and_matches() -> None:
    tile = Tile.parse("2-4")
    assert tile.other(2) == 4
    assert tile.other(4) == 2
    assert tile.matches(4)
    assert not tile.matches(3)
    assert tile.pips == 6


def test_parse_tiles_reads_a_list_and_names_the_first_bad_tile() -> None:
    assert parse_tiles(["5-3", "[0|0]"]) == (Tile(3, 5), Tile(0, 0))
    with pytest.raises(TileError, match='"9-9"'):
        parse_tiles(["1-1", "9-9", "8-8"])
    with pytest.raises(TileError, match="not a list"):
        parse_tiles("1-1")
