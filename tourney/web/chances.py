"""A table's chances to win before its play starts (OpenSkill's `predict_win` on the club's
ratings), for the table page and the wall display. The ratings are folded again only when
a tournament's events or the roster's change (`season_key`), not on every move."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from tourney.director.desk import Loaded
    from tourney.season.ratings import Ratings
    from tourney.season.roster import Club
    from tourney.store.eventstore import EventStore

T = TypeVar("T")


class SeasonCache(Generic[T]):
    """What ``fold`` makes of the season's streams (the ratings, the series tables), kept
    while none of them changes (`season_key`): folded again after a result or a roster
    change, not on every move or every phone's refresh."""

    def __init__(self, fold: Callable[[EventStore], T]) -> None:
        self._fold = fold
        self._lock = threading.Lock()
        self._key: tuple[int, ...] | None = None
        self._value: T | None = None

    def get(self, store: EventStore) -> T:
        from tourney.director.season import season_key

        with self._lock:
            key = season_key(store)
            if self._value is None or key != self._key:
                self._value = self._fold(store)
                self._key = key
            return self._value


def before_play(store: EventStore, match_id: str) -> bool:
    """Nothing recorded at the table yet: its stream holds only the director's start."""
    from tourney.streams.matches import match_stream

    return store.stream_version(match_stream(match_id)) <= 1


def chances_text(
    cache: SeasonCache[tuple[dict[str, Ratings], Club]],
    store: EventStore,
    loaded: Loaded,
    match_id: str,
) -> str | None:
    """``Ann 45% · Bo 27% · Cy 27%`` for a table before play starts whose players all have
    a rating history in the tournament's game (a Racehorse table's chances come from
    Racehorse results alone); None otherwise."""
    from tourney.director.season import table_chances

    if not before_play(store, match_id):
        return None
    games, club = cache.get(store)
    ratings = games.get(loaded.state.created.game)
    if ratings is None:
        return None
    chances = table_chances(ratings, club, loaded.slug, loaded.state, match_id)
    if chances is None:
        return None
    return " · ".join(f"{name} {round(100 * chance)}%" for name, chance in chances)
