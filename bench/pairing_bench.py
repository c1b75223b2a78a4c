"""Pair a Swiss round of 1,000 players after a few rounds of random results (target <= 2 s).

Run: ``python -m bench.pairing_bench [--players N] [--rounds R] [--table-size T] [--seed S]``.
The timed call is the whole `decide_pair_round` (ranking, meetings, seat records, search,
explanations) on a state folded from events, as the CLI will call it.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from tests.factories.simulation import play_round
from tourney.gamekit.stored import HORSE_RACE
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_register
from tourney.tournament.events import RoundPaired, TournamentEvent
from tourney.tournament.notes.note_words import note_text
from tourney.tournament.seating.pairing import decide_pair_round, meetings
from tourney.tournament.state import TournamentState, evolve

TARGET_SECONDS = 2.0


def _apply(state: TournamentState, events: list[TournamentEvent]) -> TournamentState:
    for event in events:
        state = evolve(state, event)
    return state


def build(
    players: int, rounds_played: int, table_size: int, seed: int, clubs: int = 25
) -> TournamentState:
    """A Swiss with `players` registered and `rounds_played` rounds of random results."""
    rng = random.Random(seed)
    state = TournamentState()
    state = _apply(
        state,
        decide_create(
            state,
            "Bench",
            format="swiss",
            table_size=table_size,
            rounds=rounds_played + 1,
            game_name=HORSE_RACE,
        ),
    )
    for i in range(players):
        state = _apply(
            state,
            decide_register(
                state,
                f"p{i}",
                f"Player {i}",
                club=f"club{i % clubs}",
                rating=rng.randrange(1000, 2400),
            ),
        )
    for _ in range(rounds_played):
        state = _apply(state, decide_pair_round(state))
        state, _ = play_round(state, rng, shared_rate=0.1)
    return state


def measure(players: int, rounds_played: int, table_size: int, seed: int, clubs: int = 25) -> float:
    """Time one pairing; with few clubs, clubmates are kept apart, which cannot fully work."""
    avoid = clubs < table_size
    started = time.perf_counter()
    state = build(players, rounds_played, table_size, seed, clubs)
    setup = time.perf_counter() - started
    met = meetings(state)
    started, cpu = time.perf_counter(), time.process_time()
    (paired,) = decide_pair_round(state, avoid_same_club=avoid)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    assert isinstance(paired, RoundPaired)
    repeats = 0
    seats: Counter[str] = Counter()
    for table in paired.tables:
        seats.update(table.seats)
        repeats += sum(1 for a in table.seats for b in table.seats if a < b and b in met[a])
    assert max(seats.values()) == 1, "someone was seated twice"
    sizes = Counter(len(t.seats) for t in paired.tables)
    verdict = "ok" if elapsed <= TARGET_SECONDS else "TOO SLOW"
    print(
        f"swiss round {rounds_played + 1}: {players} players at tables of {table_size} "
        f"(sizes {dict(sorted(sizes.items(), reverse=True))}, "
        f"byes {len(paired.byes)}, repeats {repeats})"
    )
    if avoid:
        said = "; ".join(note_text(n, str) for n in paired.notes)
        print(f"  stress: {clubs} clubs kept apart where possible; {said}")
    print(f"  setup (register + {rounds_played} rounds paired and played): {setup:.2f} s")
    print(
        f"  pairing: {elapsed:.3f} s (target <= {TARGET_SECONDS:.0f} s) {verdict}; "
        f"CPU {cpu:.3f} s (the figure to compare on a busy machine)"
    )
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5, help="rounds played before the timed one")
    parser.add_argument("--table-size", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sizes = [args.table_size] if args.table_size else [4, 3, 2]
    times = [measure(args.players, args.rounds, size, args.seed) for size in sizes]
    times.append(measure(args.players, args.rounds, 4, args.seed, clubs=3))
    worst = max(times)
    print(f"worst pairing time: {worst:.3f} s")


if __name__ == "__main__":
    main()
