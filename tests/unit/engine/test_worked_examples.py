"""Every worked example of RULES.md section 8, by its name in the table."""

from __future__ import annotations

from collections import Counter

from tests.support import FIXTURES, replay_file, t
from tourney.games.horserace import (
    HandEnd,
    HandStarted,
    Layout,
    Match,
    MatchStarted,
    TilePlaced,
    blocked_credits,
    domino_credits,
    placement_points,
    rounded_points,
)
from tourney.games.horserace.tiles import pip_total

# -- A: one layout built step by step -------------------------------------------------------

# (tile, on, counted contributions as RULES.md lists them (tile -> contribution), sum, points)
A_STEPS: list[tuple[str, str | None, dict[str, int], int, int]] = [
    ("1-4", None, {"1-4": 5}, 5, 1),
    ("1-1", "1-4", {"1-1": 2, "1-4": 4}, 6, 0),
    ("4-4", "1-4", {"1-1": 2, "4-4": 8}, 10, 2),
    ("3-4", "4-4", {"1-1": 2, "3-4": 3}, 5, 1),
    ("1-2", "1-1", {"1-2": 2, "3-4": 3}, 5, 1),
    ("1-5", "1-1", {"1-2": 2, "1-5": 5, "3-4": 3}, 10, 2),
    ("5-5", "1-5", {"5-5": 10, "1-2": 2, "3-4": 3}, 15, 3),
    ("0-5", "5-5", {"0-5": 0, "1-2": 2, "3-4": 3}, 5, 1),
    ("1-3", "1-1", {"0-5": 0, "1-2": 2, "3-4": 3, "1-3": 3}, 8, 0),
]


def _layout(steps: list[tuple[str, str | None, dict[str, int], int, int]]) -> Layout:
    layout = Layout()
    for tile, on, *_ in steps:
        target = None if on is None else t(on)
        layout.place(t(tile), target, layout.check(t(tile), target))
    return layout


def _check_step(step: int) -> Layout:
    """Build A1..A(step-1), place A(step), and check its sum, points and contributions."""
    layout = _layout(A_STEPS[: step - 1])
    tile, on, counted, total, points = A_STEPS[step - 1]
    target = None if on is None else t(on)
    value = layout.check(t(tile), target)
    assert layout.ends_after(t(tile), target, value) == total
    assert layout.place(t(tile), target, value) == total
    assert layout.ends == total
    assert placement_points(total) == points
    assert _by_tile(layout) == counted
    return layout


def _by_tile(layout: Layout) -> dict[str, int]:
    """Contributions summed per tile (a non-double may count both halves)."""
    out: dict[str, int] = {}
    for tile, c in layout.contributions():
        out[str(tile)] = out.get(str(tile), 0) + c
    return out


def test_A1_open_1_4_counts_both_halves() -> None:
    _check_step(1)


def test_A2_double_1_1_on_the_1_end() -> None:
    _check_step(2)


def test_A3_double_4_4_on_the_4_end_scores_2() -> None:
    _check_step(3)


def test_A4_3_4_on_second_linear_side_of_4_4() -> None:
    layout = _check_step(4)
    points = Counter((str(p.tile), p.kind, p.value, p.counted) for p in layout.attach_points())
    assert points == Counter(
        {
            ("1-1", "linear", 1, True): 1,
            ("3-4", "end", 3, True): 1,
            ("4-4", "branch", 4, False): 2,
        }
    )


def test_A5_1_2_on_second_linear_side_of_1_1() -> None:
    layout = _check_step(5)
    # Both linear sides of [1|1] are taken: its branches are now open and count nothing.
    branches = [p for p in layout.attach_points() if str(p.tile) == "1-1"]
    assert [(p.kind, p.value, p.counted) for p in branches] == [("branch", 1, False)] * 2


def test_A6_1_5_on_a_branch_of_1_1() -> None:
    layout = _check_step(6)
    assert [p.kind for p in layout.attach_points() if str(p.tile) == "1-1"] == ["branch"]


