"""A match page carries every position of its replay (issue 36) in few bytes: the positions'
JSON deflated in base64, read back whole (`unpacked`), each position's scores the engine's."""

from __future__ import annotations

from tests.factories.demo_site import demo_tournament
from tourney.gamekit import game
from tourney.reports.replay import replay_view, unpacked

BYTES_A_MOVE = 150
"""Deflated, a position costs ~60-80 bytes; written out in full it cost ~1,000."""


def test_a_replay_carries_each_position_in_few_bytes_and_reads_back_whole() -> None:
    demo = demo_tournament(5, players=4, rounds=2, table_size=2)
    game_ = game(demo.state.created.game)
    checked = 0
    for match_id, events in demo.events.items():
        view = replay_view(game_, events, 61)
        assert view is not None
        assert "<" not in view.data and len(view.data) <= BYTES_A_MOVE * view.moves, (
            match_id,
            len(view.data) / view.moves,
        )
        data = unpacked(view.data)
        positions = data["positions"]
        assert len(positions) == len(events) == view.moves
        match = game_.new_match()
        for position, (_version, event) in zip(positions, events, strict=True):
            match.apply(event)
            assert position["s"] == list(game_.result(match).scores)
            assert all(0 <= i < len(data["parts"]) for i in position.get("p", []))
        checked += len(positions)
    assert checked > 200
