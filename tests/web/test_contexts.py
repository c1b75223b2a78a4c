"""One English word, two meanings: a domino "Pass" (a turn given up: «пропуск хода»,
"passa") and the auction's "Pass" («пас», "passo") are two catalog entries told apart by
their context (msgctxt), and each page shows its own."""

from __future__ import annotations

from tests.web.conftest import Night
from tests.web.phone import Phone
from tourney.i18n import page_p, using
from tourney.web.language import COOKIE


def test_a_pass_in_the_auction_is_not_a_domino_pass() -> None:
    with using("ru"):
        assert page_p("the auction", "Pass") == "Пас"
        assert page_p("dominoes: no tile can be placed", "Pass") == "Пропустить ход"
        assert page_p("the auction", "{who} passed").format(who="Вера") == "Вера: пас"
    with using("it"):
        assert page_p("the auction", "Pass") == "Passo"
        assert page_p("dominoes: no tile can be placed", "Pass") == "Passa"


def test_the_auction_button_says_pass_as_a_card_table_does(card_night: Night) -> None:
    card_night.client.cookies.set(COOKIE, "ru")
    phone = Phone(card_night.client, card_night.link(1))
    phone.look()
    phone.tap("deal")
    page = phone.look()
    assert 'data-move="pass">Пас</button>' in page, page
    assert "Пропустить ход" not in page
