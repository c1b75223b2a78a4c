"""Issue 32 item 5: after `round repair`, or `round remove` then `pair`, a table link or a
page loaded before the correction never records on the new seating. The round is seated
anew, so its tables get new links; the old page's tap is refused (403, "this table was
paired again: scan the new card") and writes nothing; the new link records. Both games,
both corrections, over HTTP."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.conftest import Night, a_match
from tests.web.phone import Phone
from tests.web.test_attack_auth import events_digest
from tourney.web.table_routes import move_value

PAIRED_AGAIN = "this table was paired again: scan the new card"


def _repair(night: Night) -> None:
    night.cli.ok("round", "repair", "--reason", "a late entry")


def _remove_and_pair(night: Night) -> None:
    night.cli.ok("round", "remove", "1", "--reason", "wrong field")
    night.cli.ok("pair")


CORRECTIONS: dict[str, Callable[[Night], None]] = {
    "repair": _repair,
    "remove": _remove_and_pair,
}


def _first_move(night: Night, table: int) -> tuple[str, list[str]]:
    """What a phone at ``table`` taps first, for the seating of now."""
    if "card" in night.server.night.slug():  # type: ignore[operator]
        return "deal", []
    seats = night.seats(table)
    return move_value(a_match(seats)[0], seats)


def _old_page_is_refused(night: Night, correction: str) -> None:
    night.server.feed.step()
    old_link = night.link(1)
    old = Phone(night.client, old_link)
    old.look()  # the page as a phone held it before the correction
    CORRECTIONS[correction](night)
    night.server.feed.step()
    new_link = night.link(1)
    assert new_link != old_link  # the new seating's table, a new link
    move, tiles = _first_move(night, 1)
    before = events_digest(night.cli.db)
    refused = old.tap(move, tiles, expect=403)
    assert PAIRED_AGAIN in refused.text
    assert events_digest(night.cli.db) == before
    page = night.client.get(old_link)  # reloaded, the old link says the same
    assert page.status_code == 403 and PAIRED_AGAIN in page.text
    assert night.client.get(old_link + "/state").status_code == 403
    fresh = Phone(night.client, new_link)
    fresh.look()
    fresh.tap(move, tiles)  # the new card records


@pytest.mark.parametrize("correction", list(CORRECTIONS))
def test_an_old_horse_race_page_never_records_on_the_new_seating(
    night: Night, correction: str
) -> None:
    _old_page_is_refused(night, correction)


@pytest.mark.parametrize("correction", list(CORRECTIONS))
def test_an_old_racehorse_page_never_records_on_the_new_seating(
    card_night: Night, correction: str
) -> None:
    _old_page_is_refused(card_night, correction)


def test_a_first_seatings_link_is_as_it_always_was(night: Night) -> None:
    """A round seated once keeps the links printed before this change (no new part)."""
    from tourney.web.tokens import read_token

    token = read_token(night.server.night.signer, night.link(1).removeprefix("/t/"))
    assert token.text() == "club-night:1:1:0"
