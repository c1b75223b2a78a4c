"""Turns, continuation, drawing, passing, openers, counts and the target, through Match."""

from __future__ import annotations

import pytest

from tests.support import FIXTURES, deal, known_match, place, replay_file, t
from tourney.games.horserace import (
    HandEnd,
    HandStarted,
    Match,
    MatchStarted,
    Passed,
    RuleError,
    TileDrawn,
    TilePlaced,
)
from tourney.games.horserace.errors import EventError

# Ann holds low tiles; Bo holds only 3s, 4s, 5s and 6s without 1 or 2.
ANN = "1-2 0-0 0-1 0-2 0-3 1-1 1-3"
BO = "3-3 3-4 3-5 3-6 4-4 4-5 4-6"
# Boneyard: 0-4 0-5 0-6 1-4 1-5 1-6 2-2 2-3 2-4 2-5 2-6 5-5 5-6 6-6


def two_player(ann: str = ANN, bo: str = BO, opener: str = "Ann", target: int = 61) -> Match:
    return known_match(("Ann", "Bo"), deal(Ann=ann, Bo=bo), opener, target=target)


def refused(match: Match, event: TilePlaced | TileDrawn | Passed, message: str) -> None:
    """The event is refused with ``message`` and the match is left as it was."""
    before = match.summary(), match.to_move, [set(h) for h in match.held]
    with pytest.raises(RuleError) as info:
        match.apply(event)
    assert message in str(info.value)
    assert (match.summary(), match.to_move, [set(h) for h in match.held]) == before


# -- legal placements ----------------------------------------------------------------------


def test_opener_may_place_any_tile() -> None:
    match = two_player()
    assert sorted(str(tile) for tile, on in match.legal_placements()) == sorted(ANN.split())
    assert all(on is None for _, on in match.legal_placements())


def test_legal_placements_list_each_tile_and_target() -> None:
    match = two_player(opener="Bo")
    match.apply(place("Bo", "3-4"))
    assert match.to_move == "Ann"
    assert set(match.legal_placements()) == {(t("0-3"), t("3-4")), (t("1-3"), t("3-4"))}


def test_no_legal_placement_outside_the_turn_state() -> None:
    match = Match()
    assert list(match.legal_placements()) == []
    match.apply(MatchStarted(("Ann", "Bo")))
    assert list(match.legal_placements()) == []


# -- continuation ------------------------------------------------------------------------


def test_non_scoring_non_double_ends_the_turn() -> None:
    match = two_player()
    outcome = match.apply(place("Ann", "1-2"))
    assert outcome.placement is not None
    assert (outcome.placement.ends, outcome.placement.points) == (3, 0)
    assert not outcome.placement.continues
    assert match.to_move == "Bo"


def test_double_from_hand_keeps_the_turn() -> None:
    match = two_player()
    match.apply(place("Ann", "1-1"))
    assert match.to_move == "Ann"
    assert match.continuation_owed
    refused(match, place("Bo", "3-3", "1-1"), "Ann keeps the turn")


def test_scoring_tile_from_hand_keeps_the_turn() -> None:
    match = two_player(ann="1-4 0-0 0-1 0-2 0-3 1-1 1-3", bo=BO.replace("4-4", "2-2"))
    outcome = match.apply(place("Ann", "1-4"))
    assert outcome.placement is not None and outcome.placement.points == 1
    assert match.to_move == "Ann"
    assert match.scores == [1, 0]


def test_continuation_is_compulsory_while_able() -> None:
    match = two_player()
    match.apply(place("Ann", "1-1"))
    refused(match, TileDrawn("Ann", t("0-4")), "Ann must place, not")
    refused(match, Passed("Ann"), "Ann must place, not")


