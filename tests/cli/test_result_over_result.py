"""Issue 32 item 1 at the CLI: `director result`, `adjudicate`, `forfeit` and `no-show` on a
table that already has a result are refused unless --replace, the one-line refusal quoting
that result and naming --replace, the database untouched; replaced, the first result stays
in the table's story (`pairings`, `show`, the published pages)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Build, Cli, refused

FIRST = {
    "paper": ("director", "result", "T1", "--scores", "Ann=61,Bo=40"),
    "adjudicated": (
        "director", "adjudicate", "T1", "--scores", "Ann=61,Bo=40", "--reason", "lights out",
    ),
    "forfeit": ("director", "forfeit", "T1", "--sides", "Bo", "--others", "share"),
    "no-show": ("director", "no-show", "T1", "Bo", "--others", "share"),
}  # fmt: skip
"""Every way a director gives table 1 (Ann v Bo) a result, Ann winning."""

SECOND = {
    "result": ("director", "result", "T1", "--scores", "Ann=12,Bo=61"),
    "adjudicate": (
        "director", "adjudicate", "T1", "--scores", "Ann=12,Bo=61", "--reason", "sheet misread",
    ),
    "forfeit": ("director", "forfeit", "T1", "--sides", "Ann", "--reason", "rude"),
    "no-show": ("director", "no-show", "T1", "Ann"),
}  # fmt: skip


@pytest.fixture
def night(build: Build) -> Cli:
    cli = build(
        ("tournament", "create", "Night", "--table-size", "2", "--rounds", "2"),
        *(("player", "add", name) for name in ("Ann", "Bo", "Cy", "Di")),
        ("pair",),
    )
    table = json.loads(cli.ok("pairings", "--json").stdout)["tables"][0]
    assert table["seats"] == ["Ann", "Bo"], table
    return cli


def story(cli: Cli) -> str:
    table = json.loads(cli.ok("pairings", "--json").stdout)["tables"][0]
    return str(table["result"])


@pytest.mark.parametrize("first", list(FIRST))
@pytest.mark.parametrize("second", list(SECOND))
def test_a_result_over_a_result_is_refused_then_replaced_with_replace(
    night: Cli, first: str, second: str
) -> None:
    night.ok(*FIRST[first])
    standing = story(night)
    line = refused(night, *SECOND[second], message="already has a result")
    assert standing in line and "--replace" in line
    assert "Ann" in line and ("61-40" in line or "0-0" in line)
    night.ok(*SECOND[second], "--replace")
    told = story(night)
    assert told.startswith("result replaced by the director: ")
    assert f"replaced: {standing}" in told
    assert "replaced: " in night.ok("show", "T1").stdout


def test_the_replaced_result_is_on_every_page(night: Cli, tmp_path: Path) -> None:
    night.ok(*FIRST["paper"])
    night.ok(*SECOND["adjudicate"], "--replace")
    site = tmp_path / "site"
    night.ok("publish", str(site))
    pages = {p.name: p.read_text(encoding="utf-8") for p in site.glob("*.html")}
    sheet = next(text for name, text in pages.items() if name.startswith("match-"))
    assert "replaced: Ann won (61-40) [paper scoresheet]" in sheet
    assert "replaced: Ann won (61-40) [paper scoresheet]" in pages["round-1.html"]
    assert "R" in pages["wall-chart.html"]


def test_replace_on_a_table_without_a_result_changes_nothing(night: Cli) -> None:
    """--replace says only that replacing is meant: a first result goes in with or without."""
    night.ok(*SECOND["adjudicate"], "--replace")
    assert "replaced" not in story(night)


def test_the_absent_player_needs_no_score_when_the_others_played_on(cli: Cli) -> None:
    """Issue 32 item 2's defect: after a no-show whose others play on, their result is
    given without a score for the absent (they played nothing: 0)."""
    cli.ok("tournament", "create", "Night", "--table-size", "3", "--rounds", "2")
    for name in ("Ann", "Bo", "Cy"):
        cli.ok("player", "add", name)
    cli.ok("pair")
    cli.ok("director", "no-show", "T1", "Bo")
    cli.ok("director", "result", "T1", "--scores", "Ann=61,Cy=20")
    assert story(cli) == "Ann won (61-0-20) [paper scoresheet; no-show: Bo]"
