"""A Racehorse night in Russian: every view of a card table's phone page while a whole match
is recorded, and the published site with its card scoresheets, keep no English string of the
pages' catalog (the deal, the auction, the pitcher and trump, the trick, the payments)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.integration.test_languages_browser import english_left
from tests.web.conftest import Night, a_card_match
from tests.web.phone import Phone
from tourney.web.language import COOKIE
from tourney.web.table_routes import move_value

pytestmark = pytest.mark.slow


def shown(page: str) -> str:
    """A page's text as its reader sees it (no markup, styles or scripts), without what is
    shown as it was recorded (data-recorded: an old note of a shape no longer known)."""
    page = re.sub(r"<(style|script|svg)[^>]*>.*?</\1>", "", page, flags=re.S)
    page = re.sub(r"<(\w+)[^>]*\bdata-recorded\b[^>]*>.*?</\1>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page))


def test_a_card_table_and_its_sheets_in_russian(card_night: Night, tmp_path: Path) -> None:
    card_night.cli.ok("tournament", "language", "ru")
    card_night.client.cookies.set(COOKIE, "ru")
    players = card_night.seats(1)
    phone = Phone(card_night.client, card_night.link(1))
    left: dict[str, list[str]] = {}
    for number, event in enumerate(a_card_match(players)):
        page = phone.look()
        assert '<html lang="ru">' in page
        found = english_left(shown(page), "ru")
        if found:
            left.setdefault(str(number), found)
        move, _ = move_value(event, players)
        phone.tap(move)
    assert "Результат:" in phone.look()
    assert not left, f"English left on the card table's page: {left}"

    site = tmp_path / "site"
    card_night.cli.ok("publish", str(site))
    pages = sorted(site.glob("*.html"))
    for path in pages:
        text = path.read_text(encoding="utf-8")
        assert '<html lang="ru">' in text, path.name
        found = english_left(shown(text), "ru")
        assert not found, f"{path.name}: {found}"
    sheets = (site / "round-1-scoresheets.html").read_text(encoding="utf-8")
    assert "Разыгрывающий" in sheets and "Заявка" in sheets and "Сдача" in sheets
