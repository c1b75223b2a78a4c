"""Where tourney writes on request (issue 23, item 13): never into a site it published (the
site's manifest would no longer match, and `publish` would refuse it), never into the
working folder for want of a path, and nothing at all when it refuses."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.scenarios.conftest import (
    Folder,
    club,
    club_db,
    published_club,
    published_club_folder,
    tree,
)
from tourney.cli.app import app
from tourney.errors import TourneyError

__all__ = ["club", "club_db", "published_club", "published_club_folder"]

MATCH = "club-night-r1-t1"


def test_nothing_is_written_into_a_published_site(published_club: Folder) -> None:
    club = published_club
    published = "is a site tourney published (it holds .tourney-site.json); write outside it"
    for args in (
        ["db", "backup", "site/"],
        ["db", "backup", "site/copy.db"],
        ["simulate", "--matches", "1", "--out", "site"],
        ["simulate", "--matches", "1", "--out", "site/sims"],
        ["simulate", "--game", "racehorse", "--matches", "1", "--out", "site"],
        ["export", MATCH, "-o", "site/t1.jsonl"],
        ["export", MATCH, "-o", "site/standings.html", "--force"],
    ):
        club.refused(*args, message=published)
    club.ok("publish", "site")  # still tourney's own site
    (club.path / "backups").mkdir()
    club.ok("db", "backup", "backups/")  # anywhere else is fine


def test_db_backup_needs_a_path(club: Folder) -> None:
    for empty in ("", " "):
        club.refused("db", "backup", empty, message="db backup: no path given")


def test_a_refused_simulation_writes_no_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Refused before its first record (here, by the engine), `simulate --out` leaves no
    folder behind."""
    from tourney.games.horserace import face as dominoes

    def refuse(*_args: object, **_kwargs: object) -> object:
        raise TourneyError("refused by the engine")

    monkeypatch.setattr(dominoes.simulation, "simulate_match", refuse)
    monkeypatch.chdir(tmp_path)
    before = tree(tmp_path)
    result = CliRunner().invoke(app, ["simulate", "--matches", "2", "--out", "sims/deep"])
    assert result.exit_code == 1
    assert result.stderr == "error: refused by the engine\n"
    assert tree(tmp_path) == before