def test_A7_double_5_5_on_1_5_scores_3() -> None:
    _check_step(7)


def test_A8_0_5_on_second_linear_side_of_5_5_zero_end_counts() -> None:
    layout = _check_step(8)
    assert (t("0-5"), 0) in layout.contributions()


def test_A9_1_3_on_other_branch_of_1_1_sum_8_scores_nothing() -> None:
    layout = _check_step(9)
    assert not [p for p in layout.attach_points() if str(p.tile) == "1-1"]


def test_A1_to_A6_through_a_match_keep_the_turn_and_score_the_same() -> None:
    """A1..A6 are each a double or a scoring tile: Ann places them all in one turn."""
    match = Match()
    match.apply(MatchStarted(("Ann", "Bo")))
    match.apply(HandStarted("Ann"))
    for tile, on, _, total, points in A_STEPS[:6]:
        assert match.to_move == "Ann"
        outcome = match.apply(TilePlaced("Ann", t(tile), None if on is None else t(on)))
        assert outcome.placement is not None
        assert (outcome.placement.ends, outcome.placement.points) == (total, points)
        assert match.continuation_owed
    assert match.scores == [1 + 0 + 2 + 1 + 1 + 2, 0]


# -- B and C ---------------------------------------------------------------------------------


def test_B1_open_double_2_2_counts_4_scores_nothing() -> None:
    layout = Layout()
    assert layout.place(t("2-2"), None, layout.check(t("2-2"), None)) == 4
    assert placement_points(4) == 0


def test_B2_open_double_0_0_counts_0_scores_nothing() -> None:
    layout = Layout()
    assert layout.place(t("0-0"), None, layout.check(t("0-0"), None)) == 0
    assert placement_points(0) == 0


def test_B3_double_6_6_on_the_6_end_of_3_6_scores_3() -> None:
    layout = _layout([("3-6", None, {}, 9, 0)])
    assert layout.place(t("6-6"), t("3-6"), layout.check(t("6-6"), t("3-6"))) == 15
    assert _by_tile(layout) == {"3-6": 3, "6-6": 12}
    assert placement_points(15) == 3


C_STEPS: list[tuple[str, str | None, int, int]] = [
    ("5-5", None, 10, 2),
    ("2-5", "5-5", 12, 0),
    ("3-5", "5-5", 5, 1),
    ("4-5", "5-5", 9, 0),
]


def _check_c(step: int) -> Layout:
    layout = Layout()
    for tile, on, total, points in C_STEPS[:step]:
        target = None if on is None else t(on)
        assert layout.place(t(tile), target, layout.check(t(tile), target)) == total
        assert placement_points(total) == points
    return layout


def test_C1_open_double_5_5_scores_2() -> None:
    _check_c(1)


def test_C2_2_5_on_5_5_sum_12() -> None:
    _check_c(2)


def test_C3_3_5_on_other_linear_side_opens_branches() -> None:
    layout = _check_c(3)
    on_spinner = [p for p in layout.attach_points() if str(p.tile) == "5-5"]
    assert [(p.kind, p.counted) for p in on_spinner] == [("branch", False)] * 2


def test_C4_4_5_on_a_branch_of_5_5() -> None:
    layout = _check_c(4)
    assert [p.kind for p in layout.attach_points() if str(p.tile) == "5-5"] == ["branch"]


# -- D: end-of-hand credits --------------------------------------------------------------------

INDIVIDUAL4 = [0, 1, 2, 3]
PARTNERS = [0, 1, 0, 1]


def test_D1_opponents_hold_17_pips_credit_3() -> None:
    assert rounded_points(17) == 3
    assert domino_credits([0, 1], [0, 17], 0) == [3, 0]


def test_D2_partnership_domino_partner_tiles_ignored() -> None:
    # seats: Ann (winner) 0, Bo 9, Cy (partner) 7, Di 8
    assert domino_credits(PARTNERS, [0, 9, 7, 8], 0) == [3, 0]


