"""The layout: attach points, spinners, errors quoting the tile and its target."""

from __future__ import annotations

import pytest

from tests.support import t
from tourney.games.horserace import Layout, RuleError


def build(*steps: tuple[str, str | None]) -> Layout:
    layout = Layout()
    for tile, on in steps:
        target = None if on is None else t(on)
        layout.place(t(tile), target, layout.check(t(tile), target))
    return layout


def kinds(layout: Layout, tile: str) -> list[str]:
    return [p.kind for p in layout.attach_points() if str(p.tile) == tile]


def test_opening_double_has_two_free_linear_sides_and_no_branches() -> None:
    layout = build(("3-3", None))
    assert kinds(layout, "3-3") == ["linear", "linear"]
    assert layout.ends == 6


def test_placed_double_joins_one_linear_side_and_offers_the_other() -> None:
    layout = build(("2-3", None), ("3-3", "2-3"))
    assert kinds(layout, "3-3") == ["linear"]
    assert layout.ends == 2 + 6


def test_placement_on_a_double_uses_the_free_linear_side_before_branches() -> None:
    layout = build(("3-3", None), ("3-4", "3-3"))
    assert kinds(layout, "3-3") == ["linear"]
    layout = build(("3-3", None), ("3-4", "3-3"), ("3-5", "3-3"))
    assert kinds(layout, "3-3") == ["branch", "branch"]
    assert layout.ends == 4 + 5  # the double counts nothing once both linear sides are taken


def test_double_placed_on_a_branch_is_a_spinner_too() -> None:
    layout = build(("3-3", None), ("3-4", "3-3"), ("3-5", "3-3"), ("1-3", "3-3"), ("1-1", "1-3"))
    assert kinds(layout, "1-1") == ["linear"]
    assert layout.ends == 4 + 5 + 2
    layout = build(
        ("3-3", None),
        ("3-4", "3-3"),
        ("3-5", "3-3"),
        ("1-3", "3-3"),
        ("1-1", "1-3"),
        ("1-2", "1-1"),
    )
    assert kinds(layout, "1-1") == ["branch", "branch"]


def test_spinner_full_after_four_placements() -> None:
    layout = build(("3-3", None), ("3-4", "3-3"), ("3-5", "3-3"), ("1-3", "3-3"), ("2-3", "3-3"))
    assert kinds(layout, "3-3") == []
    with pytest.raises(RuleError, match=r"3-3 has no free attach point left"):
        layout.check(t("0-3"), t("3-3"))
    assert list(layout.targets(t("0-3"))) == []
    assert not layout.fits(t("0-3"))


def test_taken_end_of_a_non_double_is_refused() -> None:
    layout = build(("2-3", None), ("3-4", "2-3"))
    with pytest.raises(RuleError, match=r"the 3 end of 2-3 is already taken"):
        layout.check(t("3-5"), t("2-3"))


@pytest.mark.parametrize(
    ("tile", "on", "message"),
    [
        ("2-3", "5-6", "2-3 is already on the table"),
        ("1-1", "4-4", "4-4 is not on the table"),
        ("1-1", "2-3", "1-1 does not match 2-3"),
        ("1-2", None, "'on' is missing: 1-2 is not the opening tile"),
    ],
)
def test_refusals_quote_the_tiles(tile: str, on: str | None, message: str) -> None:
    layout = build(("2-3", None))
    before = (layout.ends, len(layout), layout.attach_points())
    with pytest.raises(RuleError) as info:
        layout.check(t(tile), None if on is None else t(on))
    assert str(info.value) == message
    assert (layout.ends, len(layout), layout.attach_points()) == before


def test_opening_tile_placed_on_something_is_refused() -> None:
    with pytest.raises(RuleError, match="the table is empty: the opening tile 2-3"):
        Layout().check(t("2-3"), t("3-3"))


def test_targets_lists_each_tile_a_placement_may_join() -> None:
    layout = build(("3-3", None), ("3-4", "3-3"), ("1-4", "3-4"))
    # [3|5] fits the free linear side of [3|3]; [1|3] also fits the 1 end of [1|4]
    assert list(layout.targets(t("3-5"))) == [t("3-3")]
    assert set(layout.targets(t("1-3"))) == {t("3-3"), t("1-4")}
    assert list(layout.targets(t("5-6"))) == []


def test_zero_ends_count_as_ends() -> None:
    layout = build(("0-5", None))
    assert layout.ends == 5
    assert sorted(v for _, v in layout.contributions()) == [0, 5]


def test_copy_is_independent() -> None:
    layout = build(("3-3", None))
    copy = layout.copy()
    copy.place(t("3-4"), t("3-3"), copy.check(t("3-4"), t("3-3")))
    assert len(layout) == 1
    assert t("3-4") not in layout
    assert t("3-4") in copy


def test_ends_after_predicts_the_sum_for_every_target() -> None:
    layout = build(("3-3", None), ("3-4", "3-3"), ("4-4", "3-4"), ("2-3", "3-3"))
    for tile in ("3-5", "4-6", "2-2", "2-4", "1-3"):
        for on in layout.targets(t(tile)):
            copy = layout.copy()
            value = copy.check(t(tile), on)
            predicted = copy.ends_after(t(tile), on, value)
            assert copy.place(t(tile), on, value) == predicted
