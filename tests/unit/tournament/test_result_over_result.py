"""Issue 32 item 1 in the pure core: a director's result (paper, adjudicated, forfeit,
no-show) on a table that already has any result is refused unless it says `replace`; the
refusal quotes the result that stands (who won, the scores, how it was recorded), and a
replaced result stays in the table's story."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime

import pytest

from tests.unit.tournament.factory import apply, pair, tournament
from tourney.tournament.events import TournamentEvent
from tourney.tournament.results.result_marks import result_mark
from tourney.tournament.results.rulings import (
    decide_adjudicate,
    decide_enter_result,
    decide_forfeit,
    decide_no_show,
    decide_record_result,
    decide_void,
)
from tourney.tournament.results.story import REPLACED, result_text
from tourney.tournament.room.clock import decide_stop_by_time
from tourney.tournament.state import TournamentError, TournamentState

Ruling = Callable[[TournamentState, str, bool], Sequence[TournamentEvent]]

FIRST: dict[str, Callable[[TournamentState, str], Sequence[TournamentEvent]]] = {
    "played": lambda s, m: decide_record_result(s, m, (61, 40, 22, 10), (0,)),
    "paper": lambda s, m: decide_enter_result(s, m, (61, 40, 22, 10)),
    "adjudicated": lambda s, m: decide_adjudicate(s, m, (61, 40, 22, 10), (0,), "lights out"),
    "forfeit": lambda s, m: decide_forfeit(s, m, (1, 2, 3), "left", "share"),
    "no_show": lambda s, m: decide_no_show(s, m, (s.matches[m].seats[1],), "share"),
    "void": lambda s, m: decide_void(s, m, "wrong tiles"),
}
"""Every way a table gets a result, each with side 0 winning (but the void)."""

RULINGS: dict[str, Ruling] = {
    "result": lambda s, m, r: decide_enter_result(s, m, (10, 61, 10, 10), replace=r),
    "adjudicate": lambda s, m, r: decide_adjudicate(
        s, m, (10, 61, 10, 10), (1,), "slip on the sheet", replace=r
    ),
    "forfeit": lambda s, m, r: decide_forfeit(s, m, (0,), "rude", "share", replace=r),
    "no_show": lambda s, m, r: decide_no_show(s, m, (s.matches[m].seats[0],), replace=r),
}


@pytest.fixture
def night() -> TournamentState:
    return pair(tournament(8, rounds=3))


def _ruled(night: TournamentState, first: str) -> tuple[TournamentState, str]:
    match = night.rounds[0].tables[0].match_id
    return apply(night, FIRST[first](night, match)), match


@pytest.mark.parametrize("first", list(FIRST))
@pytest.mark.parametrize("ruling", list(RULINGS))
def test_a_result_over_a_result_is_refused_quoting_it(
    night: TournamentState, first: str, ruling: str
) -> None:
    state, match = _ruled(night, first)
    standing = result_text(state, state.matches[match])
    with pytest.raises(TournamentError) as refused:
        RULINGS[ruling](state, match, False)
    said = str(refused.value)
    assert f"already has a result: {standing}" in said
    assert "--replace" in said
    if first != "void":  # who won, the scores, how it was recorded
        assert "Player" in said and ("won (" in said or "shared win: " in said)
        source = {"played": "recorded at the table", "no_show": "no-show"}.get(first, first)
        assert source.replace("paper", "paper scoresheet") in said


@pytest.mark.parametrize("first", list(FIRST))
@pytest.mark.parametrize("ruling", list(RULINGS))
def test_a_replaced_result_stays_in_the_story(
    night: TournamentState, first: str, ruling: str
) -> None:
    state, match = _ruled(night, first)
    before = state.matches[match]
    replaced = apply(state, RULINGS[ruling](state, match, True))
    record = replaced.matches[match]
    text = result_text(replaced, record)
    if first == "played":  # the table's own result is kept as its play (TablePlayReplaced,
        # added by the desk); the fold alone keeps only the director's results
        assert record.earlier == ()
        return
    assert record.earlier == (before.outcome,)
    assert text.startswith(f"{REPLACED}: ")
    assert f"replaced: {result_text(state, before)}" in text
    assert result_mark(record, 0).endswith(" R")


def test_each_replaced_result_is_told_newest_first(night: TournamentState) -> None:
    state, match = _ruled(night, "paper")
    state = apply(state, RULINGS["adjudicate"](state, match, True))
    state = apply(state, RULINGS["forfeit"](state, match, True))
    text = result_text(state, state.matches[match])
    adjudicated = text.index("[adjudicated: slip on the sheet]")
    paper = text.index("[paper scoresheet]")
    assert text.index("[forfeit: rude]") < adjudicated < paper


def test_a_no_show_replaced_no_longer_marks_the_new_result(night: TournamentState) -> None:
    state, match = _ruled(night, "no_show")
    state = apply(state, RULINGS["adjudicate"](state, match, True))
    record = state.matches[match]
    assert record.no_show == () and record.forfeited == ()
    current = text_before_replaced(result_text(state, record))
    assert "no-show" not in current


def text_before_replaced(text: str) -> str:
    return text.split("; replaced:")[0]


def test_the_first_result_needs_no_replace(night: TournamentState) -> None:
    match = night.rounds[0].tables[0].match_id
    for ruling in RULINGS.values():
        assert ruling(night, match, False)


def test_a_result_after_the_others_played_on_needs_no_replace(night: TournamentState) -> None:
    """A no-show whose others play on awaits their result: entering it replaces nothing."""
    match = night.rounds[0].tables[0].match_id
    state = apply(night, decide_no_show(night, match, (night.matches[match].seats[1],), "play_on"))
    # the absent side takes 0 (it did not play): the others' scores suffice
    state = apply(state, decide_enter_result(state, match, (61, 0, 22, 10)))
    assert state.matches[match].earlier == ()


def test_the_clock_stops_no_table_that_has_a_result(night: TournamentState) -> None:
    state, match = _ruled(night, "paper")
    with pytest.raises(TournamentError):
        decide_stop_by_time(state, match, (1, 2, 3, 4), datetime(2026, 1, 1, tzinfo=UTC))
