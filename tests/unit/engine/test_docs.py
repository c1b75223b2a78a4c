"""The engine's module docstrings are runnable examples; keep them true."""

from __future__ import annotations

import doctest

import tourney.games.horserace


def test_engine_package_docstring_runs() -> None:
    result = doctest.testmod(tourney.games.horserace, raise_on_error=False)
    assert result.attempted > 0
    assert result.failed == 0


def test_summary_json_is_the_summary_as_json() -> None:
    import json
    import random

    from tourney.games.horserace.simulate import simulate_match

    for seed, seats in ((1, 2), (2, 3), (3, 4)):
        match = simulate_match(random.Random(seed), ("Ann", 'B"o', "Ç\\y", "Di")[:seats]).match
        assert json.loads(match.summary_json()) == match.summary()
