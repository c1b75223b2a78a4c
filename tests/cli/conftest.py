"""Helpers for the scorer's command tests: the CLI run in-process on a real SQLite file in a
temporary folder, and records of whole matches played by bots (known hands) or turned into
what a scorer at a physical table sees (hidden hands)."""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tourney.bots import GreedyBot
from tourney.cli.app import app
from tourney.engine import (
    Event,
    HandEnd,
    HandStarted,
    Match,
    TileDrawn,
    TilesRevealed,
)
from tourney.simulate import player_names, simulate_match
from tourney.store.eventstore import EventStore


class Cli:
    """`tourney ...` on one database, in-process."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.runner = CliRunner()

    def __call__(self, *args: str) -> Result:
        return self.runner.invoke(app, [*args, "--db", self.db])

    def ok(self, *args: str) -> Result:
        result = self(*args)
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
        return result

    def version(self, match: str = "T3") -> int:
        with EventStore.from_url(self.db) as store:
            return store.stream_version(f"match-{match.upper()}")

    def refused(self, *args: str, message: str, match: str = "T3") -> Result:
        """Exit code 1, one line on stderr containing ``message``, nothing appended."""
        before = self.version(match)
        result = self(*args)
        assert result.exit_code == 1, (args, result.stdout, result.stderr)
        assert result.stderr.count("\n") == 1, result.stderr
        assert message in result.stderr, result.stderr
        assert "Traceback" not in result.stderr + result.stdout
        assert self.version(match) == before
        return result


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database built once the way users get one (alembic upgrade on first use)."""
    path = tmp_path_factory.mktemp("template") / "scores.db"
    EventStore.from_url(str(path)).close()
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return path


@pytest.fixture
def db(tmp_path: Path, template_db: Path) -> str:
    """A fresh, upgraded SQLite file in this test's own folder (a copy of the template)."""
    path = tmp_path / "scores.db"
    shutil.copyfile(template_db, path)
    return str(path)


@pytest.fixture
def cli(db: str) -> Iterator[Cli]:
    yield Cli(db)


def known_match(seed: int = 3, players: int = 2, target: int = 61) -> list[Event]:
    """A whole match between greedy bots, known hands."""
    result = simulate_match(
        random.Random(seed), player_names(players), False, [GreedyBot()] * players, target
    )
    return list(result.events)


def hidden_match(seed: int = 3, players: int = 2, target: int = 61) -> list[Event]:
    """The same match as a scorer at a physical table records it: no deals, every other
    draw unseen, openers always named, and the reveals the count needs."""
    match = Match()
    out: list[Event] = []
    draws = 0
    for event in known_match(seed, players, target):
        held = [set(h) for h in match.held]
        outcome = match.apply(event)
        if isinstance(event, HandStarted):
            out.append(HandStarted(match.hands[-1].opener))
        elif isinstance(event, TileDrawn):
            draws += 1
            out.append(TileDrawn(event.player, event.tile if draws % 2 else None))
        else:
            out.append(event)
        end = outcome.hand_ended
        if end in (HandEnd.DOMINO, HandEnd.BLOCKED):
            placed = outcome.placement
            for seat, name in enumerate(match.players):
                if placed is not None and match.side_of[seat] == match.side_of_player(
                    placed.player
                ):
                    continue
                tiles = held[seat] - ({placed.tile} if placed is not None else set())
                out.append(TilesRevealed(name, tuple(sorted(tiles))))
    Match.replay(out)  # it is a legal record
    return out


def summary(events: list[Event]) -> dict[str, Any]:
    return Match.replay(events).summary()
