"""Seeded demo tournaments shared by the report and browser tests (built once per session)."""

from __future__ import annotations

import pytest

from tourney.reports.demo_site import DemoTournament, demo_tournament


@pytest.fixture(scope="session")
def swiss() -> DemoTournament:
    """13 players at tables of 4 (4, 3, 3, 3), three Swiss rounds, hostile names included."""
    return demo_tournament(2026, players=13, rounds=3)


@pytest.fixture(scope="session")
def cup() -> DemoTournament:
    """11 players, knockout at tables of 2 with byes and a third-place match."""
    return demo_tournament(7, players=11, format="elimination", table_size=2, third_place=True)


@pytest.fixture(scope="session")
def cup_of_four() -> DemoTournament:
    """10 players, knockout at tables of 4: tables of 2-3 players and byes in round 1."""
    return demo_tournament(7, players=10, format="elimination", table_size=4)


@pytest.fixture(scope="session")
def pairs() -> DemoTournament:
    """8 players in 4 partnerships, round robin."""
    return demo_tournament(
        5, players=8, format="round_robin", table_size=4, partnerships=True, rounds=3
    )
