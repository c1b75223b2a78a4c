"""Issue 23 items 1-3 in the pure core: one story of every result (a ruling over recorded
play says so), a paper result over recorded play refused unless replacing, no-shows that
let the others play on and keep their note, names for sides and scores, and the knockout's
shared-win rule stated where it is applied. Old events still replay."""

from __future__ import annotations

import pytest

from tests.unit.tournament.factory import apply, pair, tournament
from tourney.errors import TourneyError
from tourney.limits import SIGNED_SCORE
from tourney.tournament.events import event_from_payload
from tourney.tournament.matches import RecordedPlay
from tourney.tournament.result_events import NoShow, TablePlayReplaced
from tourney.tournament.results.result_marks import result_mark
from tourney.tournament.results.rulings import (
    decide_adjudicate,
    decide_enter_result,
    decide_no_show,
    note_replaced_play,
)
from tourney.tournament.results.sides import scores_named, seat_of, side_of, sides_named
from tourney.tournament.results.story import REPLACED, result_text
from tourney.tournament.state import TournamentState


@pytest.fixture
def night() -> TournamentState:
    return pair(tournament(8, rounds=3))


def test_a_paper_result_over_recorded_play_is_refused_unless_replacing(
    night: TournamentState,
) -> None:
    match = night.rounds[0].tables[0].match_id
    record = night.matches[match]
    first = night.entrant_name(record.sides[0])
    play = RecordedPlay(57, (61, 26, 24, 11), (0,), True)
    with pytest.raises(
        TourneyError, match=rf"at the table \({first} won \(61-26-24-11\)\).*--replace"
    ):
        decide_enter_result(night, match, (10, 61, 10, 10), play=play)
    events = decide_enter_result(night, match, (10, 61, 10, 10), play=play, replace=True)
    ruled = note_replaced_play(night, events, lambda _: play)
    assert isinstance(ruled[0], TablePlayReplaced) and ruled[0].version == 57
    state = apply(night, ruled)
    text = result_text(state, state.matches[match])
    second = night.entrant_name(record.sides[1])
    assert text.startswith(f"{REPLACED}: {second} won (10-61-10-10) [paper scoresheet]")
    assert text.endswith(f"play recorded at the table: {first} won (61-26-24-11)")
    assert "57" not in text  # the stream's version is no word of the game
    assert result_mark(state.matches[match], 1) == "W P R"


def test_any_ruling_over_recorded_play_notes_it_and_none_without(night: TournamentState) -> None:
    match = night.rounds[0].tables[0].match_id
    events = decide_adjudicate(night, match, (61, 1, 1, 1), (0,), "misdeal")
    assert note_replaced_play(night, events, lambda _: None) == events
    play = RecordedPlay(9, (3, 0, 0, 0))
    state = apply(night, note_replaced_play(night, events, lambda _: play))
    assert "play recorded at the table: unfinished at 3-0-0-0" in result_text(
        state, state.matches[match]
    )


def test_the_new_event_round_trips(night: TournamentState) -> None:
    event = TablePlayReplaced("m-1", 12, (+8, -8), (0,), True)
    assert event_from_payload(event.type, event.to_payload()) == event


def test_a_no_show_says_its_note_once_and_keeps_it_through_the_result(
    night: TournamentState,
) -> None:
    table = night.rounds[0].tables[0]
    absent = table.seats[1]
    name = night.players[absent].name
    shared = apply(night, decide_no_show(night, table.match_id, [absent], others="share"))
    text = result_text(shared, shared.matches[table.match_id])
    assert f"[no-show: {name}]" in text and "no-show: no-show" not in text
    on = apply(night, decide_no_show(night, table.match_id, [absent], others="play_on"))
    record = on.matches[table.match_id]
    assert record.outcome is None and record.forfeited == (1,)
    assert result_text(on, record) == f"no-show: {name}; the others play on"
    with pytest.raises(TourneyError, match="forfeited while the others played on"):
        decide_enter_result(on, table.match_id, (0, 61, 0, 0))
    done = apply(on, decide_enter_result(on, table.match_id, (61, 0, 3, 4)))
    assert result_text(done, done.matches[table.match_id]).endswith(
        f"[paper scoresheet; no-show: {name}]"
    )


def test_a_no_show_stored_before_the_choice_existed_still_shares_the_win(
    night: TournamentState,
) -> None:
    table = night.rounds[0].tables[0]
    old = event_from_payload(
        "no_show_declared", {"match_id": table.match_id, "player_ids": [table.seats[0]]}
    )
    assert old == NoShow(table.match_id, (table.seats[0],), "share")
    assert "others" not in old.to_payload()  # the old payload, unchanged
    outcome = apply(night, [old]).matches[table.match_id].outcome
    assert outcome is not None and outcome.winners == (1, 2, 3)


def test_sides_seats_and_scores_by_name_or_number(night: TournamentState) -> None:
    record = night.matches[night.rounds[0].tables[0].match_id]
    names = [night.entrant_name(e) for e in record.sides]
    assert side_of(night, record, names[2].upper()) == 2
    assert side_of(night, record, "3") == 2
    assert sides_named(night, record, f"{names[1]}, 4") == [1, 3]
    assert seat_of(night, record, names[0]) == record.seats[0]
    typed = ",".join(f"{name}={n * 10}" for n, name in reversed(list(enumerate(names))))
    assert scores_named(night, record, typed, SIGNED_SCORE) == [0, 10, 20, 30]
    assert scores_named(night, record, "1,2,3,4", SIGNED_SCORE) == [1, 2, 3, 4]
    with pytest.raises(TourneyError, match="sides 1 to 4"):
        side_of(night, record, "5")
    with pytest.raises(TourneyError, match="no score for"):
        scores_named(night, record, f"{names[0]}=61", SIGNED_SCORE)
    with pytest.raises(TourneyError, match="twice"):
        scores_named(night, record, f"{names[0]}=61,1=3", SIGNED_SCORE)


def test_a_knockout_shared_win_states_the_rule_it_was_settled_by() -> None:
    from tests.unit.tournament.factory import words
    from tourney.tournament.formats.elimination.bracket import SHARED_WIN_RULE, Play, resolve
    from tourney.tournament.matches import Outcome

    status, winner, _, note, _ = resolve(
        [Play("m-1", ("a", "b"), Outcome((61, 64), (0, 1)))], ("a", "b")
    )
    assert (status, winner) == ("decided", "b")
    said = "a and b shared the win in m-1: b advances on the higher final score (64 to 61)"
    assert words(None, note) == f"{said}; {SHARED_WIN_RULE}"
    status, _, tied, note, _ = resolve(
        [Play("m-1", ("a", "b"), Outcome((64, 64), (0, 1)))], ("a", "b")
    )
    assert status == "deciding_match_needed" and tied == ("a", "b")
    assert words(None, note).endswith(f"a deciding match; {SHARED_WIN_RULE}")


def test_the_bracket_says_a_result_replaced_the_play_recorded() -> None:
    from tests.unit.tournament.factory import words
    from tourney.tournament.formats.elimination.bracket import Play, resolve
    from tourney.tournament.matches import Outcome

    paper = Outcome((10, 61), (1,), "paper")
    _, winner, _, note, _ = resolve([Play("m-1", ("a", "b"), paper, replaced=True)], ("a", "b"))
    assert winner == "b"
    assert words(None, note) == "b won m-1 (result replaced by the director: paper scoresheet)"
    _, _, _, note, _ = resolve([Play("m-1", ("a", "b"), paper)], ("a", "b"))
    assert words(None, note) == "b won m-1 (paper scoresheet)"
