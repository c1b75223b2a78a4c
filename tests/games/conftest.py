"""High card, the tests' third game, is installed in the test environment as a distribution
of its own (tests/games/highcard/, the Makefile's venv step): it is found through its entry
point, as a club's game would be, never registered by the tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import template_db
from tourney.gamekit import game

__all__ = ["template_db"]


@pytest.fixture
def highcard() -> str:
    """High card's registry name, found through the ``tourney.games`` entry points."""
    return game("highcard").name


@pytest.fixture
def adhoc_db(tmp_path: Path, template_db: Path) -> Path:
    """A fresh database of its own (a copy of the session's migrated template), for a match
    played outside a tournament."""
    db = tmp_path / "adhoc.db"
    shutil.copyfile(template_db, db)
    return db
