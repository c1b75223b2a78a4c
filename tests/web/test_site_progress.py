"""The standings page's chart of the evening's match points by round and the series page's
of the season's points by night (issue 36), as `serve` shows them and `publish` writes them:
the same page, in the tournament's language."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.web.conftest import Night, built, copied, serving
from tests.web.test_season_web import NAMES, season


def said(page: str, id_: str) -> str:
    """The chart's text equivalent (its aria-label)."""
    found = re.search(
        rf'<figure class="race progress" id="{id_}"><svg [^>]*aria-label="([^"]*)"', page
    )
    assert found, page
    return html.unescape(found.group(1))


def test_serve_and_publish_chart_the_evening_round_by_round(night: Night, tmp_path: Path) -> None:
    for table in (1, 2, 3):
        night.cli.ok("director", "result", f"T{table}", "--scores", "61,40")
    night.cli.ok("pair")
    night.cli.ok("director", "result", "T1", "--scores", "30,61")
    page = night.client.get("/site/standings.html").text
    text = said(page, "points-by-round")
    rows = json.loads(night.cli.ok("standings", "--json").stdout)["standings"]
    for row in rows:  # round 2 in play: its one result counts, the others not yet
        assert f"{html.unescape(row['name'])}: 0, " in text
        assert re.search(rf"{re.escape(row['name'])}: 0, [01], {row['match_points']}[;.]", text)
    night.cli.ok("publish", str(tmp_path / "site"))
    assert (tmp_path / "site" / "standings.html").read_text(encoding="utf-8") == page
    night.cli.ok("tournament", "language", "it")
    italian = night.client.get("/site/standings.html").text
    assert "Punti partita dopo ogni turno" in said(italian, "points-by-round")
    assert ">turno</text>" in italian and "<summary>In numeri</summary>" in italian


@pytest.fixture(scope="module")
def season_db(tmp_path_factory: pytest.TempPathFactory, template_db: Path) -> Path:
    return built(tmp_path_factory.mktemp("season") / "season.db", template_db, season)


def test_the_series_page_charts_the_season_night_by_night(season_db: Path, tmp_path: Path) -> None:
    db = copied(season_db, tmp_path / "season.db")
    with serving(db) as night:
        page = night.client.get("/site/series.html").text
        text = said(page, "points-by-night")
        table = json.loads(Cli(db).ok("series", "standings", "--json").stdout)["standings"]
        for row in table:  # Week 1's places:10,7,5,3, Week 2 not played yet
            assert f"{row['name']}: 0, {row['total']}, {row['total']}" in text
        assert {row["name"] for row in table} == set(NAMES)
        assert ">night</text>" in page
        Cli(db).ok("tournament", "language", "ru")
        russian = night.client.get("/site/series.html").text
        assert "Очки серии после каждого вечера" in said(russian, "points-by-night")
        assert ">вечер</text>" in russian and '<th class="num">В1</th>' in russian
