"""`tourney serve` answers on many threads: two asking for a game at the same moment must both
get it (the bench of issue 36 found a request refused while another thread was still reading
the installed games)."""

from __future__ import annotations

import importlib.metadata
import threading
import time
from collections.abc import Iterator

import pytest

from tourney.gamekit import registry


def test_a_game_asked_for_while_another_thread_reads_the_games_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = registry._declared
    reading = threading.Event()

    def slow_declared(group: str) -> Iterator[importlib.metadata.EntryPoint]:
        for point in real(group):
            reading.set()
            time.sleep(0.05)
            yield point

    monkeypatch.setattr(registry, "_declared", slow_declared)
    monkeypatch.setattr(registry, "_FOUND", None)
    monkeypatch.setattr(registry, "_LOADED", {})
    names: list[tuple[str, ...]] = []
    first = threading.Thread(target=lambda: names.append(registry.names()))
    first.start()
    assert reading.wait(5)
    try:
        played = registry.game("racehorse")
    finally:
        first.join(5)
    assert played.name == "racehorse"
    assert "racehorse" in names[0] and "horse-race" in names[0]
