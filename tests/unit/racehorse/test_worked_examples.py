"""The eight worked deals of RACEHORSE-EXAMPLES.md, one test each, with their exact outcomes.

Each record replays with known hands and, with ``hands`` removed, as a hidden-hand record to
the same deal object (E8 is where the two differ).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.support import RACEHORSE_EXAMPLES, require_shared, shared_dir, without_hands
from tourney.errors import RecordError
from tourney.games.racehorse import BidMade, Match, Passed, RuleError
from tourney.games.racehorse.record import iter_record, replay_lines
from tourney.textfiles import read_lines

ANN, BO, CY, DI, ED = range(5)


def example(code: str) -> Path:
    (path,) = RACEHORSE_EXAMPLES.glob(f"{code}-*.jsonl")
    return path


def both_forms(code: str) -> list[Match]:
    """The example replayed with known hands and as its hidden-hand record."""
    lines = read_lines(str(example(code)))
    return [replay_lines(lines).match, replay_lines(without_hands(lines)).match]


def first_deal(code: str) -> dict[str, Any]:
    """``deals[0]`` of the replay object, the same for both forms."""
    known, hidden = (m.summary() for m in both_forms(code))
    assert known == hidden
    deal: dict[str, Any] = known["deals"][0]
    return deal


def up_to(code: str, line: int) -> Match:
    """The example's match after its first ``line - 1`` lines."""
    return replay_lines(read_lines(str(example(code)))[: line - 1]).match


def test_e1_made_bid_of_2_with_low_captured_by_someone_else() -> None:
    assert first_deal("E1") == {
        "number": 1, "dealer": ANN, "pitcher": BO, "bid": 2, "trump": "H",
        "tricks": [BO, BO, DI, ANN, ED, ED],
        "points": {"high": BO, "low": BO, "jack": DI, "game": ED},
        "made": True, "payments": [-2, 8, -2, -2, -2],
    }  # fmt: skip
    match = both_forms("E1")[0]
    assert match.deals[0].points is not None
    assert match.deals[0].points.values == (12, 7, 0, 8, 17)  # Ann, Bo, Cy, Di, Ed
    assert match.next_dealer == BO  # made: Bo deals the next deal
    assert match.finished and match.winners == [BO] and match.net == [-2, 8, -2, -2, -2]


def test_e2_failed_bid_of_3_upped_and_the_player_on_the_right_deals_next() -> None:
    assert first_deal("E2") == {
        "number": 1, "dealer": BO, "pitcher": DI, "bid": 3, "trump": "S",
        "tricks": [DI, ANN, ANN, CY, BO, ED],
        "points": {"high": DI, "low": DI, "jack": ANN, "game": CY},
        "made": False, "payments": [3, 3, 3, -12, 3],
    }  # fmt: skip
    for match in both_forms("E2"):
        summary = match.summary()
        assert summary["finished"] is False and summary["winners"] == []
        assert summary["deals"][1] == {
            "number": 2, "dealer": CY, "pitcher": None, "bid": None, "trump": None,
            "tricks": [], "points": {"high": None, "low": None, "jack": None, "game": None},
            "made": None, "payments": [0, 0, 0, 0, 0],
        }  # fmt: skip
    lines = read_lines(str(example("E2")))
    lines[-1] = '{"type": "deal_started", "dealer": "Ed"}'
    with pytest.raises(RecordError) as info:
        replay_lines(lines)
    assert info.value.line == len(lines)
    assert info.value.reason == (
        "the dealer is Cy, not Ed: Di was upped, and Cy, on Di's right, deals next"
    )


def test_e3_dealer_steal() -> None:
    assert first_deal("E3") == {
        "number": 1, "dealer": CY, "pitcher": CY, "bid": 3, "trump": "C",
        "tricks": [CY, CY, CY, ANN, BO, BO],
        "points": {"high": CY, "low": CY, "jack": CY, "game": CY},
        "made": True, "payments": [-3, -3, 12, -3, -3],
    }  # fmt: skip
    assert both_forms("E3")[0].next_dealer == CY
    # Ann bidding 3 where Cy stole would be refused: only the dealer may bid the same.
    match = up_to("E3", 5)  # after Di 2, Ed 3
    with pytest.raises(RuleError, match=r"^Ann bids 3, not higher than Ed's 3 \(only the dealer"):
        match.apply(BidMade("Ann", 3))


def test_e4_forced_dealer_bid() -> None:
    assert first_deal("E4") == {
        "number": 1, "dealer": DI, "pitcher": DI, "bid": 2, "trump": "H",
        "tricks": [ANN, DI, DI, DI, CY, BO],
        "points": {"high": ANN, "low": ANN, "jack": DI, "game": DI},
        "made": True, "payments": [-2, -2, -2, 8, -2],
    }  # fmt: skip
    match = up_to("E4", 7)  # Ed, Ann, Bo and Cy passed
    before = match.summary()
    with pytest.raises(RuleError) as info:
        match.apply(Passed("Di"))
    assert str(info.value) == "everyone else passed: Di, the dealer, must bid 2 and may not pass"
    with pytest.raises(RuleError, match="must bid 2, not 3"):
        match.apply(BidMade("Di", 3))
    assert match.summary() == before


