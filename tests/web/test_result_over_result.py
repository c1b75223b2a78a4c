"""Issue 32 item 1 on the director's page: a table that has a result shows it beside each
ruling's form with a box to replace it; a ruling sent without the box ticked is refused
with the result quoted and writes nothing; ticked, it is recorded and the page keeps the
replaced result in the table's story."""

from __future__ import annotations

import html

import pytest

from tests.web.conftest import Night
from tests.web.test_attack_auth import events_digest

MATCH = "club-night-r1-t1"


def _rule_box(page: str) -> str:
    start = page.index(f'data-match="{MATCH}"')
    return page[start : page.index("</details>", start)]


RULINGS: dict[str, dict[str, object]] = {
    "/director/adjudicate": {"scores": ["3", "61"], "reason": "sheet misread"},
    "/director/result": {"scores": ["3", "61"]},
    "/director/forfeit": {"sides": "1", "others": "share", "reason": "rude"},
    "/director/no-show": {"players": "FIRST", "others": "share"},
}


@pytest.mark.parametrize("path", list(RULINGS))
def test_a_ruling_over_a_result_needs_the_box_ticked(night: Night, path: str) -> None:
    first = night.seats(1)[0]
    night.cli.ok("director", "result", "T1", "--scores", "61,40")
    night.sign_in()
    page = night.client.get("/director").text
    standing = f"{first} won (61-40) [paper scoresheet]"
    box = _rule_box(page)
    assert html.escape(f"replace the result it has: {standing}") in box
    assert box.count('name="replace"') == 4  # beside every ruling that would replace it
    data = {k: first if v == "FIRST" else v for k, v in RULINGS[path].items()}
    data = {**data, "match": MATCH, "csrf": night.csrf("/director")}
    before = (events_digest(night.cli.db), night.server.store.max_position())
    refused = night.client.post(path, data=data)
    assert refused.status_code == 409, refused.text
    assert "already has a result" in refused.text and html.escape(standing) in refused.text
    assert (events_digest(night.cli.db), night.server.store.max_position()) == before
    done = night.client.post(path, data={**data, "replace": "on"}, follow_redirects=False)
    assert done.status_code == 303, done.text
    summary = _rule_box(night.client.get("/director").text)
    assert html.escape(f"replaced: {standing}") in summary


def test_a_table_without_a_result_offers_no_replace_box(night: Night) -> None:
    night.sign_in()
    box = _rule_box(night.client.get("/director").text)
    assert "replace the result it has" not in box
