"""The director's page drafts a Swiss round, swaps two players with a reason on record
and publishes it, when its tables open (issue 25: pairings reviewed before they go out)."""

from __future__ import annotations

import html
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.web.conftest import Night, serving
from tourney.tournament.streams import tournament_stream


@pytest.fixture
def unpaired(tmp_path: Path, template_db: Path) -> Iterator[Night]:
    path = tmp_path / "draft.db"
    shutil.copyfile(template_db, path)
    cli = Cli(str(path))
    cli.ok("tournament", "create", "Draft Night", "--table-size", "2")
    for name in ("Ann", "Bo", "Cy", "Di", "Ed"):
        cli.ok("player", "add", name)
    with serving(str(path)) as night:
        night.sign_in()
        yield night


def test_a_draft_is_swapped_then_published_from_the_page(unpaired: Night) -> None:
    night = unpaired
    csrf = night.csrf("/director")
    page = night.client.post("/director/draft", data={"draft": "make", "csrf": csrf}).text
    assert 'id="draft"' in page and "Draft of round 1" in page
    loaded = night.server.night.loaded()
    assert loaded is not None and loaded.state.rounds == ()
    page = night.client.post(
        "/director/draft",
        data={"draft": "swap", "first": "p1", "second": "p5", "reason": "came together",
              "csrf": csrf},
    ).text  # fmt: skip
    assert "swapped Ann and Ed: came together" in html.unescape(page)
    page = night.client.post("/director/draft", data={"draft": "publish", "csrf": csrf}).text
    assert 'id="draft"' not in page and 'class="table-link"' in page
    loaded = night.server.night.loaded()
    assert loaded is not None and len(loaded.state.rounds) == 1
    assert loaded.state.rounds[0].byes == ("p1",)


def test_a_swap_without_a_reason_is_refused_and_writes_nothing(unpaired: Night) -> None:
    night = unpaired
    csrf = night.csrf("/director")
    night.client.post("/director/draft", data={"draft": "make", "csrf": csrf})
    stream = tournament_stream("draft-night")
    before = night.server.store.stream_version(stream)
    refused = night.client.post(
        "/director/draft",
        data={"draft": "swap", "first": "p1", "second": "p2", "reason": "", "csrf": csrf},
    )
    assert refused.status_code == 409 and "a swap needs a reason" in refused.text
    assert night.server.store.stream_version(stream) == before
