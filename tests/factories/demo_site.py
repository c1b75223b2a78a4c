"""A seeded demo tournament, every match played by bots, and its published site.

Pure up to `publish_demo`: the tournament is built through the core's decide functions and
every table's match through `simulate_match`, so tests and browser tests have real data
without an event store. The integrity hash here is a stand-in computed from the match's
record lines (the store's own hash replaces it when `tourney publish` reads the store).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tourney.gamekit.stored import HORSE_RACE
from tourney.games.horserace import Event, Match
from tourney.games.horserace.bots import GreedyBot, RandomBot
from tourney.games.horserace.record import format_line
from tourney.games.horserace.simulate import simulate_match
from tourney.reports.publish import from_replays, publish
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_form_partnership, decide_register
from tourney.tournament.events import TournamentEvent
from tourney.tournament.formats.elimination.format import bracket_of
from tourney.tournament.results.rulings import decide_record_result
from tourney.tournament.seating.pairing import decide_pair_deciding_matches, decide_pair_round
from tourney.tournament.state import TournamentState, fold

HOSTILE_NAME = "<script>alert(1)</script>"
FORMULA_NAME = '=HYPERLINK("http://x","y")'
FIRST_NAMES = (
    "Ann", "Bo", "Cy", "Di", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lou",
    "Mo", "Ned", "Ola", "Pip", "Quin", "Rae", "Sol", "Tia", "Uma", "Vic", "Wes", "Xan",
)  # fmt: skip


@dataclass(frozen=True)
class DemoTournament:
    """A tournament state, and per match id its replay, events and integrity hash."""

    state: TournamentState
    matches: dict[str, Match]
    events: dict[str, list[tuple[int, Event]]]
    hashes: dict[str, str]


def integrity_hash(events: Sequence[Event]) -> str:
    """A short hash of a match's record lines (12 hex digits of SHA-256)."""
    digest = hashlib.sha256()
    for event in events:
        digest.update(format_line(event).encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()[:12]


def demo_names(count: int, hostile: bool = True) -> list[str]:
    """`count` distinct names; with `hostile`, a script tag and a CSV formula among them."""
    names = [
        FIRST_NAMES[i % len(FIRST_NAMES)] + ("" if i < len(FIRST_NAMES) else f" {i}")
        for i in range(count)
    ]
    if hostile and count >= 3:
        names[1] = HOSTILE_NAME
        names[2] = FORMULA_NAME
    return names


def _apply(state: TournamentState, events: Sequence[TournamentEvent]) -> TournamentState:
    return fold(events, state)


def demo_tournament(
    seed: int = 2026,
    *,
    players: int = 12,
    format: str = "swiss",
    table_size: int = 4,
    rounds: int = 3,
    partnerships: bool = False,
    third_place: bool = False,
    hostile: bool = True,
    name: str = "Club Night",
) -> DemoTournament:
    """Create, register, pair and play a whole tournament; the same seed, the same events."""
    rng = random.Random(seed)
    state = _apply(
        TournamentState(),
        decide_create(
            TournamentState(),
            name,
            format=format,
            table_size=table_size,
            rounds=rounds,
            partnerships=partnerships,
            third_place=third_place,
            game_name=HORSE_RACE,
        ),
    )
    for index, player in enumerate(demo_names(players, hostile)):
        rating = rng.randrange(1200, 2000)
        state = _apply(state, decide_register(state, f"p{index + 1}", player, rating=rating))
    if partnerships:
        for i in range(1, players, 2):
            state = _apply(state, decide_form_partnership(state, f"t{i}", (f"p{i}", f"p{i + 1}")))
    demo = DemoTournament(state, {}, {}, {})
    total = len(bracket_of(state).rounds) if format == "elimination" else rounds
    for _ in range(total):
        state = _apply(state, decide_pair_round(state))
        state = _play_pending(state, demo, rng)
        while format == "elimination" and _needs_deciding(state):
            state = _apply(state, decide_pair_deciding_matches(state))
            state = _play_pending(state, demo, rng)
    return DemoTournament(state, demo.matches, demo.events, demo.hashes)


def _needs_deciding(state: TournamentState) -> bool:
    bracket = bracket_of(state)
    slots = list(bracket.rounds[len(state.rounds) - 1].slots)
    if bracket.third_place is not None:
        slots.append(bracket.third_place)
    return any(s.status == "deciding_match_needed" for s in slots)


def _play_pending(
    state: TournamentState, demo: DemoTournament, rng: random.Random
) -> TournamentState:
    partnerships = state.created.partnerships
    for record in sorted(state.round_matches(len(state.rounds)), key=lambda m: m.table):
        if record.outcome is not None:
            continue
        names = [state.players[p].name for p in record.seats]
        bots = [GreedyBot() if rng.random() < 0.5 else RandomBot() for _ in names]
        played = simulate_match(rng, names, partnerships, bots, target=state.created.target)
        match = played.match
        demo.matches[record.match_id] = match
        demo.events[record.match_id] = list(enumerate(played.events, start=1))
        demo.hashes[record.match_id] = integrity_hash(played.events)
        state = _apply(
            state,
            decide_record_result(state, record.match_id, match.scores, match.winners),
        )
    return state


def publish_demo(
    site_dir: Path, demo: DemoTournament, templates_dir: Path | None = None
) -> list[Path]:
    """Publish `demo`'s site into `site_dir` (draws and passes included)."""
    sheets, play = from_replays(demo.matches, demo.hashes, demo.events)
    return publish(site_dir, demo.state, sheets, play, templates_dir)