def test_continuation_owed_without_a_playable_tile_means_drawing() -> None:
    # Ann opens [5|5] and holds no other 5: she owes a continuation and must draw.
    match = two_player(ann="5-5 0-0 0-1 0-2 0-3 1-1 1-3", bo=BO.replace("3-5", "1-2"))
    match.apply(place("Ann", "5-5"))
    assert match.continuation_owed
    assert list(match.legal_placements()) == []
    match.apply(TileDrawn("Ann", t("6-6")))  # does not fit
    assert match.to_move == "Ann"
    match.apply(TileDrawn("Ann", t("2-5")))  # fits: must be placed at once
    assert list(match.legal_placements()) == [(t("2-5"), t("5-5"))]
    outcome = match.apply(place("Ann", "2-5", "5-5"))
    assert outcome.placement is not None
    assert outcome.placement.ends == 12
    assert match.to_move == "Bo"


def test_drawn_playable_double_that_scores_still_ends_the_turn() -> None:
    match = two_player()
    match.apply(place("Ann", "1-2"))  # ends 1 + 2
    assert list(match.legal_placements()) == []
    match.apply(TileDrawn("Bo", t("5-5")))  # does not fit: draw again
    match.apply(TileDrawn("Bo", t("2-2")))
    outcome = match.apply(place("Bo", "2-2", "1-2"))
    assert outcome.placement is not None
    assert (outcome.placement.ends, outcome.placement.points) == (5, 1)  # a scoring double
    assert not outcome.placement.continues
    assert match.to_move == "Ann"
    assert match.scores == [0, 1]


def test_drawn_playable_tile_must_be_placed_not_another() -> None:
    match = two_player(bo="3-3 3-4 3-5 3-6 4-4 4-5 4-6")
    match.apply(place("Ann", "1-2"))
    match.apply(TileDrawn("Bo", t("2-3")))  # now both [2|3] fits and nothing else in hand
    refused(match, TileDrawn("Bo", t("2-2")), "Bo must place 2-3, the playable tile just drawn")
    refused(match, Passed("Bo"), "Bo must place 2-3")
    # [3|3] only fits once [2|3] is down, so the placement from hand is refused as well
    refused(match, place("Bo", "3-3", "1-2"), "Bo must place 2-3")


def test_draw_when_able_is_refused_and_named() -> None:
    match = two_player()
    match.apply(place("Ann", "1-2"))
    match.apply(TileDrawn("Bo", t("2-3")))
    match.apply(place("Bo", "2-3", "1-2"))
    assert match.to_move == "Ann"
    refused(match, TileDrawn("Ann", t("0-4")), "Ann must place, not")


def test_not_in_hand_says_where_the_tile_is() -> None:
    match = two_player()
    refused(match, place("Ann", "2-2"), "Ann does not hold 2-2 (it is in the boneyard)")
    refused(match, place("Ann", "3-3"), "Ann does not hold 3-3 (Bo holds it)")


def test_wrong_turn_is_refused() -> None:
    match = two_player()
    refused(match, place("Bo", "3-3"), "it is Ann's turn, not Bo's")


def test_pass_with_tiles_in_the_boneyard_is_refused() -> None:
    match = two_player()
    match.apply(place("Ann", "1-2"))
    refused(match, Passed("Bo"), "the boneyard is not empty (14 tiles): Bo must draw, not pass")


def test_opener_cannot_draw_or_pass() -> None:
    match = two_player()
    refused(match, TileDrawn("Ann", t("0-4")), "Ann opens the hand and must place a tile")
    refused(match, Passed("Ann"), "Ann opens the hand and must place a tile")


def test_draw_must_name_a_boneyard_tile_in_a_known_hand() -> None:
    match = two_player()
    match.apply(place("Ann", "1-2"))
    refused(match, TileDrawn("Bo", t("1-2")), "1-2 is not in the boneyard (it is on the table)")
    refused(match, TileDrawn("Bo", t("0-0")), "not in the boneyard (Ann holds it)")
    with pytest.raises(EventError, match="'tile' is missing"):
        match.apply(TileDrawn("Bo", None))


# -- blocked hands, openers ------------------------------------------------------------------


def test_hand_is_blocked_only_when_every_player_has_passed() -> None:
    replayed = replay_file(FIXTURES / "examples" / "D5-partnership-blocked-tie.jsonl", True)
    events = [e for _, e in replayed.events]
    assert all(isinstance(e, Passed) for e in events[-4:])
    assert not isinstance(events[-5], Passed)
    partial = Match.replay(events[:-1])
    assert partial.hands[-1].end is None
    assert partial.to_move == events[-1].player  # type: ignore[union-attr]
    full = Match.replay(events)
    assert full.hands[-1].end is HandEnd.BLOCKED
    assert full.to_move is None


