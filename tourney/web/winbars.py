"""The tables' live win-chances bars as the room's views draw them: the wall display's board
(`tourney.web.display_routes`) and the watch page (`tourney.web.watch`), the same bar in
both (``templates/web/_winbar.html``); never a table's own page.

A view asks for the estimate of the position it shows (`tourney.web.live_chances` makes it
in its worker) and draws the newest estimate of that position or an earlier one, never of a
later one. With ``serve --watch-delay`` the watch page and the wall's drawings show each
table as it lay that many seconds ago, so the bar estimates that delayed position: an
estimate of the live one would tell the room of moves it has not seen (a bar jumping from
50% to 90% says a big play was just made). Hiding the bar until the delayed view caught up
with play was the other choice, and it would hide it all through play at any table that
moves more often than the delay (30 seconds: nearly always).

A table has a bar once something beyond its start is recorded, and while the position its
view shows is undecided (the estimate of a finished match has no playouts).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore
    from tourney.web.live_chances import LiveChances, Shown


@dataclass(frozen=True, slots=True)
class LiveBar:
    """A table's win chances as a view draws them: each side's name, whole percent and
    width in the bar, and the sample size."""

    sides: tuple[tuple[str, int, str], ...]
    """Each side: its players, its chance in whole percent, its width (``"61.8%"``)."""
    playouts: int
    version: int

    @classmethod
    def of(cls, shown: Shown) -> LiveBar:
        return cls(
            tuple(
                (" & ".join(side), round(100 * chance), f"{100 * chance:.1f}%")
                for side, chance in zip(shown.sides, shown.chances, strict=True)
            ),
            shown.playouts,
            shown.version,
        )


def live_bars(
    store: EventStore,
    live: LiveChances | None,
    tables: Sequence[tuple[int, str]],
    cutoff: str | None,
) -> dict[int, LiveBar]:
    """The bar of each of ``tables`` (number, match id: the latest round's tables, or those
    a view shows) as the room sees them at ``cutoff`` (an ISO time; None: now), by number;
    each asked for again if its position moved since it was last asked for; none without
    live chances (``serve --no-chances``)."""
    if live is None:
        return {}
    bars: dict[int, LiveBar] = {}
    for number, match_id in tables:
        version = _ask(store, live, match_id, cutoff)
        if version is None:
            continue
        shown = live.shown(match_id)
        if shown is not None and shown.version <= version and shown.playouts > 0:
            bars[number] = LiveBar.of(shown)
    return bars


def _ask(store: EventStore, live: LiveChances, match_id: str, cutoff: str | None) -> int | None:
    """The stream version of ``match_id`` as the room sees it at ``cutoff``, its estimate
    asked for if that version was not asked for yet; None while nothing beyond the table's
    start is recorded (its chances before play are the ratings', `tourney.web.chances`)."""
    from tourney.streams.matches import STREAM_ONLY, in_force, match_stream, stream_game

    stream = match_stream(match_id)
    if cutoff is None:  # the live position: its version alone says whether it moved
        version = store.stream_version(stream)
        stored = None
    else:
        stored = [e for e in store.read_stream(stream) if e.recorded_at and e.recorded_at <= cutoff]
        version = stored[-1].version if stored else 0
    if version <= 1:
        return None
    asked = live.asked(match_id)
    if asked is not None and version <= asked:
        return version
    if stored is None:
        stored = list(store.read_stream(stream))
    kept = in_force(stored)
    payloads = tuple(
        (e.type, e.payload) for e in stored if e.version in kept and e.type not in STREAM_ONLY
    )
    live.want(match_id, version, stream_game(stored).name, payloads)
    return version
