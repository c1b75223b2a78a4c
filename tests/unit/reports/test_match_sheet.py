from __future__ import annotations

from dataclasses import replace

import pytest

from tests.factories.demo_site import DemoTournament
from tourney.games.horserace import Passed, TileDrawn, TilePlaced
from tourney.reports.scoresheets import CompletedSheet, SheetError, completed_sheet


def _sheet(
    demo: DemoTournament, index: int = 0, detailed: bool = True
) -> tuple[str, CompletedSheet]:
    match_id = sorted(demo.matches)[index]
    record = demo.state.matches[match_id]
    events = demo.events[match_id] if detailed else None
    return match_id, completed_sheet(
        demo.state, record, demo.matches[match_id], events, demo.hashes[match_id]
    )


def test_running_scores_add_up_to_the_replayed_result(swiss: DemoTournament) -> None:
    for index in range(len(swiss.matches)):
        match_id, sheet = _sheet(swiss, index)
        match = swiss.matches[match_id]
        assert sheet.scores == tuple(match.scores)
        assert sheet.hands[-1].scores == tuple(match.scores)
        assert sheet.finished and sheet.winners
        record = swiss.state.matches[match_id]
        assert record.outcome is not None and sheet.scores == record.outcome.scores
        for previous, hand in zip(sheet.hands, sheet.hands[1:], strict=False):
            gained = tuple(
                a + p + c
                for a, p, c in zip(
                    previous.scores, hand.placement_points, hand.credits, strict=True
                )
            )
            assert hand.scores == gained


def test_every_event_of_the_stream_is_a_line_of_the_sheet(swiss: DemoTournament) -> None:
    match_id, sheet = _sheet(swiss, 1)
    events = swiss.events[match_id]
    actions = [a for hand in sheet.hands for a in hand.actions]
    kinds = {"placed": TilePlaced, "drew": TileDrawn, "passed": Passed}
    expected = [(v, type(e)) for v, e in events if type(e) in kinds.values()]
    assert [(a.version, kinds[a.kind]) for a in actions] == expected
    placed = [a for a in actions if a.kind == "placed"]
    match = swiss.matches[match_id]
    assert [(a.tile, a.ends, a.points) for a in placed] == [
        (p.tile.text, p.ends, p.points) for p in match.placements
    ]
    scoring = [a for a in placed if a.points]
    assert all(a.scores is not None for a in scoring)
    assert all(a.scores is None for a in actions if not a.points)
    assert sheet.integrity_hash == swiss.hashes[match_id] and len(sheet.integrity_hash) == 12
    assert [h.opener for h in sheet.hands] == [h.opener for h in match.hands]
    assert all(h.end in ("domino", "blocked", "target") for h in sheet.hands)


def test_without_events_the_sheet_lists_placements_only(swiss: DemoTournament) -> None:
    match_id, sheet = _sheet(swiss, 2, detailed=False)
    assert not sheet.detailed
    actions = [a for hand in sheet.hands for a in hand.actions]
    assert {a.kind for a in actions} == {"placed"}
    assert len(actions) == len(swiss.matches[match_id].placements)
    assert sheet.scores == tuple(swiss.matches[match_id].scores)


def test_events_that_disagree_with_the_replay_are_refused(swiss: DemoTournament) -> None:
    match_id = sorted(swiss.matches)[0]
    events = list(swiss.events[match_id])
    at = next(i for i, (_, e) in enumerate(events) if isinstance(e, TilePlaced) and i > 5)
    version, placed = events[at]
    assert isinstance(placed, TilePlaced)
    other = next(p.tile for p in swiss.matches[match_id].placements if p.tile != placed.tile)
    events[at] = (version, replace(placed, tile=other))
    record = swiss.state.matches[match_id]
    with pytest.raises(SheetError, match=f"event {version} places {other}"):
        completed_sheet(swiss.state, record, swiss.matches[match_id], events)
    with pytest.raises(SheetError, match="placements that the events do not"):
        completed_sheet(swiss.state, record, swiss.matches[match_id], events[:at])


def test_partnership_sheets_score_by_partnership(pairs: DemoTournament) -> None:
    match_id, sheet = _sheet(pairs)
    match = pairs.matches[match_id]
    assert sheet.side_names == tuple(" & ".join(side) for side in match.sides)
    assert len(sheet.scores) == 2
