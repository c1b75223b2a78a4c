"""The collector pacing that bulk replays run under: raised inside, restored after, whatever
happens inside, and never lowered."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from tourney.store.gc_pacing import REPLAY_THRESHOLD, rarer_collections


@pytest.fixture(autouse=True)
def default_thresholds() -> Iterator[None]:
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*saved)


def test_the_youngest_threshold_is_raised_inside_and_restored_after() -> None:
    with rarer_collections():
        assert gc.get_threshold() == (REPLAY_THRESHOLD, 10, 10)
    assert gc.get_threshold() == (700, 10, 10)


def test_an_error_inside_still_restores_the_thresholds() -> None:
    with pytest.raises(RuntimeError), rarer_collections():
        raise RuntimeError("a page failed")
    assert gc.get_threshold() == (700, 10, 10)


def test_nested_blocks_restore_only_when_the_outer_one_ends() -> None:
    with rarer_collections():
        with rarer_collections():
            pass
        assert gc.get_threshold()[0] == REPLAY_THRESHOLD
    assert gc.get_threshold() == (700, 10, 10)


def test_a_higher_threshold_set_by_the_program_is_kept() -> None:
    gc.set_threshold(100_000, 10, 10)
    with rarer_collections():
        assert gc.get_threshold()[0] == 100_000
    assert gc.get_threshold() == (100_000, 10, 10)


def test_overlapping_blocks_in_two_threads_leave_the_thresholds_as_found() -> None:
    inside = threading.Barrier(2)
    first_left = threading.Event()
    seen_after_first_left: list[int] = []

    def worker(first: bool) -> None:
        with rarer_collections():
            inside.wait(5)
            if first:
                return  # leaves while the other thread is still inside
            first_left.wait(5)
            seen_after_first_left.append(gc.get_threshold()[0])

    threads = [threading.Thread(target=worker, args=(first,)) for first in (True, False)]
    for thread in threads:
        thread.start()
    threads[0].join(5)
    first_left.set()
    threads[1].join(5)
    assert seen_after_first_left == [REPLAY_THRESHOLD]
    assert gc.get_threshold() == (700, 10, 10)
