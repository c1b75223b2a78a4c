"""SIGKILL `tourney publish` at random moments: after each kill the old site or the new one is
in place, whole; the database is byte for byte as it was; anything left beside the site is
marked as tourney's; and the next publish works and clears it (issue 11: kill tests)."""

from __future__ import annotations

import hashlib
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.scenarios.conftest import Folder, tourney_command, tree, user_environment
from tourney.reports.site_folder import MANIFEST, MANIFEST_DRAFT, read_manifest

pytestmark = pytest.mark.slow

LEFTOVER = ".site.new-"
# Kills at least this many times, and goes on (up to the most) until kills have left the old
# site in place twice and the new one (a kill after the swap) once.
FEWEST, MOST = 24, 48


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def start(club: Folder, variant: int) -> subprocess.Popen[bytes]:
    look = ["--templates", "look"] if variant else []
    return subprocess.Popen(
        [tourney_command(), "publish", "site", *look],
        cwd=club.path,
        env=user_environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def leftovers(club: Folder) -> list[Path]:
    return [p for p in club.path.iterdir() if p.name.startswith(LEFTOVER)]


def manifest_id(club: Folder) -> int:
    """The inode of the site's manifest: a new one once a publish has swapped its site in."""
    return (club.path / "site" / MANIFEST).stat().st_ino


def timings(club: Folder) -> tuple[float, float]:
    """(seconds until a publish starts building beside the site, seconds it then takes)."""
    started = time.perf_counter()
    child = start(club, 0)
    building = None
    while child.poll() is None:
        if building is None and leftovers(club):
            building = time.perf_counter()
        time.sleep(0.001)
    assert child.returncode == 0
    ended = time.perf_counter()
    building = building if building is not None else ended
    return building - started, max(ended - building, 0.05)


def test_a_publish_killed_at_random_moments_never_loses_a_site_or_the_database(
    club: Folder, tmp_path: Path
) -> None:
    look = club.path / "look"
    look.mkdir()
    (look / "site.css").write_text("body { color: teal }\n", encoding="utf-8")
    (look / "index.html").write_text("<p>{{ heading.name }}</p>\n", encoding="utf-8")
    # The two sites a kill may leave, published elsewhere for reference.
    club.ok("publish", str(tmp_path / "ref-0"))
    club.ok("publish", str(tmp_path / "ref-1"), "--templates", "look")
    expected = [tree(tmp_path / "ref-0"), tree(tmp_path / "ref-1")]
    assert expected[0] != expected[1]
    club.ok("publish", "site")
    database = digest(club.path / "tourney.db")
    startup, building = timings(club)
    rng = random.Random(11)
    seen = {"old": 0, "new": 0}
    kills = 0
    while kills < FEWEST or ((seen["old"] < 2 or seen["new"] < 1) and kills < MOST):
        before = expected.index(tree(club.path / "site"))
        variant = 1 - before
        swapped_from = manifest_id(club)
        child = start(club, variant)
        mode = kills % 4
        if mode == 0:
            # Anywhere, starting up included.
            time.sleep(rng.uniform(0, startup + building))
        elif mode in (1, 2):
            # Once it has begun building beside the site: writing pages, or swapping.
            while child.poll() is None and not leftovers(club):
                time.sleep(0.001)
            time.sleep(rng.uniform(0, 1.2 * building))
        else:
            # Just after the swap, while the old site's files are being removed.
            while child.poll() is None and manifest_id(club) == swapped_from:
                time.sleep(0.0005)
            time.sleep(rng.uniform(0, 0.002))
        child.send_signal(signal.SIGKILL)
        child.wait()
        kills += 1
        site = tree(club.path / "site")
        assert site in expected, f"kill {kills}: the site is neither the old nor the new one"
        if child.returncode == -signal.SIGKILL:
            seen["new" if expected.index(site) == variant else "old"] += 1
        assert digest(club.path / "tourney.db") == database, f"kill {kills}: database changed"
        wal = club.path / "tourney.db-wal"
        assert not wal.exists() or wal.stat().st_size == 0, f"kill {kills}: a write to the log"
        for leftover in leftovers(club):
            entries = sorted(p.name for p in leftover.iterdir())
            assert read_manifest(leftover) is not None or entries in ([], [MANIFEST_DRAFT]), (
                f"kill {kills}: {leftover.name} holds {entries} without tourney's manifest"
            )
    print(f"{kills} kills: {seen['old']} left the old site, {seen['new']} the new one")
    assert seen["old"] >= 2 and seen["new"] >= 1, f"the kills missed a side of the swap: {seen}"
    # The next publish works, and clears everything the kills left.
    club.ok("publish", "site")
    assert tree(club.path / "site") == expected[0]
    assert not leftovers(club)
    assert digest(club.path / "tourney.db") == database
    club.ok("standings")