def test_first_hand_needs_an_opener_by_lot() -> None:
    match = Match()
    match.apply(MatchStarted(("Ann", "Bo")))
    with pytest.raises(EventError, match="'opener' is missing: the first hand"):
        match.apply(HandStarted())
    match.apply(HandStarted("Bo"))
    assert match.to_move == "Bo"


def test_last_placer_opens_the_next_hand() -> None:
    match = replay_file(FIXTURES / "examples" / "D2-partnership-domino.jsonl").match
    last = match.placements[-1].player
    assert match.next_opener == last
    other = next(p for p in match.players if p != last)
    with pytest.raises(RuleError, match=f"{last} placed the last tile and opens this hand"):
        match.copy().apply(HandStarted(other))
    implied = match.copy()
    implied.apply(HandStarted())
    assert implied.to_move == last
    named = match.copy()
    named.apply(HandStarted(last))
    assert named.hands[-1].opener == last


def test_after_a_blocked_hand_a_new_lot_chooses_the_opener() -> None:
    match = replay_file(FIXTURES / "examples" / "D5-partnership-blocked-tie.jsonl").match
    last_placer = match.placements[-1].player
    assert match.next_opener is None
    with pytest.raises(EventError, match="'opener' is missing: after a blocked hand"):
        match.copy().apply(HandStarted())
    for player in match.players:  # anyone, the last placer included
        copy = match.copy()
        copy.apply(HandStarted(player))
        assert copy.to_move == player
    assert last_placer in match.players


def test_hand_started_before_the_hand_ended_is_refused() -> None:
    match = two_player()
    with pytest.raises(RuleError, match="hand_started before the current hand ended"):
        match.apply(HandStarted("Ann"))


# -- counts and the target -------------------------------------------------------------------


def test_tied_lowest_blocked_players_each_get_the_full_credit() -> None:
    match = replay_file(FIXTURES / "examples" / "D4-individual-blocked-three-tied.jsonl").match
    assert match.hands[-1].credits == [3, 0, 3, 3]


def test_partnership_credit_goes_to_the_partnership_and_ignores_the_partner() -> None:
    match = replay_file(FIXTURES / "examples" / "D2-partnership-domino.jsonl").match
    assert match.sides == [("Ann", "Cy"), ("Bo", "Di")]
    summary = match.summary()
    assert [s["players"] for s in summary["sides"]] == [["Ann", "Cy"], ["Bo", "Di"]]
    assert sum(match.hands[-1].credits) == 3


def test_partners_share_one_score() -> None:
    match = known_match(
        ("Ann", "Bo", "Cy", "Di"),
        deal(
            Ann="1-4 0-0 0-1 0-2 0-3",
            Bo="2-2 2-3 2-4 2-5 2-6",
            Cy="4-4 0-4 0-5 0-6 1-1",
            Di="3-3 3-4 3-5 3-6 4-5",
        ),
        "Ann",
        partnerships=True,
    )
    match.apply(place("Ann", "1-4"))  # 5: one point, Ann goes on
    match.apply(place("Ann", "0-1", "1-4"))  # 4 + 0: nothing
    match.apply(place("Bo", "2-4", "1-4"))  # 0 + 2: nothing
    match.apply(place("Cy", "0-5", "0-1"))  # 5 + 2: nothing
    match.apply(place("Di", "4-5", "0-5"))  # 4 + 2: nothing
    assert match.scores == [1, 0]
    assert match.to_move == "Ann"


