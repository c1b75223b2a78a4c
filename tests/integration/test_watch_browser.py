"""The watch page in Chromium during play (issue 36): /watch, open all along, is scraped
after every move at a hidden-hand Horse Race table (moves tapped on its phone) and at a
Racehorse table dealt known hands (the dealt cards in the record); every scrape shows the
table as it lay at some moment at least ``--watch-delay`` ago (never a later one) and no
piece the server's record holds in a player's hand while anyone is to move. A move made
with the page caught up stays off it until the delay has passed, then shows."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

import httpx2 as httpx
import pytest

from tests.browser import artifact, watch
from tests.cli.conftest import template_db
from tests.integration.live_server import live_server
from tests.web.conftest import (
    CARD_DEALS,
    PASSWORD,
    SECRET,
    a_match,
    card_db,
    card_night_db,
    night_db,
    paired_db,
)
from tests.web.phone import Phone
from tourney.store.eventstore import EventStore
from tourney.streams.matches import match_events, match_stream, stream_game
from tourney.web.app import Server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

__all__ = ["card_db", "card_night_db", "night_db", "paired_db", "template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DELAY = 1.5
"""Seconds the page runs behind play (`serve --watch-delay`)."""
CATCH_UP = DELAY + 8.0
"""Seconds within which a move shows once its delay is over (watch.js refreshes on the
feed's next tick, and every 5 seconds anyway)."""
PACE = 0.1
"""Seconds between two moves: play goes on while the page refreshes (every `DELAY` or so)."""
TILE = re.compile(r"#hr-(\d)(\d)$")
CARD = re.compile(r"#rh-((?:10|[2-9JQKA])[SHDC])$")
FACE_UP = """n => {
  const table = document.querySelector(`article.watch-table[data-table="${n}"]`);
  if (!table) return null;
  return [...table.querySelectorAll("use")].filter(u => !u.closest("defs"))
    .map(u => u.getAttribute("href"));
}"""


@dataclass(frozen=True)
class Moment:
    """The table after one recorded event, as the server's record has it: when it was
    recorded, the pieces face up on the table, whether anyone is to move, and the pieces
    the record holds in players' hands."""

    at: datetime
    face_up: frozenset[str]
    in_play: bool
    in_hands: frozenset[str]


def domino_moment(match: Any, at: datetime) -> Moment:
    face_up = frozenset(t.text for t in match.layout.tiles())
    held = frozenset(t.text for hand in match.held for t in hand)
    return Moment(at, face_up, match.to_move is not None, held)


def card_moment(match: Any, at: datetime) -> Moment:
    play = match.play
    lying: list[tuple[int, Any]] = []
    held: frozenset[str] = frozenset()
    if play is not None:
        lying = list(play.trick) or (list(play.tricks[-1].plays) if play.tricks else [])
        held = frozenset(c.text for hand in play.hands or [] for c in hand)
    return Moment(at, frozenset(c.text for _, c in lying), match.to_move is not None, held)


def moments(
    store: EventStore, match_id: str, moment: Callable[[Any, datetime], Moment]
) -> list[Moment]:
    """The table after each event of its stream (undos applied), from the start."""
    stored = list(store.read_stream(match_stream(match_id)))
    at = {e.version: datetime.fromisoformat(e.recorded_at or "") for e in stored}
    match = stream_game(stored).new_match()
    out = []
    for version, event in match_events(stored):
        match.apply(event, version)
        out.append(moment(match, at[version]))
    return out


@dataclass
class Scraper:
    """Reads table ``table`` off the watch page and checks each reading against the record."""

    page: Page
    store: EventStore
    match_id: str
    table: int
    pattern: re.Pattern[str]
    moment: Callable[[Any, datetime], Moment]
    floor: int = 0
    """The earliest moment the page may still show (it never goes back)."""
    checked_hands: int = 0
    """Readings while the record held known pieces in hands (none of them shown)."""
    shown: set[int] | None = None

    def face_up(self) -> tuple[frozenset[str], datetime]:
        found = self.page.evaluate(FACE_UP, self.table) or []
        read = datetime.now(UTC)  # the page was fetched before now: its cutoff is earlier
        pieces = (self.pattern.search(href or "") for href in found)
        return frozenset("".join(m.groups()) for m in pieces if m), read

    def check(self) -> tuple[int, frozenset[str]]:
        """Read the page; the moment it shows (at least `DELAY` old, no piece in a hand)."""
        drawn, read = self.face_up()
        drawn = frozenset(_piece(p) for p in drawn)
        record = moments(self.store, self.match_id, self.moment)
        latest = max((i for i, m in enumerate(record) if m.at <= read - timedelta(seconds=DELAY)),
                     default=-1)  # fmt: skip
        if latest < 0 and not drawn:  # nothing recorded long enough ago: nothing shown yet
            return latest, drawn
        for index in range(self.floor, latest + 1):
            moment = record[index]
            # anyone to move: what lies on the table, no more; nobody (a hand or deal over):
            # the hands may show too, as far as the record knows them
            allowed = moment.face_up if moment.in_play else moment.face_up | moment.in_hands
            if moment.face_up <= drawn <= allowed:
                if moment.in_play:
                    assert not drawn & moment.in_hands, (index, drawn & moment.in_hands)
                    self.checked_hands += bool(moment.in_hands)
                self.floor = index
                if self.shown is None:
                    self.shown = set()
                self.shown.add(index)
                return index, drawn
        later = [i for i, m in enumerate(record) if i > latest and drawn == m.face_up]
        raise AssertionError(
            f"the watch page shows {sorted(drawn)}: no moment of the record from "
            f"{self.floor} to {latest} (recorded {DELAY}s before the reading) lies so; "
            f"later ones do: {later}; the latest allowed: {record[latest] if latest >= 0 else None}"
        )

    def wait_for(self, done: Callable[[frozenset[str]], bool], until: float) -> frozenset[str]:
        """Read (and check) the page until ``done`` holds for what it shows."""
        while True:
            _, drawn = self.check()
            if done(drawn) or time.monotonic() > until:
                return drawn
            time.sleep(0.05)


def _piece(text: str) -> str:
    """``"35"`` (a tile's pips) as ``"3-5"``; a card as it is."""
    return f"{text[0]}-{text[1]}" if text.isdigit() else text


def probe_delay(scraper: Scraper, record: Callable[[], object], piece: str) -> None:
    """With the page caught up, make the move that puts ``piece`` on the table: it stays
    off the page until `DELAY` after the move was recorded, and shows soon after."""
    now = moments(scraper.store, scraper.match_id, scraper.moment)[-1].face_up
    scraper.wait_for(lambda drawn: drawn == now, time.monotonic() + CATCH_UP)
    record()
    made = moments(scraper.store, scraper.match_id, scraper.moment)[-1].at
    assert piece not in now
    hidden = 0
    while datetime.now(UTC) < made + timedelta(seconds=DELAY):
        _, drawn = scraper.check()
        assert piece not in drawn, "shown before the delay was over"
        hidden += 1
        time.sleep(0.05)
    assert hidden >= 3
    drawn = scraper.wait_for(lambda d: piece in d, time.monotonic() + CATCH_UP)
    assert piece in drawn, f"{piece} not shown {CATCH_UP}s after it was played"


def play_watched(
    scraper: Scraper,
    events: Sequence[Any],
    record: Callable[[Any], object],
    probe: Callable[[int, Any], str | None],
    shot: str,
) -> None:
    """Record ``events`` one by one, `PACE` apart, reading the page after each; the first
    one ``probe`` names a piece for (the piece it puts on the table) is recorded with the
    page caught up (`probe_delay`). Then the page catches up with the end of the match."""
    probed = False
    for number, event in enumerate(events):
        piece = None if probed else probe(number, event)
        if piece is not None:
            probe_delay(scraper, partial(record, event), piece)
            probed = True
            continue
        record(event)
        scraper.check()
        time.sleep(PACE)
    scraper.page.screenshot(path=artifact(shot), full_page=True)
    final = moments(scraper.store, scraper.match_id, scraper.moment)[-1]
    drawn = scraper.wait_for(lambda d: final.face_up <= d, time.monotonic() + CATCH_UP)
    assert final.face_up <= drawn
    assert probed
    assert scraper.shown is not None and len(scraper.shown) >= 8, scraper.shown  # it moved on


@dataclass(frozen=True)
class Watched:
    """A live server on a night's database, ``DELAY`` behind play, its table 1, and the
    watch page open in Chromium."""

    server: Server
    base: str
    table: Any
    page: Page

    @property
    def link(self) -> str:
        loaded = self.server.night.loaded()
        assert loaded is not None
        return "/t/" + self.server.night.token(loaded, self.table.number)


@contextmanager
def watched(browser: Browser, db: str) -> Iterator[Watched]:
    server = Server.open(db, SECRET, director_password=PASSWORD)
    server.watch_delay = DELAY
    with live_server(server) as base:
        loaded = server.night.loaded()
        assert loaded is not None
        (table,) = [t for t in server.night.tables(loaded) if t.number == 1]
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        log = watch(page)
        page.goto(f"{base}/watch")
        page.wait_for_selector("article.watch-table")
        yield Watched(server, base, table, page)
        assert log.errors == [], log.errors
        page.close()


def test_the_watch_page_never_shows_a_tile_in_a_hand_and_runs_behind_play(
    browser: Browser, night_db: str
) -> None:
    from tourney.games.horserace import TilePlaced

    with (
        watched(browser, night_db) as room,
        httpx.Client(base_url=room.base) as client,
        EventStore.from_url(night_db) as store,
    ):
        phone = Phone(client, room.link)
        phone.look()
        match_id, players = room.table.match_id, room.table.seats
        scraper = Scraper(room.page, store, match_id, 1, TILE, domino_moment)

        def probe(number: int, event: Any) -> str | None:
            """A placement well into the match, while a hand is in play."""
            if number <= 30 or not isinstance(event, TilePlaced):
                return None
            in_play = moments(store, match_id, domino_moment)[-1].in_play
            return str(event.tile.text) if in_play else None

        play_watched(
            scraper,
            a_match(players),
            lambda event: phone.record(event, players),
            probe,
            "watch-delayed-horserace.png",
        )
    assert scraper.checked_hands > 10  # tiles the record knew were held, never shown


def known_card_match(players: Sequence[str], seed: int) -> list[Any]:
    """A whole Racehorse match at a table seating ``players`` with every deal's hands
    known (as `tourney deal --hands` records them), without its ``match_started``."""
    from tourney.games.racehorse.face import Match, MatchStarted, play_on

    match = Match()
    match.apply(MatchStarted(tuple(players), players[0], CARD_DEALS))
    return list(play_on(match, random.Random(seed)))


def test_the_watch_page_never_shows_a_card_in_a_hand_and_runs_behind_play(
    browser: Browser, card_night_db: str
) -> None:
    from tourney.games.racehorse.face import CardPlayed, DealStarted
    from tourney.scorer.desk import Desk

    with watched(browser, card_night_db) as room, EventStore.from_url(card_night_db) as store:
        desk = Desk(store, room.table.match_id)
        scraper = Scraper(room.page, store, room.table.match_id, 1, CARD, card_moment)
        events = known_card_match(room.table.seats, seed=7)
        assert any(isinstance(e, DealStarted) and e.hands for e in events)
        play_watched(
            scraper,
            events,
            lambda event: desk.append_events(partial(list, (event,))),
            lambda n, e: str(e.card.text) if n > 20 and isinstance(e, CardPlayed) else None,
            "watch-delayed-racehorse.png",
        )
    assert scraper.checked_hands > 20  # cards the record dealt to hands, never shown
