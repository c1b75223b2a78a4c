"""A groups -> knockout night from the director's page: the pools paired, the knockout
refused while a pool match has no result (nothing written), then started; both stages'
pages served live under /site/, in-process and by a real server on a port."""

from __future__ import annotations

import shutil
import urllib.request
from pathlib import Path

from tests.cli.conftest import Cli
from tests.integration.live_server import live_server
from tests.web.conftest import Night, serving
from tourney.tournament.streams import tournament_stream

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay")


def _adjudicate_round(night: Night, csrf: str) -> None:
    loaded = night.server.night.loaded()
    assert loaded is not None
    state = loaded.state
    for match in state.round_matches(len(state.rounds)):
        if match.outcome is None:
            done = night.client.post(
                "/director/adjudicate",
                data={"match": match.match_id, "scores": "61,20", "sides": "1",
                      "reason": "scoresheet", "csrf": csrf},
            )  # fmt: skip
            assert done.status_code == 200, done.text


def test_the_director_pairs_both_stages_and_the_pages_follow(
    tmp_path: Path, template_db: Path
) -> None:
    path = tmp_path / "groups.db"
    shutil.copyfile(template_db, path)
    cli = Cli(str(path))
    cli.ok(
        "tournament", "create", "Club Cup", "--format", "groups", "--table-size", "2",
        "--pools", "2", "--advance", "2", "--seeding", "registration",
    )  # fmt: skip
    for name in NAMES:
        cli.ok("player", "add", name)
    with serving(str(path)) as night:
        night.sign_in()
        csrf = night.csrf("/director")
        for number in range(1, 4):  # pools of 3: three rounds, a bye each
            done = night.client.post("/director/pair", data={"csrf": csrf})
            assert "published:" in done.text, done.text
            if number < 3:
                _adjudicate_round(night, csrf)
        stream = tournament_stream("club-cup")
        before = night.server.store.stream_version(stream)
        refused = night.client.post("/director/pair", data={"csrf": csrf})
        assert refused.status_code == 409
        assert "the pools are unfinished" in refused.text
        assert night.server.store.stream_version(stream) == before
        _adjudicate_round(night, csrf)
        done = night.client.post("/director/pair", data={"csrf": csrf})
        assert "published:" in done.text
        loaded = night.server.night.loaded()
        assert loaded is not None and loaded.state.groups.knockout is not None
        semis = [loaded.state.matches[t.match_id].sides for t in loaded.state.rounds[-1].tables]
        assert len(semis) == 2
        for sides in semis:
            pools = {loaded.state.groups.pool_of(e) for e in sides}
            assert len(pools) == 2  # A1 v B2, B1 v A2
        pools_page = night.client.get("/site/pools.html")
        assert pools_page.status_code == 200
        assert 'id="pool-A"' in pools_page.text and 'id="knockout-notes"' in pools_page.text
        bracket = night.client.get("/site/bracket.html")
        assert bracket.status_code == 200 and "Stage 2 of 2" in bracket.text
        with live_server(night.server) as base:
            for page in ("pools.html", "bracket.html", "index.html"):
                with urllib.request.urlopen(f"{base}/site/{page}", timeout=30) as answer:
                    text = answer.read().decode("utf-8")
                    assert answer.status == 200
                    assert 'href="pools.html"' in text and 'href="bracket.html"' in text
