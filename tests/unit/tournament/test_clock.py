"""The round clock: its arithmetic is a pure function of the events and an injected ``now``."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.tournament.factory import apply, pair, tournament
from tourney.errors import TourneyError
from tourney.i18n import using
from tourney.reports.results import result_text
from tourney.tournament.events import event_from_payload
from tourney.tournament.records.room import (
    CallAnswered,
    ClockExtended,
    ClockPaused,
    ClockResumed,
    ClockSet,
    ClockStarted,
    DirectorCalled,
    RoomEvent,
)
from tourney.tournament.result_events import MatchStoppedByTime
from tourney.tournament.results.story import time_note
from tourney.tournament.room.clock import (
    clock_settings,
    clock_text,
    clock_view,
    decide_answer,
    decide_call,
    decide_extend,
    decide_pause,
    decide_resume,
    decide_set,
    decide_start,
    decide_stop_by_time,
)
from tourney.tournament.state import TournamentError, TournamentState

T0 = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def night(minutes: int = 45, rule: str = "finish-hand") -> TournamentState:
    state = apply(tournament(8), clock_settings(minutes, rule))
    return pair(state)


@pytest.mark.parametrize(
    "event",
    [
        ClockSet(45, None, "stop-now"),
        ClockSet(30, 2),
        ClockStarted(1, "2026-12-01T19:00:00.000000+00:00"),
        ClockPaused(1, "2026-12-01T19:10:00.000000+00:00"),
        ClockResumed(1, "2026-12-01T19:12:00.000000+00:00"),
        ClockExtended(1, 5, "2026-12-01T19:12:00.000000+00:00", 3),
        DirectorCalled("c1", 1, 2, "2026-12-01T19:13:00.000000+00:00"),
        CallAnswered("c1", "2026-12-01T19:14:00.000000+00:00"),
    ],
    ids=lambda e: e.type,
)
def test_every_room_event_survives_a_json_round_trip(event: RoomEvent) -> None:
    stored = json.loads(json.dumps(event.to_payload()))
    assert event_from_payload(event.type, stored) == event


def test_a_running_clock_counts_down_from_the_start_event_and_now() -> None:
    state = night()
    state = apply(state, decide_start(state, at(0)))
    assert clock_view(state, at(0)).remaining == 45 * 60
    view = clock_view(state, at(10.5))
    assert (view.state, view.text, view.remaining) == ("running", "34:30", 34.5 * 60)


def test_a_pause_stops_the_count_and_a_resume_goes_on_from_there() -> None:
    state = night()
    state = apply(state, decide_start(state, at(0)))
    state = apply(state, decide_pause(state, at(10)))
    assert clock_view(state, at(25)).remaining == 35 * 60
    assert clock_view(state, at(25)).label == "35:00 (paused)"
    state = apply(state, decide_resume(state, at(25)))
    assert clock_view(state, at(30)).remaining == 30 * 60


def test_an_extension_for_one_table_leaves_the_others_as_they_were() -> None:
    state = night()
    state = apply(state, decide_start(state, at(0)))
    state = apply(state, decide_extend(state, 5, at(1), table=2))
    state = apply(state, decide_extend(state, 2, at(1)))
    assert clock_view(state, at(40), table=1).remaining == 7 * 60
    assert clock_view(state, at(40), table=2).remaining == 12 * 60
    assert clock_view(state, at(40)).remaining == 7 * 60


def test_time_up_says_last_hand_or_stop_by_the_rule() -> None:
    for rule, words in (("finish-hand", "Last hand"), ("stop-now", "Time: stop playing")):
        state = night(rule=rule)
        state = apply(state, decide_start(state, at(0)))
        view = clock_view(state, at(46))
        assert (view.state, view.remaining, view.text, view.label) == ("over", 0, "0:00", words)


def test_a_round_can_have_its_own_time() -> None:
    state = night()
    state = apply(state, decide_set(state, 30, round_number=1))
    state = apply(state, decide_start(state, at(0)))
    assert clock_view(state, at(0)).text == "30:00"
    # changing the round's time while it runs moves its end
    state = apply(state, decide_set(state, 40, round_number=1))
    assert clock_view(state, at(10)).text == "30:00"


def test_the_clock_is_not_started_twice_nor_paused_when_paused() -> None:
    state = night()
    with pytest.raises(TournamentError, match="not started"):
        decide_pause(state, at(0))
    state = apply(state, decide_start(state, at(0)))
    with pytest.raises(TournamentError, match="already started"):
        decide_start(state, at(1))
    with pytest.raises(TournamentError, match="running, not paused"):
        decide_resume(state, at(1))
    state = apply(state, decide_pause(state, at(1)))
    with pytest.raises(TournamentError, match="already paused"):
        decide_pause(state, at(2))
    with pytest.raises(TournamentError, match="no table 9"):
        decide_extend(state, 5, at(2), table=9)
    with pytest.raises(TourneyError, match="must be 1 to 120"):
        decide_extend(state, 0, at(2))


def test_no_clock_without_a_time_and_none_before_a_round_is_paired() -> None:
    state = pair(tournament(8))
    assert clock_view(state, at(0)).state == "none"
    with pytest.raises(TournamentError, match="no time set"):
        decide_start(state, at(0))
    unpaired = apply(tournament(8), clock_settings(45))
    with pytest.raises(TournamentError, match=r"no round .* is paired"):
        decide_start(unpaired, at(0))
    with pytest.raises(TourneyError, match="must be 1 to 600"):
        clock_settings(0)
    with pytest.raises(TournamentError, match="finish-hand or stop-now"):
        clock_settings(45, "whenever")


@given(
    st.lists(
        st.tuples(st.sampled_from(["pause", "resume", "extend"]), st.integers(1, 600)),
        max_size=12,
    )
)
def test_time_left_plus_time_run_is_the_time_allowed(actions: list[tuple[str, int]]) -> None:
    state = night()
    state = apply(state, decide_start(state, T0))
    now = T0
    for kind, seconds in actions:
        now += timedelta(seconds=seconds)
        try:
            if kind == "pause":
                state = apply(state, decide_pause(state, now))
            elif kind == "resume":
                state = apply(state, decide_resume(state, now))
            else:
                state = apply(state, decide_extend(state, 1, now))
        except TournamentError:
            pass
    clock = state.room.clock(1)
    assert clock is not None
    later = now + timedelta(seconds=30)
    assert clock.remaining(later) + clock.elapsed(later) == clock.allowed()
    assert clock.elapsed(later) <= (later - T0).total_seconds()


def test_clock_text_rounds_up_and_never_goes_negative() -> None:
    assert [clock_text(s) for s in (0, 0.2, 59.1, 60, 3725, -5)] == [
        "0:00",
        "0:01",
        "1:00",
        "1:00",
        "1:02:05",
        "0:00",
    ]


def test_a_match_stopped_by_time_is_decided_by_the_scores_and_labelled_time() -> None:
    state = night(rule="stop-now")
    state = apply(state, decide_start(state, at(0)))
    match = next(iter(state.matches.values()))
    with pytest.raises(TournamentError, match="time is not up at table 1: 15:00 left"):
        decide_stop_by_time(state, match.match_id, (30, 25, 30, 10), at(30))
    state = apply(state, decide_stop_by_time(state, match.match_id, (30, 25, 30, 10), at(46)))
    outcome = state.matches[match.match_id].outcome
    assert outcome is not None
    assert (outcome.kind, outcome.winners, outcome.source) == ("time", (0, 2), "time")
    assert outcome.reason == "stop-now"  # the rule's code: its words come at reading
    record = state.matches[match.match_id]
    assert "stop at once; the higher score wins; level scores share the win" in result_text(
        state, record
    )
    with using("it"):
        assert "ci si ferma subito; vince il punteggio più alto" in result_text(state, record)
    with pytest.raises(TournamentError, match="already has a result"):
        decide_stop_by_time(state, match.match_id, (30, 25, 30, 10), at(47))


@pytest.mark.parametrize("rule", ["stop-now", "finish-hand"])
def test_a_stop_recorded_with_the_rules_english_words_reads_as_its_rule(rule: str) -> None:
    """Before the rule's words came at reading, they were recorded in English: such a note
    is read back as none (the rule says it, in the reader's language); any other note
    stays as it was recorded."""
    english = {"stop-now": "stop at once", "finish-hand": "finish the hand in progress, then stop"}
    payload = {
        "match_id": "m",
        "scores": [3, 1],
        "winners": [0],
        "rule": rule,
        "note": f"{english[rule]}; the higher score wins; level scores share the win",
    }
    event = event_from_payload("match_stopped_by_time", payload)
    assert isinstance(event, MatchStoppedByTime) and event.note == ""
    kept = event_from_payload("match_stopped_by_time", {**payload, "note": "a bell rang"})
    assert isinstance(kept, MatchStoppedByTime) and kept.note == "a bell rang"
    with using("ru"):
        assert time_note(rule).endswith("побеждает больший счёт; при равном счёте победа общая")
        assert "the" not in time_note(rule)


def test_under_finish_hand_a_hand_in_progress_is_finished_first() -> None:
    state = night(rule="finish-hand")
    state = apply(state, decide_start(state, at(0)))
    match = next(iter(state.matches.values()))
    with pytest.raises(TournamentError, match="still playing its hand"):
        decide_stop_by_time(state, match.match_id, (30, 25, 30, 10), at(46), mid_hand=True)
    assert decide_stop_by_time(state, match.match_id, (30, 25, 30, 10), at(46))
    stop_now = night(rule="stop-now")
    stop_now = apply(stop_now, decide_start(stop_now, at(0)))
    assert decide_stop_by_time(stop_now, match.match_id, (1, 0, 0, 0), at(46), mid_hand=True)


def test_a_call_waits_until_the_director_answers_it() -> None:
    state = night()
    state = apply(state, decide_call(state, 2, "c1", at(3)))
    assert decide_call(state, 2, "c2", at(4)) == []  # the same call, not a second one
    assert [(c.table, c.at) for c in state.room.waiting_calls()] == [(2, at(3))]
    state = apply(state, decide_answer(state, "c1", at(5)))
    assert state.room.waiting_calls() == ()
    assert decide_answer(state, "c1", at(6)) == []
    with pytest.raises(TournamentError, match="no table 7"):
        decide_call(state, 7, "c3", at(6))
    with pytest.raises(TournamentError, match="no call 'zz'"):
        decide_answer(state, "zz", at(6))
