"""tourney finds its templates and migrations in a checkout and in an installed package, and
never takes another distribution's ``migrations/`` or ``templates/`` from site-packages.

An installed package is imitated by copying ``tourney/`` into a temporary site-packages
folder (as a wheel lays it out, or without the folders a broken wheel would lack) and
running a fresh interpreter with that folder first on its path. The real wheel is built and
installed into a fresh venv by ``.ci/wheel-smoke``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import REPO
from tourney import resources

# The CLI as its console script runs it, from a chosen tourney package.
CLI = "import sys; from tourney.cli.app import main; sys.argv[0] = 'tourney'; main()"
CREATE = ("tournament", "create", "Club Night", "--format", "swiss", "--table-size", "4")


def test_a_checkout_uses_the_folders_at_its_root() -> None:
    assert resources.templates() == REPO / "templates"
    assert resources.migrations() == REPO / "migrations"


def _site_packages(tmp_path: Path, with_resources: bool) -> Path:
    """A site-packages holding a copy of tourney and another distribution's top-level
    ``migrations/`` and ``templates/``; running the stranger's ``env.py`` leaves a mark."""
    site = tmp_path / "site-packages"
    # The modules' compiled copies go along (pip compiles a wheel's modules as it installs
    # them): without them each copy's first process compiled every module again, ~2 s of
    # CPU. A copy whose source changed since is compiled again, as always.
    shutil.copytree(REPO / "tourney", site / "tourney")
    if with_resources:
        for name in ("templates", "migrations"):
            shutil.copytree(
                REPO / name, site / "tourney" / name, ignore=shutil.ignore_patterns("__pycache__")
            )
    stranger = _stranger(site)
    (site / "migrations" / "versions").mkdir(parents=True)
    (site / "migrations" / "env.py").write_text(
        f"open({str(stranger)!r}, 'w').close()\n", encoding="utf-8"
    )
    (site / "templates").mkdir()
    (site / "templates" / "base.html").write_text("stranger", encoding="utf-8")
    return site


def _stranger(site: Path) -> Path:
    return site.parent / "stranger-was-used"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tourney installed as its wheel lays it out."""
    return _site_packages(tmp_path_factory.mktemp("installed"), with_resources=True)


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tourney installed from a wheel built without its templates and migrations."""
    return _site_packages(tmp_path_factory.mktemp("broken"), with_resources=False)


def _run(site: Path, cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "TOURNEY_DATABASE_URL"}
    env["PYTHONPATH"] = str(site)
    return subprocess.run(
        [sys.executable, *argv],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_an_installed_package_uses_its_own_folders(installed: Path, tmp_path: Path) -> None:
    site = installed
    work = tmp_path / "work"
    work.mkdir()
    where = "from tourney import resources as r; print(r.templates()); print(r.migrations())"
    found = _run(site, work, "-c", where)
    assert found.returncode == 0, found.stderr
    assert found.stdout.split() == [
        str(site / "tourney" / "templates"),
        str(site / "tourney" / "migrations"),
    ]
    created = _run(site, work, "-c", CLI, *CREATE)
    assert created.returncode == 0, created.stderr
    assert (work / "tourney.db").stat().st_size > 0
    assert not _stranger(site).exists()


@pytest.mark.parametrize("argv", [CREATE, ("db", "upgrade")], ids=["create", "db-upgrade"])
def test_missing_migrations_are_one_line_and_leave_no_database(
    broken: Path, tmp_path: Path, argv: tuple[str, ...]
) -> None:
    site = broken
    work = tmp_path / "work"
    work.mkdir()
    done = _run(site, work, "-c", CLI, *argv)
    assert done.returncode == 1
    assert done.stderr == (
        f"error: tourney's migrations/ folder is missing (looked in "
        f"{site / 'tourney' / 'migrations'}): reinstall tourney\n"
    )
    assert list(work.iterdir()) == []
    assert not _stranger(site).exists()


def test_missing_templates_are_named(broken: Path, tmp_path: Path) -> None:
    site = broken
    code = (
        "from tourney import resources\n"
        "try:\n    resources.templates()\n"
        "except resources.ResourceMissing as exc:\n    print(exc)"
    )
    done = _run(site, tmp_path, "-c", code)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        f"tourney's templates/ folder is missing (looked in {site / 'tourney' / 'templates'}): "
        "reinstall tourney\n"
    )
