"""The demo club night: a Swiss at tables of 4, every match played by bots and stored event
by event through the same desks the director and the scorers use."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import cast

from tourney.director.desk import DirectorDesk
from tourney.gamekit.stored import DEFAULT_GAME
from tourney.games.horserace.face import Bot, BotTable, GreedyBot, Match, RandomBot
from tourney.scorer.desk import Desk
from tourney.store.eventstore import EventStore
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_register
from tourney.tournament.events import TournamentEvent
from tourney.tournament.language import language_settings
from tourney.tournament.seating.pairing import decide_pair_round
from tourney.tournament.state import TournamentState

FIRST = (
    "Ann", "Bo", "Cy", "Di", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lou", "Mo",
    "Ned", "Ola", "Pip", "Quin", "Rae", "Sol", "Tia", "Uma", "Vic", "Wes", "Xan", "Yuri", "Zoë",
)  # fmt: skip
LAST = (
    "Abbott", "Berg", "Costa", "Dahl", "Evans", "Fox", "Gray", "Hahn", "Ito", "Jansen",
    "Khan", "Lund", "Moreau", "Novak", "Ortiz", "Park",
)  # fmt: skip
CLUBS = ("Riverside", "Old Mill", "Harbour", "Northgate")

Progress = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class ClubNight:
    slug: str
    matches: int
    events: int


def player_names(count: int) -> list[str]:
    """``count`` distinct names, the same every time."""
    return [
        f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST) + i) % len(LAST)]}"
        + ("" if i < len(FIRST) * len(LAST) else f" {i}")
        for i in range(count)
    ]


def free_name(director: DirectorDesk, name: str) -> str:
    """``name``, or ``name 2``, ``name 3``... when a tournament already has it."""
    from tourney.tournament.create import slugify

    taken = set(director.slugs())
    candidate, number = name, 1
    while slugify(candidate) in taken:
        number += 1
        candidate = f"{name} {number}"
    return candidate


def play_table(desk: Desk, bots: list[Bot], rng: random.Random) -> int:
    """Play the match of ``desk`` to its end, one appended event at a time, as a scorer
    would record it; returns how many events were appended."""
    table = BotTable(bots, rng)
    appended = 0
    while not desk.match.finished:
        event = table.next_event(cast(Match, desk.match))  # a Horse Race night
        desk.append_events(partial(list, (event,)))
        appended += 1
    return appended


def _registration(number: int, name: str) -> Callable[[TournamentState], list[TournamentEvent]]:
    def decide(state: TournamentState) -> list[TournamentEvent]:
        club = CLUBS[number % len(CLUBS)]
        rating = 1200 + (number * 137) % 800
        return decide_register(state, f"p{number}", name, club=club, rating=rating)

    return decide


def run_club_night(
    store: EventStore,
    *,
    players: int = 16,
    rounds: int = 4,
    table_size: int = 4,
    seed: int = 2026,
    name: str = "Club Night",
    after_table: Callable[[int, int], None] | None = None,
    language: str | None = None,
) -> ClubNight:
    """Register ``players``, then pair and play ``rounds`` Swiss rounds; ``after_table`` is
    called with (tables done, tables in all) after every match. ``language``: the night's
    (its site's) language, when given."""
    rng = random.Random(seed)
    director = DirectorDesk(store, recorded_by="demo")
    title = free_name(director, name)
    loaded = director.create(
        lambda state: (
            decide_create(
                state,
                title,
                format="swiss",
                table_size=table_size,
                rounds=rounds,
                game_name=DEFAULT_GAME,
            )
            + language_settings(language)
        )
    )
    slug = loaded.slug
    names = player_names(players)
    for number, player in enumerate(names, 1):
        director.execute(slug, _registration(number, player))
    total = done = events = 0
    for _ in range(rounds):
        loaded, _events = director.pair(slug, decide_pair_round)
        paired = loaded.state.rounds[-1]
        total = total or len(paired.tables) * rounds  # every Swiss round seats the same field
        for table in paired.tables:
            desk = Desk(store, table.match_id, recorded_by="demo")
            bots: list[Bot] = [
                GreedyBot() if rng.random() < 0.6 else RandomBot() for _ in table.seats
            ]
            events += play_table(desk, bots, rng)
            done += 1
            if after_table is not None:
                after_table(done, total)
    return ClubNight(slug, done, events)
