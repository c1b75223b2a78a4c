"""A table the director closed (issue 25, defect 1): its page says how it was closed and
shows the result, with no move buttons, no confirmation and no undo — at a Horse Race
table and at a Racehorse table, for every ruling that closes a table."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import Night
from tests.web.phone import Phone

RULINGS = [
    ("/director/forfeit", {"sides": "2", "reason": "left early", "others": "share"}, "forfeit"),
    ("/director/adjudicate", {"scores": "61,40", "sides": "1", "reason": "slip"}, "adjudicated"),
    ("/director/void", {"reason": "wrong table"}, "void"),
]


def closed_page(night: Night, path: str, fields: dict[str, str], match: str) -> str:
    night.sign_in()
    csrf = night.csrf("/director")
    response = night.client.post(path, data={"match": match, "csrf": csrf, **fields})
    assert response.status_code == 200 and 'id="refusal"' not in response.text, response.text
    page = night.client.get(night.link(1))
    assert page.status_code == 200
    return page.text


@pytest.mark.parametrize(("path", "fields", "ruling"), RULINGS, ids=[r[2] for r in RULINGS])
def test_a_closed_table_says_how_and_shows_the_result(
    night: Night, path: str, fields: dict[str, str], ruling: str
) -> None:
    assert 'name="move"' in Phone(night.client, night.link(1)).look()
    page = closed_page(night, path, fields, "club-night-r1-t1")
    assert 'id="closed"' in page
    assert f"the director ruled {ruling}" in page
    assert 'name="move"' not in page  # no move, no confirmation, no undo
    assert 'id="result"' in page
    if ruling != "void":
        assert " won (" in page or "shared win" in page


def test_a_closed_racehorse_table_shows_no_card_buttons(card_night: Night) -> None:
    page = closed_page(card_night, "/director/void", {"reason": "wrong table"}, "card-night-r1-t1")
    assert 'id="closed"' in page and "the director ruled void (wrong table)" in page
    assert 'name="move"' not in page


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "ha deciso annullata (wrong table)"),
        ("ru", "решение судьи — аннулирован (wrong table)"),
    ],
)
def test_a_closed_table_says_the_ruling_in_the_readers_words(
    night: Night, lang: str, said: str
) -> None:
    """The ruling a closed table records is a code ('void'): its page says it in the
    reader's words, not the code."""
    closed_page(night, "/director/void", {"reason": "wrong table"}, "club-night-r1-t1")
    page = night.client.get(night.link(1), headers={"Accept-Language": lang}).text
    shown = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert said in shown, shown
