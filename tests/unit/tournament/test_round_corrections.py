"""Re-pairing and removing a round (`round_corrections`): refused once a match has an
event, the latest round only, and standings back to what they were before it."""

from __future__ import annotations

import random

import pytest

from tests.unit.tournament.factory import apply, pair, play, tournament, words
from tourney.tournament.entries.entries import decide_withdraw
from tourney.tournament.events import RoundPaired, TournamentEvent
from tourney.tournament.results.round_corrections import (
    decide_remove_round,
    decide_repair_round,
    round_match_ids,
)
from tourney.tournament.results.rulings import decide_record_result, decide_void
from tourney.tournament.room.draft import decide_draft
from tourney.tournament.round_events import RoundRemoved
from tourney.tournament.seating.pairing import decide_pair_round
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentError, TournamentState, evolve, fold


def night(players: int = 9, rounds: int = 4) -> TournamentState:
    """Players at tables of 2 (nine: a bye each round)."""
    return tournament(players, table_size=2, rounds=rounds, seed=3)


def test_removing_the_latest_round_leaves_the_standings_as_before_it() -> None:
    rng = random.Random(5)
    state = play(pair(night()), rng)  # 9 players at tables of 2: a bye each round
    before = standings_of(state)
    paired = pair(state)
    assert paired.rounds[-1].byes  # the removed round's bye point goes too
    played = play(paired, rng)
    events = decide_remove_round(
        played, 2, recorded={}, reason="paired on the wrong field", discard_results=True
    )
    assert events == [
        RoundRemoved(2, "paired on the wrong field", round_match_ids(played, 2)),
    ]
    removed = apply(played, events)
    assert standings_of(removed) == before
    assert len(removed.rounds) == 1
    assert not removed.round_matches(2)
    # Paired again, round 2 takes new match ids: the old streams keep theirs.
    again = pair(removed)
    assert again.rounds[-1].round == 2
    assert all(t.match_id.endswith("-p2") for t in again.rounds[-1].tables)


def test_a_round_with_a_result_is_removed_only_with_discard_results() -> None:
    state = pair(play(pair(night()), random.Random(1)))
    match = state.round_matches(2)[0]
    state = apply(state, decide_void(state, match.match_id, "scoresheet lost"))
    with pytest.raises(TournamentError) as refused:
        decide_remove_round(state, 2, recorded={})
    assert str(refused.value) == (
        f"cannot remove round 2 of 'Club Night': table {match.table} ({match.match_id}) "
        "has a result (void); add --discard-results to remove it with what its tables "
        "recorded"
    )


def test_only_the_latest_round_can_be_removed() -> None:
    state = pair(play(pair(night()), random.Random(1)))
    with pytest.raises(TournamentError, match="only the latest round, 2, can be"):
        decide_remove_round(state, 1, recorded={}, discard_results=True)
    with pytest.raises(TournamentError, match="no round of 'Club Night' is paired"):
        decide_remove_round(night(), 1, recorded={})


def test_repair_is_refused_once_a_table_recorded_play() -> None:
    state = pair(night())
    first = state.rounds[0].tables[1]
    with pytest.raises(TournamentError) as refused:
        decide_repair_round(state, recorded={first.match_id: 3})
    assert str(refused.value).startswith(
        f"cannot re-pair round 1 of 'Club Night': table 2 ({first.match_id}) has 3 events "
        "recorded at the table; a round is re-paired only before"
    )


def test_repair_is_refused_after_a_result_or_ruling_in_the_tournament_stream() -> None:
    state = pair(night())
    match = state.round_matches(1)[-1]
    ruled = apply(state, decide_void(state, match.match_id, "no show"))
    with pytest.raises(TournamentError, match=rf"table {match.table} \({match.match_id}\) has"):
        decide_repair_round(ruled, recorded={})


def test_repair_pairs_the_round_again_after_a_withdrawal() -> None:
    state = pair(night(players=8))
    gone = state.rounds[0].tables[0].seats[0]
    state = apply(state, decide_withdraw(state, gone, "ill"))
    events = decide_repair_round(state, recorded={}, reason="Ann left before play")
    removed, paired = events
    assert isinstance(removed, RoundRemoved) and isinstance(paired, RoundPaired)
    assert removed.reason == "Ann left before play" and removed.repaired
    assert paired.round == 1
    assert words(state, paired.notes[0]) == "round 1 paired again: Ann left before play"
    after = apply(state, events)
    seated = {p for t in after.rounds[0].tables for p in t.seats} | set(after.rounds[0].byes)
    assert gone not in seated and len(seated) == 7
    assert {t.match_id for t in paired.tables}.isdisjoint(removed.matches)


