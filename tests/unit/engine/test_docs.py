"""The engine's module docstrings are runnable examples; keep them true."""

from __future__ import annotations

import doctest

import tourney.engine


def test_engine_package_docstring_runs() -> None:
    result = doctest.testmod(tourney.engine, raise_on_error=False)
    assert result.attempted > 0
    assert result.failed == 0
