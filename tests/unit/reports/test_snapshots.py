"""Rendered pages of small seeded tournaments, compared byte for byte with stored snapshots.

Regenerate after a deliberate change with ``TOURNEY_UPDATE_SNAPSHOTS=1 pytest
tests/unit/reports/test_snapshots.py`` and review the diff before committing it.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from tests.factories.demo_site import DemoTournament, demo_tournament, publish_demo
from tourney.reports.replay import unpacked

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
UPDATE = os.environ.get("TOURNEY_UPDATE_SNAPSHOTS") == "1"

SWISS_PAGES = (
    "site.css",
    "index.html",
    "standings.html",
    "standings.md",
    "standings.csv",
    "standings.json",
    "round-1.html",
    "round-1-scoresheets.html",
    "round-1-table-cards.html",
    "wall-chart.html",
    "match-snapshot-swiss-r2-t1.html",
)
CUP_PAGES = ("index.html", "bracket.html", "round-3.html")


def _swiss() -> DemoTournament:
    return demo_tournament(11, players=7, rounds=2, table_size=3, name="Snapshot Swiss")


def _cup() -> DemoTournament:
    return demo_tournament(
        12, players=5, format="elimination", table_size=2, third_place=True, name="Snapshot Cup"
    )


PACKED = re.compile(r'(<script type="application/octet-stream" id="replay-data"[^>]*>)([^<]*)')


def readable(page: str) -> str:
    """``page`` with its replay's positions unpacked into JSON, a line each: the snapshot
    reads in a diff, and another zlib build's deflate (other bytes, the same positions)
    matches it too."""

    def unpack(found: re.Match[str]) -> str:
        data = unpacked(found.group(2))
        lines = [json.dumps({k: v for k, v in data.items() if k != "positions"})]
        lines += [json.dumps(p, ensure_ascii=False) for p in data["positions"]]
        return found.group(1) + "\n".join(lines)

    return PACKED.sub(unpack, page)


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("snapshots")
    publish_demo(root / "swiss", _swiss())
    publish_demo(root / "cup", _cup())
    return {"swiss": root / "swiss", "cup": root / "cup"}


@pytest.mark.parametrize(
    ("site", "page"),
    [("swiss", p) for p in SWISS_PAGES] + [("cup", p) for p in CUP_PAGES],
)
def test_rendered_page_matches_its_snapshot(sites: dict[str, Path], site: str, page: str) -> None:
    rendered = readable((sites[site] / page).read_bytes().decode("utf-8")).encode("utf-8")
    snapshot = SNAPSHOTS / site / page
    if UPDATE:
        snapshot.parent.mkdir(parents=True, exist_ok=True)
        snapshot.write_bytes(rendered)
    assert snapshot.is_file(), (
        f"no snapshot {snapshot}: run with TOURNEY_UPDATE_SNAPSHOTS=1 to write it"
    )
    expected = snapshot.read_bytes()
    assert rendered.decode("utf-8") == expected.decode("utf-8"), f"{site}/{page} differs"