def test_no_correction_while_a_draft_is_under_review() -> None:
    state = play(pair(night()), random.Random(2))
    state = apply(state, decide_draft(state))
    with pytest.raises(TournamentError, match=r"a draft of round 2 is under review"):
        decide_remove_round(state, 1, recorded={}, discard_results=True)


def test_fold_gives_the_state_evolve_gives_and_never_changes_a_state_it_was_given() -> None:
    """`fold` updates its own maps in place: the state it starts from, and every state it
    returns, must stay as they were whatever is folded after."""
    rng = random.Random(9)
    log: list[TournamentEvent] = []
    state = night()
    for _ in range(2):
        paired = decide_pair_round(state)
        log += paired
        state = apply(state, paired)
        for match in state.round_matches(len(state.rounds)):
            result = decide_record_result(state, match.match_id, [61, rng.randrange(60)], [0])
            log += result
            state = apply(state, result)
    log += decide_remove_round(state, 2, recorded={}, discard_results=True)
    middle = len(log) // 2
    start = fold(log[:middle], night())
    kept = (dict(start.matches), dict(start.players), start)
    folded = fold(log[middle:], start)
    stepped = start
    for event in log[middle:]:
        stepped = evolve(stepped, event)
    assert folded == stepped == apply(night(), log)
    assert (dict(start.matches), dict(start.players)) == kept[:2]
    assert type(folded.matches) is dict and type(folded.players) is dict
    again = fold(log[middle:], start)
    assert again == folded and start == kept[2]


def test_a_message_names_at_most_twenty_tables() -> None:
    from tourney.tournament.seating.pairing import tables_text

    assert tables_text([3]) == "table 3"
    assert tables_text([1, 2, 4]) == "tables 1, 2 and 4"
    many = tables_text(list(range(1, 2501)))
    assert many.startswith("tables 1, 2, 3,") and many.endswith(", 20 and 2480 more")


def test_a_repair_recorded_before_repaired_was_a_field_reads_as_a_repair() -> None:
    # Older tourneys wrote the repair into the reason, in English.
    old = RoundRemoved.from_payload({"round": 2, "reason": "re-paired: Ann left", "matches": []})
    assert old.repaired and old.reason == "Ann left"
    bare = RoundRemoved.from_payload({"round": 2, "reason": "re-paired"})
    assert bare.repaired and bare.reason == ""
    removed = RoundRemoved.from_payload({"round": 2, "reason": "wrong seating"})
    assert not removed.repaired and removed.reason == "wrong seating"
    assert RoundRemoved.from_payload(removed.to_payload()) == removed
    assert "repaired" not in removed.to_payload()  # a removal records what it always did


@pytest.mark.parametrize(
    ("payload", "read"),
    [
        (
            {"ruling": "round removed", "reason": "re-paired: Ann left"},
            ("round paired again", "Ann left"),
        ),
        ({"ruling": "round removed", "reason": "re-paired"}, ("round paired again", "")),
        (
            {"ruling": "round paired again", "reason": "Ann left"},
            ("round paired again", "Ann left"),
        ),
        ({"ruling": "round removed", "reason": "start again"}, ("round removed", "start again")),
        ({"ruling": "void", "reason": "re-paired: no"}, ("void", "re-paired: no")),
    ],
)
def test_a_table_closed_by_a_re_pairing_reads_as_one(
    payload: dict[str, str], read: tuple[str, str]
) -> None:
    """A table a re-pairing closed, recorded before the re-pairing was a ruling of its own
    (``round removed``, the English ``re-paired: <reason>``), reads as the re-pairing with
    the director's words, as one recorded now does."""
    from types import SimpleNamespace

    from tourney.streams.matches import ruling_of

    closing = SimpleNamespace(version=2, type="match_closed", payload={"by": "director", **payload})
    assert ruling_of(closing) == read
