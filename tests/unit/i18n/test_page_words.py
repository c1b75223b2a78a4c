"""The pages' words in each language: Russian's three plural forms, the browser's
Accept-Language read by its weights, numbers and dates as the language writes them, and the
language a render is in (one environment serves them all)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from tourney.i18n import (
    _,
    format_date,
    format_number,
    format_time,
    from_accept_language,
    local_decimal,
    npage_,
    page_,
    using,
)
from tourney.reports.render import environment, render

SHEETS = (
    "%(round)s: blank scoresheets (%(num)d table)",
    "%(round)s: blank scoresheets (%(num)d tables)",
)


@pytest.mark.parametrize(
    ("count", "russian"),
    [(1, "1\u00a0стол"), (2, "2\u00a0стола"), (5, "5\u00a0столов"), (21, "21\u00a0стол")],
)
def test_russian_counts_in_three_forms(count: int, russian: str) -> None:
    with using("ru"):
        text = npage_(*SHEETS, count) % {"round": "Тур 1", "num": count}
    assert text == f"Тур 1: пустые протоколы ({russian})"


def test_italian_and_english_count_in_two() -> None:
    with using("it"):
        assert "1\u00a0tavolo)" in npage_(*SHEETS, 1) % {"round": "T", "num": 1}
        assert "2\u00a0tavoli)" in npage_(*SHEETS, 2) % {"round": "T", "num": 2}
    assert npage_(*SHEETS, 1) == SHEETS[0]


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("ru-RU,ru;q=0.9,en-US;q=0.8", "ru"),
        ("uk-UA, ru;q=0.8, en;q=0.5", "ru"),  # Ukrainian first: not ours, Russian next
        ("en;q=0.5, it;q=0.9", "it"),  # by weight, not by order
        ("de-CH, fr;q=0.9", None),
        ("*", None),
        ("it;q=0", None),  # q=0: not acceptable
        ("", None),
        (None, None),
        ("ru;q=nonsense, it", "it"),
    ],
)
def test_accept_language(header: str | None, language: str | None) -> None:
    assert from_accept_language(header) == language


def test_numbers_dates_and_times_as_each_language_writes_them() -> None:
    evening = datetime(2026, 12, 1, 19, 5)
    with using("ru"):
        assert format_number(2.5) == "2,5"
        assert format_number(-12.346, 2) == "-12,35"
        assert local_decimal("-12.34") == "-12,34"
        assert "дек" in format_date(date(2026, 12, 1))
        assert format_time(evening) == "19:05"
    with using("it"):
        assert format_number(1234.5) == "1.234,5"
        assert "dic" in format_date(date(2026, 12, 1))
    with using("en"):
        assert format_number(1234.5) == "1,234.5"
        assert format_number(3, 2) == "3.00"


def test_a_small_whole_number_is_written_as_babel_writes_it_in_every_language() -> None:
    """`format_number` writes an int below a thousand without Babel (a one-shot command
    does not load its locale data): the same text Babel gives, in each language, and Babel
    still writes the rest (a thousand and up, fractions)."""
    from babel.numbers import format_decimal

    from tourney.i18n import LANGUAGES, babel_locale

    for language in LANGUAGES:
        with using(language):
            for value in [*range(-1100, 1100), 2.0, 12345]:
                expected = format_decimal(value, locale=babel_locale(language))
                assert format_number(value) == expected, (language, value)


def test_a_render_is_in_the_language_current_when_it_renders() -> None:
    context = {"message": "x", "back": None, "site_root": ""}
    with using("ru"):
        russian = render("web/refused.html", context)
    with using("it"):
        italian = render("web/refused.html", context)
    english = render("web/refused.html", context)
    assert '<html lang="ru">' in russian and "Не выполнено" in russian
    assert '<html lang="it">' in italian and "Non eseguito" in italian
    assert '<html lang="en">' in english and "Not done" in english
    with using("ru"):
        assert page_("Standings") == "Турнирная таблица"


def test_an_empty_word_stays_empty() -> None:
    """A status with nothing to say ("") is shown as nothing: gettext("") is the catalog's
    header, which a page once tried to show (and failed on its % signs)."""
    with using("ru"):
        assert page_("") == ""
        assert _("") == ""  # the CLI's catalog: the same lookup
        shown = environment().from_string("[{{ _(status) }}]").render(status="")
    assert shown == "[]"
