"""The wall chart's cell reads "table, then result letters" ("T3 W", "С3 В"): in every
language each result letter is its own, and none is the letter that names the table (in
Russian "С" was both a director's decision and the table, "С3 С")."""

from __future__ import annotations

import pytest

from tourney.i18n import LANGUAGES, page_, using
from tourney.tournament.results.result_marks import letters


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_result_letter_is_its_own_and_not_the_table_s(language: str) -> None:
    with using(language):
        marks = letters()
        table = page_("T%(n)s") % {"n": ""}
    shown = list(marks.values())
    assert len(set(shown)) == len(shown), marks
    assert table not in shown, (table, marks)
