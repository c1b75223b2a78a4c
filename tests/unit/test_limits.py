"""Every bound is written once, and numbers typed as text are read without computing them."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from tourney.limits import (
    RATING,
    ROUNDS,
    SEED,
    TARGET,
    LimitError,
    check_points,
    decimal_point,
    parse_amount,
    parse_fee,
    parse_points,
    parse_whole,
)


def test_a_bound_takes_its_ends_and_refuses_past_them() -> None:
    assert ROUNDS.check(1) == 1 and ROUNDS.check(100) == 100
    for value in (0, 101, -1, 10**20):
        with pytest.raises(LimitError, match=r"rounds .* must be 1 to 100"):
            ROUNDS.check(value, "Club Night")


def test_a_bound_refuses_what_is_not_a_whole_number() -> None:
    for value in (True, 1.0, "3", None):
        with pytest.raises(LimitError, match="is not a whole number"):
            TARGET.check(value)


def test_a_bound_names_a_huge_value_by_its_size() -> None:
    with pytest.raises(LimitError) as caught:
        TARGET.check(10**5000)
    assert "a number of about 5001 digits" in str(caught.value)


def test_the_bounds_fit_a_32_bit_database_integer() -> None:
    for bound in (ROUNDS, TARGET, RATING, SEED):
        assert bound.high < 2**31


@pytest.mark.parametrize(
    "text, value",
    [
        ("1", Fraction(1)),
        ("0.5", Fraction(1, 2)),
        (" 1/3 ", Fraction(1, 3)),
        ("0", Fraction(0)),
        ("0,5", Fraction(1, 2)),  # the decimal comma Italian and Russian write
        (" 2,25", Fraction(9, 4)),
    ],
)
def test_points_are_read_as_written(text: str, value: Fraction) -> None:
    assert parse_points(text, "bye points") == value


@pytest.mark.parametrize(
    "text",
    ["1e999", "nan", "NaN", "inf", "-1", "10**28", "", "1/0", "9" * 5000, "0.1234567", "1,5,2",
     "1.000,5", "0,5/2", ",5"],
)  # fmt: skip
def test_points_that_are_not_plainly_written_numbers_are_refused(text: str) -> None:
    with pytest.raises(LimitError, match="bye points"):
        parse_points(text, "bye points")


def test_points_are_bounded_in_size_and_denominator() -> None:
    assert check_points(Fraction(100), "bye points") == 100
    with pytest.raises(LimitError, match="must be 0 to 100"):
        parse_points("101", "bye points")
    with pytest.raises(LimitError, match="denominator of at most 12"):
        parse_points("1/13", "bye points")
    with pytest.raises(LimitError, match="must be 0 to 1"):
        parse_points("3/2", "shared-win", high=1)


def test_whole_numbers_in_text_are_read_within_their_bound() -> None:
    assert parse_whole(" 1650 ", RATING) == 1650
    for text in ("1e3", "12.0", "", "9" * 30, "0x10"):
        with pytest.raises(LimitError, match="is not a whole number"):
            parse_whole(text, RATING, "row 3")
    with pytest.raises(LimitError, match="seed 0 for row 2 must be 1 to 10000"):
        parse_whole("0", SEED, "row 2")


@pytest.mark.parametrize(
    ("text", "value"), [("4,50", "4.50"), ("4.50", "4.50"), ("12,5", "12.5"), (" 20 ", "20")]
)
def test_an_amount_is_read_with_a_decimal_comma_or_point(text: str, value: str) -> None:
    assert parse_amount(text, "prize") == Decimal(value)
    assert parse_fee(text) == Decimal(value)


@pytest.mark.parametrize("text", ["4,500", "4,5,0", "1.000,50", "4,", "-4,50", "4.5,0"])
def test_a_comma_that_is_not_one_decimal_sign_is_refused(text: str) -> None:
    with pytest.raises(LimitError, match="prize"):
        parse_amount(text, "prize")
    with pytest.raises(LimitError, match="entry fee"):
        parse_fee(text)


def test_the_decimal_point_is_what_is_kept() -> None:
    assert decimal_point(" 0,5 ") == "0.5"
    assert decimal_point("split") == "split"
    assert decimal_point("1,2,3") == "1,2,3"  # a list: its parser refuses it or splits it
