"""The console's undo line names the move it took back with its values, whatever its game:
a club game's payload names none of the fields tourney's own games have (``player``,
``tile``, ``card``...), and its undo said only ``undid v4 briscola_scored`` (found by the
third checklist trial, Briscola, whose deal is ``{"a": 70, "b": 50}``)."""

from __future__ import annotations

from typing import Any, NamedTuple

from tourney.streams.matches import describe, undo_line


class _Stored(NamedTuple):
    version: int
    type: str
    payload: dict[str, Any]


def test_a_club_games_undone_move_is_named_with_its_values() -> None:
    stored = [
        _Stored(1, "match_started", {"game": "briscola", "players": ["Ann", "Bo", "Cy", "Di"]}),
        _Stored(2, "briscola_scored", {"a": 70, "b": 50}),
        _Stored(3, "undone", {"version": 2}),
    ]
    assert undo_line(stored, 3) == "v3: undid v2 briscola_scored 70 50"


def test_a_shipped_games_undone_move_is_said_as_before() -> None:
    stored = [
        _Stored(1, "match_started", {"players": ["Ann", "Bo"]}),
        _Stored(2, "tile_placed", {"player": "Ann", "tile": "5-5", "hand": 1}),
        _Stored(3, "undone", {"version": 2}),
    ]
    assert undo_line(stored, 3) == "v3: undid v2 tile_placed Ann 5-5"


def test_a_match_started_is_named_by_its_type() -> None:
    stored = [_Stored(1, "match_started", {"players": ["Ann", "Bo"], "target": 61})]
    assert describe(stored, 1) == "v1 match_started"
