"""Prizes (`tourney.tournament.standings.prizes`): percentages of the fees paid or fixed amounts,
shared places splitting their prizes, money as exact Decimals, old events unchanged."""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal

import pytest

from tests.unit.tournament.factory import apply, pair, play
from tourney.errors import TourneyError
from tourney.gamekit.stored import HORSE_RACE
from tourney.i18n import using
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_register
from tourney.tournament.events import TournamentCreated
from tourney.tournament.formats.swiss.options import with_swiss_options
from tourney.tournament.room.checkin import check_in_settings, decide_fee
from tourney.tournament.standings.prizes import shared, with_prizes
from tourney.tournament.standings.rows import money_text
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentError, TournamentState


@dataclass(frozen=True)
class Row:
    rank: int
    entrant_id: str


def created(prizes: str | None, *, fixed: bool = False, fee: str | None = "10") -> TournamentState:
    events = decide_create(
        TournamentState(), "Cup Night", format="swiss", table_size=2, rounds=3, game_name=HORSE_RACE
    )
    return apply(
        TournamentState(), with_prizes(events + check_in_settings(False, fee), prizes, fixed)
    )


def test_tied_players_share_the_sum_of_the_places_they_cover() -> None:
    places = (Decimal(50), Decimal(30), Decimal(20))
    rows = [Row(1, "a"), Row(2, "b"), Row(2, "c"), Row(4, "d")]
    assert shared(places, rows) == {"a": Decimal(50), "b": Decimal(25), "c": Decimal(25)}
    three = [Row(1, "a"), Row(1, "b"), Row(1, "c"), Row(4, "d")]
    # 100 / 3 rounded down to the cent: never more than the pot
    assert shared(places, three) == dict.fromkeys("abc", Decimal("33.33"))
    over = [Row(1, "a"), Row(2, "b"), Row(3, "c"), Row(3, "d"), Row(3, "e")]
    assert shared(places, over)["c"] == Decimal("6.66")  # 20 among the three at 3=


def test_percentages_share_the_fees_paid() -> None:
    state = created("50,30,20")
    for i in range(6):
        state = apply(state, decide_register(state, f"p{i}", f"Player {i}"))
    for i in range(5):  # one has not paid
        state = apply(state, decide_fee(state, f"p{i}", True))
    state = pair(state)
    state = play(state, random.Random(3), shared_rate=0)
    rows = standings_of(state)
    won = sorted((r.prize for r in rows if r.prize is not None), reverse=True)
    assert sum(won) == Decimal(50)  # 5 paid x 10
    assert all(isinstance(p, Decimal) for p in won)
    assert all(r.to_dict()["prize"] in (None, *(f"{p:.2f}" for p in won)) for r in rows)
    assert [r.to_dict()["prize"] for r in rows if r.prize is None] == [None] * (
        len(rows) - len(won)
    )


def test_fixed_amounts_need_no_fee_and_percentages_do() -> None:
    state = created("20,10,5", fixed=True, fee=None)
    for i in range(4):
        state = apply(state, decide_register(state, f"p{i}", f"Player {i}"))
    state = play(pair(state), random.Random(1), shared_rate=0)
    assert sum(r.prize or 0 for r in standings_of(state)) == Decimal(35)
    with pytest.raises(TournamentError, match="no --entry-fee"):
        created("50,30,20", fee=None)


@pytest.mark.parametrize(
    ("text", "fixed", "message"),
    [
        ("60,50", False, "more than 100"),
        ("20,30", True, "more than the one above"),
        ("5,abc", True, "write an amount"),
        ("1e9", True, "write an amount"),
        ("-5", True, "write an amount"),
        ("0,0", True, "every prize is 0"),
        (",".join(["1"] * 101), True, "prize places 101"),
    ],
)
def test_bad_prizes_are_refused(text: str, fixed: bool, message: str) -> None:
    with pytest.raises(TourneyError, match=message):
        created(text, fixed=fixed)


def test_one_option_one_meaning_the_prize_places_are_gibsons() -> None:
    events = decide_create(
        TournamentState(), "Open", format="swiss", table_size=2, rounds=5, game_name=HORSE_RACE
    )
    hill = with_swiss_options(events, last_round="king-of-the-hill", gibson=True)
    priced = with_prizes(hill, "40,30,20,10", fixed=True)[0]
    assert isinstance(priced, TournamentCreated)
    assert priced.prizes == 4 and priced.prize_values == tuple(Decimal(v) for v in (40, 30, 20, 10))
    assert TournamentCreated.from_payload(priced.to_payload()) == priced
    with pytest.raises(TournamentError, match="2 prize places or more"):
        with_prizes(hill, "3", fixed=True)  # the old --prizes 3 --gibson: refused, not misread
    # an old event: prizes 3 for Gibsonization, no money
    old = TournamentCreated.from_payload({**events[0].to_payload(), "gibson": True, "prizes": 3})
    assert old.prizes == 3 and old.prize_values == () and "prize_values" not in old.to_payload()


def test_money_is_shown_in_the_readers_language() -> None:
    amount = Decimal("1234.5")
    assert money_text(amount, plain=True) == "1234.50"
    with using("en"):
        assert money_text(amount) == "1,234.50"
    with using("it"):
        assert money_text(amount) == "1.234,50"
    with using("ru"):
        assert money_text(amount).replace("\xa0", " ") == "1 234,50"
    assert money_text(None) == ""