def test_e5_smudge_made() -> None:
    assert first_deal("E5") == {
        "number": 1, "dealer": ED, "pitcher": BO, "bid": 5, "trump": "S",
        "tricks": [BO] * 6,
        "points": {"high": BO, "low": BO, "jack": BO, "game": BO},
        "made": True, "payments": [-5, 20, -5, -5, -5],
    }  # fmt: skip
    match = both_forms("E5")[0]
    assert match.deals[0].points is not None and match.deals[0].points.values[BO] == 66
    assert match.next_dealer == BO
    (bid,) = [e for _, e in iter_record(read_lines(str(example("E5")))) if e.type == "bid"]
    assert bid == BidMade("Bo", 5)  # "smudge" in the record is the bid 5
    # A smudge ends the auction: nobody after it speaks, the dealer included.
    after = up_to("E5", 5)
    for event in (Passed("Cy"), BidMade("Ed", 5), Passed("Ed")):
        with pytest.raises(RuleError, match="nobody speaks after a smudge"):
            after.apply(event)


def test_e6_smudge_failed_because_the_jack_was_not_dealt() -> None:
    assert first_deal("E6") == {
        "number": 1, "dealer": ANN, "pitcher": CY, "bid": 5, "trump": "H",
        "tricks": [CY] * 6,
        "points": {"high": CY, "low": CY, "jack": None, "game": CY},
        "made": False, "payments": [5, 5, -20, 5, 5],
    }  # fmt: skip
    for match in both_forms("E6"):
        assert match.finished
        assert match.summary()["winners"] == [ANN, BO, DI, ED]
        assert match.next_dealer == BO  # on Cy's right


def test_e7_game_point_tie_gives_it_to_nobody() -> None:
    assert first_deal("E7") == {
        "number": 1, "dealer": BO, "pitcher": ANN, "bid": 2, "trump": "C",
        "tricks": [ANN, ANN, CY, CY, BO, DI],
        "points": {"high": ANN, "low": BO, "jack": None, "game": None},
        "made": False, "payments": [-8, 2, 2, 2, 2],
    }  # fmt: skip
    match = both_forms("E7")[0]
    assert match.deals[0].points is not None
    assert match.deals[0].points.values[ANN] == match.deals[0].points.values[CY] == 14
    assert match.next_dealer == ED  # on Ann's right


def test_e8_revoke_refused_at_once_with_known_hands_and_later_with_hidden_ones() -> None:
    lines = read_lines(str(example("E8")))
    with pytest.raises(RecordError) as known:
        replay_lines(lines)
    assert (known.value.line, known.value.reason) == (
        30,
        "Cy holds clubs and must follow the clubs lead or play a trump, not 2D",
    )
    with pytest.raises(RecordError) as hidden:
        replay_lines(without_hands(lines))
    assert (hidden.value.line, hidden.value.reason) == (
        36,
        "Cy plays 9C, but at line 30 played 2D to a clubs lead without following suit",
    )
    # Everything before the revealing line is accepted in the hidden form.
    replay_lines(without_hands(lines)[:35])


def test_a_deal_started_by_the_wrong_dealer_after_a_made_bid_says_why() -> None:
    lines = read_lines(str(example("E1")))
    lines[0] = lines[0].replace('"deals": 1', '"deals": 2')
    with pytest.raises(RecordError) as info:
        replay_lines([*lines, '{"type": "deal_started", "dealer": "Cy"}'])
    assert info.value.line == len(lines) + 1
    assert info.value.reason == "the dealer is Bo, not Cy: Bo made the bid and deals again"
    assert (
        replay_lines([*lines, '{"type": "deal_started", "dealer": "Bo"}']).match.deals[1].dealer
        == BO
    )


def test_the_fixtures_are_the_records_of_racehorse_examples_md() -> None:
    require_shared()
    text = (shared_dir() / "RACEHORSE-EXAMPLES.md").read_text(encoding="utf-8")
    records = {
        code: body
        for code, body in re.findall(r"\n## (E\d) .*?```jsonl\n(.*?)```", text, flags=re.S)
    }
    assert sorted(records) == [f"E{n}" for n in range(1, 9)]
    for code, body in records.items():
        assert example(code).read_text(encoding="utf-8") == body, code
    outcomes = re.findall(r"```json\n(\{\"number\": 1.*?)\n```", text)
    for code, outcome in zip(sorted(records)[:7], outcomes, strict=True):
        assert first_deal(code) == json.loads(outcome), code
