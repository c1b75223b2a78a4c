"""`tourney publish DIR` replaces only a site it published there: every other folder is
refused with one line, exit 1, and nothing written or removed — the database above all.

Issue 11 item 1: `publish .` printed "Published 25 files" and deleted tourney.db with every
other file of the working folder; `publish /x/p2 --db /x/p2/data/tourney.db` deleted data/.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.scenarios.conftest import Folder
from tourney.reports.site_folder import MANIFEST


def site_files(site: Path) -> list[str]:
    manifest = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    return sorted(manifest["files"])


def test_publish_dot_with_the_database_there_is_refused(club: Folder) -> None:
    (club.path / "notes.txt").write_text("minutes of the meeting", encoding="utf-8")
    club.refused("publish", ".", message="cannot publish into .: it holds the database")


def test_publish_data_dotdot_is_the_folder_holding_the_database(club: Folder) -> None:
    (club.path / "data").mkdir()
    (club.path / "tourney.db").rename(club.path / "data" / "tourney.db")
    club.refused("publish", "data/..", "--db", "data/tourney.db", message="it holds the database")
    club.refused(
        "publish", str(club.path), "--db", "data/tourney.db", message="it holds the database"
    )


def test_publish_dotdot_from_below_the_database_is_refused(club: Folder) -> None:
    below = club.path / "work"
    below.mkdir()
    club.refused(
        "publish", "..", "--db", "../tourney.db", cwd=below, message="it holds the database"
    )


def test_publish_dotdot_holding_the_working_folder_is_refused(club: Folder) -> None:
    # The database elsewhere (as with PostgreSQL): `..` still holds the working folder.
    (club.path / "db").mkdir()
    (club.path / "tourney.db").rename(club.path / "db" / "tourney.db")
    deep = club.path / "a" / "b"
    deep.mkdir(parents=True)
    database = str(club.path / "db" / "tourney.db")
    club.refused("publish", "..", "--db", database, cwd=deep, message="the working folder")
    club.refused("publish", ".", "--db", database, cwd=deep, message="the working folder")


def test_the_database_deep_inside_the_target_is_refused(club: Folder) -> None:
    deep = club.path / "out" / "data" / "2026"
    deep.mkdir(parents=True)
    (club.path / "tourney.db").rename(deep / "tourney.db")
    club.refused(
        "publish", "out", "--db", "out/data/2026/tourney.db", message="it holds the database"
    )


def test_a_folder_with_a_stray_file_is_refused_naming_it(club: Folder) -> None:
    site = club.path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>my own page</p>", encoding="utf-8")
    (site / "photos").mkdir()
    club.refused("publish", "site", message="it holds files tourney did not publish (index.html")
    done = club.refused("publish", "site", message="photos/")
    assert "choose a new or empty folder" in done.stderr


def test_a_stray_file_in_a_published_site_is_refused_naming_it(published_club: Folder) -> None:
    club = published_club
    (club.path / "site" / "notes.txt").write_text("mine", encoding="utf-8")
    club.refused("publish", "site", message="it holds notes.txt")


def test_a_published_page_changed_by_hand_is_not_overwritten(published_club: Folder) -> None:
    club = published_club
    with (club.path / "site" / "index.html").open("a", encoding="utf-8") as page:
        page.write("<!-- the director's note -->\n")
    club.refused("publish", "site", message="index.html was changed after tourney published it")


def test_a_symlink_as_target_is_refused(published_club: Folder) -> None:
    club = published_club
    (club.path / "link").symlink_to("site")
    (club.path / "to-db").symlink_to(".")
    club.refused("publish", "link", message="it is a symbolic link (to site)")
    club.refused("publish", "to-db", message="it is a symbolic link")


def test_a_file_as_target_is_refused(club: Folder) -> None:
    (club.path / "page.html").write_text("<p>hello</p>", encoding="utf-8")
    club.refused("publish", "page.html", message="it is a file, not a folder")
    club.refused("publish", "tourney.db", message="it is a file, not a folder")


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("/", "it is the root of the filesystem"),
        ("/proc", "it is a mount point"),
        ("/sys", "it is a mount point"),
        ("/proc/tourney-site", "cannot write in /proc"),
        ("/sys/tourney-site", "cannot write in /sys"),
    ],
)
def test_system_folders_are_refused_in_one_line(club: Folder, target: str, message: str) -> None:
    club.refused("publish", target, message=message)


def test_republishing_over_its_own_previous_output_works(club: Folder, tmp_path: Path) -> None:
    first = club.ok("publish", "site")
    assert "Published" in first.stdout
    site = club.path / "site"
    pages = site_files(site)
    assert sorted(p.name for p in site.iterdir()) == sorted([MANIFEST, *pages])
    # A new look for every page, then back: the folder is replaced whole each time.
    templates = tmp_path / "look"
    templates.mkdir()
    (templates / "site.css").write_text("body { color: teal }\n", encoding="utf-8")
    club.ok("publish", "site", "--templates", str(templates))
    assert (site / "site.css").read_text(encoding="utf-8") == "body { color: teal }\n"
    club.ok("publish", "site")
    assert "teal" not in (site / "site.css").read_text(encoding="utf-8")
    assert sorted(p.name for p in site.iterdir()) == sorted([MANIFEST, *pages])
    # Nothing is left beside it, and the database is where it was.
    assert sorted(p.name for p in club.path.iterdir()) == ["site", "tourney.db"]


def test_an_empty_folder_is_published_into_and_a_missing_one_made(club: Folder) -> None:
    (club.path / "empty").mkdir()
    club.ok("publish", "empty")
    assert (club.path / "empty" / "index.html").is_file()
    club.ok("publish", "new/deeper/site")
    assert (club.path / "new" / "deeper" / "site" / "index.html").is_file()


def test_a_leftover_is_removed_only_when_tourney_marked_it(published_club: Folder) -> None:
    club = published_club
    # What a publish killed half-way leaves: a marked folder beside the site...
    marked = club.path / ".site.new-killed1"
    shutil.copytree(club.path / "site", marked)
    # ... and a folder of the same shape that is somebody else's.
    foreign = club.path / ".site.new-mine"
    foreign.mkdir()
    (foreign / "keep.txt").write_text("mine", encoding="utf-8")
    club.ok("publish", "site")
    assert not marked.exists()
    assert (foreign / "keep.txt").read_text(encoding="utf-8") == "mine"


def unshare_works() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = ["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o ro tmpfs /mnt"]
    return subprocess.run(probe, capture_output=True, check=False).returncode == 0


@pytest.mark.skipif(not unshare_works(), reason="needs unshare and mount (Linux namespaces)")
def test_a_read_only_filesystem_is_refused_in_one_line(club: Folder) -> None:
    """A new site on a read-only mount, and a site published before whose folder is now
    read-only: mounted in a mount namespace of the test's own (nothing leaks out)."""
    club.ok("publish", "old/site")
    (club.path / "readonly").mkdir()
    script = (
        "mount -t tmpfs -o ro tmpfs readonly && mount --bind old old && "
        'mount -o remount,bind,ro old && exec "$@"'
    )
    for target in ("readonly/site", "old/site"):
        done = club.refused(
            "publish", target, wrap=["unshare", "-rm", "sh", "-c", script, "sh"],
            message="Read-only file system",
        )  # fmt: skip
        assert f"cannot publish into {target}" in done.stderr