def test_target_reached_on_a_placement_ends_the_match_at_once() -> None:
    match = two_player(ann="1-4 0-0 0-1 0-2 0-3 1-1 1-3", bo=BO.replace("4-4", "2-2"), target=1)
    outcome = match.apply(place("Ann", "1-4"))
    assert outcome.match_over
    assert outcome.hand_ended is HandEnd.TARGET
    assert outcome.credits is None
    assert match.finished
    assert match.winners == [0]
    assert match.summary()["hands"][-1] == {
        "number": 1,
        "opener": "Ann",
        "end": "target",
        "credits": [0, 0],
    }
    with pytest.raises(RuleError, match="event after the match ended"):
        match.apply(place("Ann", "1-1", "1-4"))
    with pytest.raises(RuleError, match="event after the match ended"):
        match.apply(HandStarted("Ann"))


def test_target_not_reached_keeps_playing() -> None:
    match = two_player(ann="1-4 0-0 0-1 0-2 0-3 1-1 1-3", bo=BO.replace("4-4", "2-2"), target=2)
    match.apply(place("Ann", "1-4"))
    assert not match.finished
    assert match.summary()["winners"] == []


def test_shared_win_at_a_count() -> None:
    match = replay_file(FIXTURES / "examples" / "D6-shared-win-at-count.jsonl").match
    assert match.winners == [0, 1]


def test_match_started_is_checked() -> None:
    cases: list[tuple[MatchStarted, str]] = [
        (MatchStarted(("Ann",)), "2, 3 or 4 players"),
        (MatchStarted(("A", "B", "C", "D", "E")), "2, 3 or 4 players"),
        (MatchStarted(("Ann", "Ann")), "Ann is listed twice"),
        (MatchStarted(("A", "B", "C"), partnerships=True), "partnerships need 4 players, not 3"),
        (MatchStarted(("Ann", "Bo"), target=0), "'target'"),
        (MatchStarted(("Ann", " ")), "is not a player name"),
    ]
    for event, message in cases:
        with pytest.raises(EventError, match=message):
            Match().apply(event)
    match = Match()
    match.apply(MatchStarted(("Ann", "Bo")))
    with pytest.raises(RuleError, match="match_started appears twice"):
        match.apply(MatchStarted(("Ann", "Bo")))


def test_copy_does_not_share_state() -> None:
    match = two_player()
    copy = match.copy()
    copy.apply(place("Ann", "1-2"))
    assert match.to_move == "Ann"
    assert t("1-2") in match.held[0]
    assert len(match.layout) == 0


@pytest.mark.parametrize("known", [True, False], ids=["known", "hidden"])
def test_refusal_after_an_unplayable_draw_does_not_call_the_tile_playable(known: bool) -> None:
    if known:
        match = two_player()
    else:
        match = Match()
        match.apply(MatchStarted(("Ann", "Bo")))
        match.apply(HandStarted("Ann"))
    match.apply(place("Ann", "1-2"))
    match.apply(TileDrawn("Bo", t("5-5")))  # [5|5] fits neither the 1 nor the 2 end
    # Refused, rightly (Bo drew, so he had nothing to place and must draw on); known: Bo
    # holds [3|3], which does not fit; hidden: [2|3] would fit but contradicts the draw.
    with pytest.raises(RuleError) as info:
        match.apply(place("Bo", "3-3" if known else "2-3", "1-2"))
    assert "playable" not in str(info.value)
    assert "5-5" in str(info.value)


@pytest.mark.parametrize(
    ("ann", "bo", "twice"),
    [
        ("1-2 0-0 0-1 0-2 0-3 1-1 0-1", BO, "0-1"),  # within one hand
        (ANN, "3-3 3-4 1-3 3-6 0-2 4-5 4-6", "1-3"),  # across hands: Bo's first in his order
        ("1-2 0-0 0-1 0-2 0-3 1-1 1-2", "0-0 3-4 3-5 3-6 4-4 4-5 4-6", "1-2"),  # Ann's first
    ],
)
def test_a_deal_names_the_first_tile_dealt_twice(ann: str, bo: str, twice: str) -> None:
    match = Match()
    match.apply(MatchStarted(("Ann", "Bo")))
    with pytest.raises(RuleError, match=f"^'deal': {twice} is dealt twice$"):
        match.apply(HandStarted("Ann", deal(Ann=ann, Bo=bo)))
    assert match.hand is None and match.phase is match.phase.BETWEEN_HANDS
