"""Match events for store tests: fixture records and seeded self-play, as NewEvents."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, text

from tourney.games.horserace import Event
from tourney.games.horserace.record import iter_record, read_lines
from tourney.games.horserace.simulate import player_names, simulate_match

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "records"
CONFIGS = [(2, False), (3, False), (4, False), (4, True)]


def fixture_events(name: str) -> list[Event]:
    return [event for _, event in iter_record(read_lines(str(FIXTURES / name)))]


def simulated(seed: int) -> list[Event]:
    seats, partners = CONFIGS[seed % len(CONFIGS)]
    return simulate_match(random.Random(seed), player_names(seats), partners).events


def dump(engine: Engine, *tables: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of `tables`, in the order of their whole primary key, for comparing read
    models (ordering by a key's first column alone leaves ties in whatever order the
    backend returns them)."""
    from sqlalchemy import inspect

    with engine.connect() as connection:
        dumped: dict[str, list[tuple[Any, ...]]] = {}
        for table in tables:
            key = inspect(connection).get_pk_constraint(table)["constrained_columns"]
            order = ", ".join(key) if key else "1"
            rows = connection.execute(text(f"SELECT * FROM {table} ORDER BY {order}")).all()
            dumped[table] = [tuple(row) for row in rows]
        return dumped
