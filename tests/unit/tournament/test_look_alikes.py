"""`look_alikes` (names indexed once, for an import of thousands) finds exactly what
`look_alike` (each name against every other) finds, in the same order."""

from __future__ import annotations

from tourney.tournament.entries.entries import look_alike, look_alikes
from tourney.tournament.events import PlayerRegistered
from tourney.tournament.state import fold

NAMES = [
    "Mary-Kate Lee", "Ann Lee", "Mary Kate Lee", "Park Zoë", "Marykate Lee", "Zoë Park",
    "Lee Ann", "O'Brien Sean", "Sean OBrien", "Seán O'Brien", "Bo", "bo", "Zoe  Park",
]  # fmt: skip


def test_indexed_look_alikes_are_the_pairwise_ones() -> None:
    state = fold(PlayerRegistered(f"p{i}", name) for i, name in enumerate(NAMES))
    ids = list(state.players)
    indexed = look_alikes(state, ids)
    assert indexed == {p: look_alike(state, p) for p in ids}
    assert [p.name for p in indexed["p0"]] == ["Mary Kate Lee", "Marykate Lee"]
    assert len(indexed["p5"]) == 2  # Park Zoë, Zoe  Park
