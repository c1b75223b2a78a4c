"""Fingerprints of Swiss pairings, to show that a change to the search pairs the same.

Run: ``python -m bench.swiss_hashes [--players 16,64,200,1000] [--sizes 2,3,4]
[--seeds 1,2] [--rounds 5] [--big 10000]``, once on each version (a worktree of the
version before: ``cd /tmp/base && python -m bench.swiss_hashes``) and compare the lines.

Each case is a Swiss of N players (ratings and clubs random from the seed) paired round
after round with random results in between; a line per round gives the SHA-256 of the
`RoundPaired` payload as stored (tables, seat order, every table's explanation, the
round's notes, byes) and the CPU seconds of that `decide_pair_round`. Since every round is
paired from the rounds before, a difference anywhere shows in every round after it.
Besides the plain cases: clubmates kept apart with fewer clubs than seats (the search
cannot avoid them all, so its budget, repair and local search run), and a few forbidden
pairs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time

from tests.factories.simulation import play_round
from tourney.gamekit.stored import HORSE_RACE
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_register_all
from tourney.tournament.events import PlayerRegistered, RoundPaired
from tourney.tournament.seating.pairing import decide_pair_round
from tourney.tournament.state import TournamentState, evolve, fold


def fingerprint(event: RoundPaired) -> str:
    """The first 16 hex digits of the SHA-256 of the event's stored payload."""
    text = json.dumps(event.to_payload(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def run_case(
    players: int, size: int, seed: int, rounds: int, *, clubs: int = 40, forbid: int = 0
) -> list[tuple[str, float]]:
    """(fingerprint, CPU seconds) of each of `rounds` rounds of one seeded Swiss."""
    rng = random.Random(seed)
    state = fold(
        decide_create(
            TournamentState(),
            "Hash",
            format="swiss",
            table_size=size,
            rounds=rounds,
            game_name=HORSE_RACE,
        )
    )
    entries = [
        PlayerRegistered(f"p{i}", f"Player {i}", f"club{i % clubs}", rng.randrange(1000, 2400))
        for i in range(players)
    ]
    for event in decide_register_all(state, entries):
        state = evolve(state, event)
    ids = [e.player_id for e in entries]
    forbidden = frozenset(frozenset(rng.sample(ids, 2)) for _ in range(forbid))
    lines = []
    for _ in range(rounds):
        cpu = time.process_time()
        events = decide_pair_round(state, forbidden=forbidden, avoid_same_club=clubs < size)
        cpu = time.process_time() - cpu
        (paired,) = (e for e in events if isinstance(e, RoundPaired))
        lines.append((fingerprint(paired), cpu))
        for event in events:
            state = evolve(state, event)
        state, _ = play_round(state, rng, shared_rate=0.1)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", default="16,64,200,1000")
    parser.add_argument("--sizes", default="2,3,4")
    parser.add_argument("--seeds", default="1,2")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--big", default="10000", help="players of the tables-of-4 case ('' none)")
    args = parser.parse_args()
    cases: list[tuple[str, dict[str, int]]] = []
    for players in (int(p) for p in args.players.split(",")):
        for size in (int(s) for s in args.sizes.split(",")):
            for seed in (int(s) for s in args.seeds.split(",")):
                base = {"players": players, "size": size, "seed": seed}
                cases.append((f"{players}p t{size} s{seed}", base))
            cases.append((f"{players}p t{size} clubs3", {**base, "clubs": 3}))
            cases.append((f"{players}p t{size} forbid", {**base, "forbid": players // 8}))
    for players in (int(p) for p in args.big.split(",") if p):
        cases.append((f"{players}p t4 s1", {"players": players, "size": 4, "seed": 1}))
    for name, case in cases:
        for number, (digest, cpu) in enumerate(run_case(rounds=args.rounds, **case), 1):
            print(f"{name:<20} r{number} {digest}  CPU {cpu:6.2f} s", flush=True)


if __name__ == "__main__":
    main()
