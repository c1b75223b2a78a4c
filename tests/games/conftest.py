"""The tiny test game registered for the tests of this folder, and forgotten after each."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.cli.conftest import template_db
from tests.games.highcard import GAME
from tourney.games import register, unregister

__all__ = ["template_db"]


@pytest.fixture
def highcard() -> Iterator[str]:
    """High card is played from here on (one line registers it); its name."""
    register(GAME)
    yield GAME.name
    unregister(GAME.name)
