from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.factories.demo_site import DemoTournament, publish_demo
from tourney.reports import paths
from tourney.reports.publish import from_replays, publish
from tourney.reports.render import TemplateError
from tourney.reports.site_folder import MANIFEST, PublishError, read_manifest


def _links(html: str) -> set[str]:
    hrefs = re.findall(r'(?:href|src)="([^"]*)"', html)  # a page's script is reached too
    return {h.split("#")[0] for h in hrefs if h.split("#")[0]}


def test_the_site_has_every_report_and_the_index_links_them(
    tmp_path: Path, swiss: DemoTournament
) -> None:
    site = tmp_path / "site"
    files = publish_demo(site, swiss)
    names = {f.name for f in files}
    assert all(f.parent == site and f.is_file() for f in files)
    expected = {"index.html", "wall-chart.html", "site.css", "replay.js"} | {
        f"standings.{x}" for x in ["html", "md", "csv", "json"]
    }
    for number in (1, 2, 3):
        expected |= {
            paths.round_page(number),
            paths.scoresheets_page(number),
            paths.cards_page(number),
        }
    expected |= {paths.match_page(m) for m in swiss.matches}
    assert names == expected
    assert "bracket.html" not in names
    index = (site / "index.html").read_text(encoding="utf-8")
    reachable = _links(index)
    for page in [site / n for n in names if n.endswith(".html")]:
        reachable |= _links(page.read_text(encoding="utf-8"))
    assert names - reachable <= {"index.html"}
    assert reachable <= names
    assert json.loads((site / "standings.json").read_text(encoding="utf-8"))["standings"]


def test_an_elimination_site_has_a_bracket(tmp_path: Path, cup: DemoTournament) -> None:
    files = publish_demo(tmp_path / "cup", cup)
    assert tmp_path / "cup" / "bracket.html" in files
    index = (tmp_path / "cup" / "index.html").read_text(encoding="utf-8")
    assert 'href="bracket.html"' in index


def test_matches_without_a_replay_get_no_sheet(tmp_path: Path, swiss: DemoTournament) -> None:
    some = dict(list(sorted(swiss.matches.items()))[:2])
    files = publish(tmp_path / "s", swiss.state, *from_replays(some, swiss.hashes))
    sheets = sorted(f.name for f in files if f.name.startswith("match-"))
    assert sheets == sorted(paths.match_page(m) for m in some)
    page = (tmp_path / "s" / sheets[0]).read_text(encoding="utf-8")
    assert "draws and passes were not supplied" in page
    assert swiss.hashes[sorted(some)[0]] in page


def test_a_new_site_replaces_the_old_one_whole(
    tmp_path: Path, swiss: DemoTournament, published_site: Callable[[str], Path]
) -> None:
    site = published_site("cup")
    assert (site / "bracket.html").is_file()
    files = publish_demo(site, swiss)
    assert sorted(p.name for p in site.iterdir()) == sorted([MANIFEST, *(f.name for f in files)])
    assert not (site / "bracket.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    manifest = read_manifest(site)
    assert manifest is not None and manifest.complete
    assert sorted(manifest.files) == sorted(f.name for f in files)


def test_a_folder_with_a_file_tourney_did_not_write_is_refused(
    tmp_path: Path, swiss: DemoTournament, published_site: Callable[[str], Path]
) -> None:
    site = published_site("swiss")
    (site / "notes.txt").write_text("mine", encoding="utf-8")
    before = {p.name: p.read_bytes() for p in site.iterdir()}
    with pytest.raises(PublishError, match=r"besides the site .* it holds notes.txt"):
        publish_demo(site, swiss)
    assert {p.name: p.read_bytes() for p in site.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_failed_publish_leaves_the_good_site_untouched(
    tmp_path: Path, swiss: DemoTournament, published_site: Callable[[str], Path]
) -> None:
    site = published_site("swiss")
    before = {p.name: p.read_bytes() for p in site.iterdir()}
    broken = tmp_path / "templates"
    broken.mkdir()
    (broken / "match_sheet.html").write_text("{% if %}", encoding="utf-8")
    with pytest.raises(TemplateError, match=r"match_sheet.html line 1: "):
        publish_demo(site, swiss, broken)
    assert {p.name: p.read_bytes() for p in site.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site", "templates"]
