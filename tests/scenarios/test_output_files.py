"""Files written on request never overwrite a database, and overwrite another file only with
--force: `tourney export ID -o FILE` and `tourney simulate --out DIR`.

Issue 11 item 2: `tourney export K1 -o tourney.db` overwrote the database with JSON Lines;
`simulate --out DIR` overwrote the records already there.
"""

from __future__ import annotations

import shutil

import pytest

from tests.scenarios.conftest import Folder, tree

MATCH = "club-night-r1-t1"


def test_export_over_the_database_in_use_is_refused(club: Folder) -> None:
    for force in ([], ["--force"]):
        club.refused(
            "export", MATCH, "-o", "tourney.db", *force, message="tourney.db is the database in use"
        )
    # Its write-ahead log exists while a command has it open: that is the database too.
    club.refused(
        "export", MATCH, "-o", "tourney.db-wal", "--force", message="is the database in use"
    )
    # A hard link to it is the same file under another name.
    (club.path / "T1.jsonl").hardlink_to(club.path / "tourney.db")
    club.refused("export", MATCH, "-o", "T1.jsonl", "--force", message="is the database in use")


def test_export_over_any_sqlite_file_is_refused_even_with_force(club: Folder) -> None:
    shutil.copyfile(club.path / "tourney.db", club.path / "last-year.db")
    club.refused("export", MATCH, "-o", "last-year.db", "--force", message="is a SQLite database")
    (club.path / "record.jsonl").symlink_to("tourney.db")
    club.refused("export", MATCH, "-o", "record.jsonl", "--force", message="is the database")


def test_export_over_an_existing_file_needs_force(club: Folder) -> None:
    existing = club.path / "existing.jsonl"
    existing.write_text("an older record\n", encoding="utf-8")
    club.refused(
        "export",
        MATCH,
        "-o",
        "existing.jsonl",
        message="existing.jsonl already exists: add --force",
    )
    club.ok("export", MATCH, "-o", "existing.jsonl", "--force")
    assert existing.read_text(encoding="utf-8") == club.ok("export", MATCH).stdout
    # Written whole through a temporary file beside it, which is gone.
    assert sorted(p.name for p in club.path.iterdir()) == ["existing.jsonl", "tourney.db"]


def test_export_to_a_folder_or_a_missing_folder_is_refused(club: Folder) -> None:
    (club.path / "records").mkdir()
    club.refused("export", MATCH, "-o", "records", "--force", message="it is a folder")
    club.refused("export", MATCH, "-o", "nowhere/T1.jsonl", message="does not exist")


def test_export_to_a_new_file_works(club: Folder) -> None:
    club.ok("export", MATCH, "-o", "T1.jsonl")
    assert (club.path / "T1.jsonl").read_text(encoding="utf-8").startswith('{"type": "match_')


def test_simulate_over_existing_records_is_refused_then_forced(club: Folder) -> None:
    club.ok("simulate", "-n", "3", "--seed", "1", "--out", "sims")
    sims = club.path / "sims"
    (sims / "notes.txt").write_text("which seeds we tried", encoding="utf-8")
    (sims / "match-0009.jsonl").write_text("kept: not a record this run writes\n")
    first = tree(sims)
    done = club.refused(
        "simulate", "-n", "4", "--seed", "2", "--out", "sims",
        message="sims/ already holds 3 of the records this would write",
    )  # fmt: skip
    assert "match-0001.jsonl" in done.stderr and "--force" in done.stderr
    club.ok("simulate", "-n", "4", "--seed", "2", "--out", "sims", "--force")
    after = tree(sims)
    assert after["notes.txt"] == first["notes.txt"]
    assert after["match-0009.jsonl"] == first["match-0009.jsonl"]
    assert after["match-0001.jsonl"] != first["match-0001.jsonl"]  # another seed
    assert sorted(after) == sorted([*first, "match-0004.jsonl"])


@pytest.mark.parametrize("force", [False, True])
def test_simulate_never_writes_over_a_database(club: Folder, force: bool) -> None:
    sims = club.path / "sims"
    sims.mkdir()
    shutil.copyfile(club.path / "tourney.db", sims / "match-0002.jsonl")
    message = "is a SQLite database" if force else "already holds 1 of the records"
    club.refused(
        "simulate", "-n", "3", "--out", "sims", *(["--force"] if force else []), message=message
    )
