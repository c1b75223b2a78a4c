from __future__ import annotations

from tourney.wording import counted, plural


def test_one_is_singular_and_every_other_count_plural() -> None:
    assert counted(1, "round") == "1 round"
    assert counted(0, "round") == "0 rounds"
    assert counted(2, "match", "matches") == "2 matches"
    assert plural(1, "match", "matches") == "match"