def test_D2_through_a_real_partnership_hand() -> None:
    replayed = replay_file(FIXTURES / "examples" / "D2-partnership-domino.jsonl")
    match = replayed.match
    hand = match.hands[-1]
    assert hand.end is HandEnd.DOMINO
    last = match.placements[-1]
    winner = match.seat_of[last.player]
    pips = [pip_total(h) for h in match.held]
    assert pips[winner] == 0
    assert pips[(winner + 2) % 4] == 7
    assert sorted([pips[(winner + 1) % 4], pips[(winner + 3) % 4]]) == [8, 9]
    credits = [0, 0]
    credits[match.side_of[winner]] = 3
    assert hand.credits == credits


def test_D3_partnership_blocked_sums_compared() -> None:
    # Ann 1 and Cy 17 (18) against Bo 5 and Di 6 (11): the second partnership wins.
    assert blocked_credits(PARTNERS, [1, 5, 17, 6]) == [0, 4]


def test_D3_through_a_real_partnership_hand() -> None:
    # Bo & Di hold the lightest single hand (8) but the heavier sum (8 + 21).
    match = replay_file(FIXTURES / "examples" / "D3-partnership-blocked-sums.jsonl").match
    pips = [pip_total(h) for h in match.held]
    assert pips == [9, 8, 10, 21]
    assert match.hands[-1].end is HandEnd.BLOCKED
    assert match.hands[-1].credits == [6, 0]  # 29 -> 30 -> 6


def test_D4_individual_blocked_three_tied_lowest() -> None:
    assert blocked_credits(INDIVIDUAL4, [4, 4, 4, 14]) == [4, 4, 4, 0]


def test_D4_through_a_real_hand_every_tied_lowest_gets_the_full_credit() -> None:
    match = replay_file(FIXTURES / "examples" / "D4-individual-blocked-three-tied.jsonl").match
    assert [pip_total(h) for h in match.held] == [4, 6, 4, 4]
    assert match.hands[-1].end is HandEnd.BLOCKED
    assert match.hands[-1].credits == [3, 0, 3, 3]  # 4 + 6 + 4 = 14 -> 15 -> 3 each


def test_D5_partnership_blocked_tie_12_and_12() -> None:
    assert blocked_credits(PARTNERS, [5, 6, 7, 6]) == [2, 2]


def test_D5_through_a_real_partnership_hand() -> None:
    match = replay_file(FIXTURES / "examples" / "D5-partnership-blocked-tie.jsonl").match
    pips = [pip_total(h) for h in match.held]
    assert pips[0] + pips[2] == 12
    assert pips[1] + pips[3] == 12
    assert match.hands[-1].end is HandEnd.BLOCKED
    assert match.hands[-1].credits == [2, 2]


def test_D6_both_partnerships_reach_the_target_in_one_count_and_share() -> None:
    match = replay_file(FIXTURES / "examples" / "D6-shared-win-at-count.jsonl").match
    assert match.target == 4
    assert match.hands[-1].credits == [4, 4]
    assert match.scores == [6, 7]  # different final scores, still a shared win
    assert match.finished
    assert match.winners == [0, 1]
    assert match.summary()["winners"] == [0, 1]


def test_D7_60_plus_2_on_a_placement_wins_at_once_without_count() -> None:
    replayed = replay_file(FIXTURES / "examples" / "D7-target-on-placement.jsonl")
    match = replayed.match
    last = match.placements[-1]
    assert last.points == 2
    assert match.scores[match.side_of_player(last.player)] == 62
    assert match.finished
    assert match.winners == [match.side_of_player(last.player)]
    hand = match.hands[-1]
    assert hand.end is HandEnd.TARGET
    # It was the player's last tile: a domino, yet no count is made.
    assert not match.held[match.seat_of[last.player]]
    assert hand.credits == [0] * len(match.sides)
