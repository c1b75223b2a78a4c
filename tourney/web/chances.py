"""A table's chances to win before its play starts (OpenSkill's `predict_win` on the club's
ratings), for the table page and the wall display. The ratings are folded again only when
a tournament's events or the roster's change (`season_key`), not on every move."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.director.desk import Loaded
    from tourney.season.ratings import Ratings
    from tourney.season.roster import Club
    from tourney.store.eventstore import EventStore


class ClubRatings:
    """The club's ratings, kept while nothing they are folded from changes."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._key: tuple[int, ...] | None = None
        self._value: tuple[Ratings, Club] | None = None

    def get(self, store: EventStore) -> tuple[Ratings, Club]:
        from tourney.director.season import club_ratings, season_key

        with self._lock:
            key = season_key(store)
            if self._value is None or key != self._key:
                self._value = club_ratings(store)
                self._key = key
            return self._value


def before_play(store: EventStore, match_id: str) -> bool:
    """Nothing recorded at the table yet: its stream holds only the director's start."""
    from tourney.streams.matches import match_stream

    return store.stream_version(match_stream(match_id)) <= 1


def chances_text(
    cache: ClubRatings, store: EventStore, loaded: Loaded, match_id: str
) -> str | None:
    """``Ann 45% · Bo 27% · Cy 27%`` for a table before play starts whose players all have
    a rating history; None otherwise."""
    from tourney.director.season import table_chances

    if not before_play(store, match_id):
        return None
    ratings, club = cache.get(store)
    chances = table_chances(ratings, club, loaded.slug, loaded.state, match_id)
    if chances is None:
        return None
    return " · ".join(f"{name} {round(100 * chance)}%" for name, chance in chances)
