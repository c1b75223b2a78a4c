"""Ratings against openskill itself (issue 33: at most 1.5x openskill's own cost).

`tourney ratings` reads every rated match of the season, in the order results were first
recorded, from the tournament read models (`rated_season`: each tournament's rated tables
and entries, the roster applied), then folds each game's through openskill's Plackett-Luce
`rate` (`rate_games`). This bench times that fold, in one process, against
the least any program can spend on the same matches with openskill: per game, a dict of
each person's last rating and one `PlackettLuce.rate` call per match (same model, its
defaults), in the same order, on the same teams and ranks. Both run alternately (`--runs`
times each, CPU time: the machine may be shared); they must end at the same ratings, or
the bench fails.

The season is a club's (`--nights`, default 52, from a club of 1.5x `--players` people):
Horse Race nights at tables of 4, every third Horse Race night in fixed partnerships (two
teams of two a table), and every other night Racehorse at tables of 6; a few results are
corrected (recorded again) and a few tables forfeited or voided, as real nights have.
Written straight through the event store, the read models then caught up as a command's
store does (`open_store`), and read as the command reads them (`rated_season`) before each
fold; that load is timed too, and the load and the fold together (the command but for its
start-up and the opening of its store) are weighed against openskill as well. The matches
read must be those the events fold to (`rated_matches` over `load_season`), or the bench
fails; openskill is given those.

The command keeps each match's update (before and after) only for ``--history``; with
``--history`` the bench's fold keeps them too.

Run: ``python -m bench.ratings_bench [--nights 52] [--players 60] [--rounds 13] [--runs 5]
[--history]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from tourney.director.season import load_season, rated_season
from tourney.projections import open_store
from tourney.season.ratings import RatedMatch, rate_games, rated_matches
from tourney.season.series import NightAdded, SeriesCreated
from tourney.store.eventstore import EventStore, NewEvent, StreamAppend
from tourney.tournament.entry_events import PartnershipFormed
from tourney.tournament.events import (
    PairedTable,
    PlayerRegistered,
    RoundPaired,
    TournamentCreated,
    TournamentEvent,
)
from tourney.tournament.result_events import Forfeit, MatchResultRecorded, MatchVoided

BOUND = 1.5
Ratings = dict[str, dict[str, tuple[float, float]]]
"""Per game, each person's (mu, sigma)."""


def _result(sides: int, game: str, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A table's scores and winners: Horse Race, one winner on the target; Racehorse, net
    units (winners the highest, sometimes two level)."""
    if game == "racehorse":
        nets = [rng.randrange(-40, 41) for _ in range(sides)]
        return tuple(nets), tuple(i for i, n in enumerate(nets) if n == max(nets))
    scores = [rng.randrange(0, 61) for _ in range(sides)]
    winner = rng.randrange(sides)
    scores[winner] = 61
    return tuple(scores), (winner,)


def night_events(
    number: int, names: Sequence[str], rounds: int, rng: random.Random
) -> list[TournamentEvent]:
    """One night: Racehorse at tables of 6 (even nights), else Horse Race at tables of 4,
    in partnerships every third such night."""
    slug = f"night-{number}"
    game = "racehorse" if number % 2 == 0 else "horse-race"
    partners = game == "horse-race" and number % 3 == 1
    seats = 6 if game == "racehorse" else 4
    created = TournamentCreated(
        f"Night {number}", slug, "swiss", seats, rounds, partnerships=partners, game=game
    )
    ids = [f"p{i + 1}" for i in range(len(names))]
    events: list[TournamentEvent] = [created]
    events += [PlayerRegistered(pid, name) for pid, name in zip(ids, names, strict=True)]
    entrants = ids
    members: dict[str, tuple[str, str]] = {}
    if partners:
        members = {f"t{k + 1}": (ids[2 * k], ids[2 * k + 1]) for k in range(len(ids) // 2)}
        events += [PartnershipFormed(team, f"Team {team}", pair) for team, pair in members.items()]
        entrants = list(members)
    sides = 2 if partners else seats
    for round_number in range(1, rounds + 1):
        order = entrants[:]
        rng.shuffle(order)
        tables = []
        for t in range(len(order) // sides):
            at = order[sides * t : sides * t + sides]
            if partners:  # partners sit opposite: seats 1 and 3, 2 and 4
                (a, c), (b, d) = members[at[0]], members[at[1]]
                at = [a, b, c, d]
            tables.append(PairedTable(t + 1, tuple(at), f"{slug}-{round_number}-{t + 1}"))
        events.append(RoundPaired(round_number, tuple(tables)))
        for table in tables:
            roll = rng.random()
            if roll < 0.01:
                events.append(MatchVoided(table.match_id))
                continue
            if roll < 0.02:
                events.append(Forfeit(table.match_id, (rng.randrange(sides),)))
                continue
            events.append(MatchResultRecorded(table.match_id, *_result(sides, game, rng)))
            if roll > 0.98:  # corrected: recorded again where it stands
                events.append(MatchResultRecorded(table.match_id, *_result(sides, game, rng)))
    return events


def build(db: str, nights: int, players: int, rounds: int) -> None:
    rng = random.Random(33)
    club = [f"Player {i:03d}" for i in range(players + players // 2)]
    with EventStore.from_url(db) as store:
        created = SeriesCreated("League", "places:10,7,5,3", 20, 5)
        series = [NewEvent(created.type, created.to_payload())]
        for number in range(1, nights + 1):
            events = night_events(number, rng.sample(club, players), rounds, rng)
            new = [NewEvent(e.type, e.to_payload()) for e in events]
            store.append_streams([StreamAppend(f"tournament-night-{number}", new, 0)])
            added = NightAdded("League", f"night-{number}")
            series.append(NewEvent(added.type, added.to_payload()))
        store.append_streams([StreamAppend("series", series, 0)])


def fold(matches: Sequence[RatedMatch], history: bool = False) -> Ratings:
    """What `tourney ratings` works out: each game's people's (mu, sigma); with `history`,
    each match's update kept as well (`--history`)."""
    games = rate_games(matches, history=history)
    return {
        game: {person: (r.mu, r.sigma) for person, r in result.players.items()}
        for game, result in games.items()
    }


def openskill_alone(matches: Sequence[RatedMatch]) -> Ratings:
    """The same matches straight through openskill, each game on its own: nothing kept but
    its ratings."""
    model = PlackettLuce()
    held: dict[str, dict[str, Any]] = {}
    for match in matches:
        game = held.setdefault(match.game, {})
        teams = [[game.get(p) or model.rating() for p in team] for team in match.teams]
        rated = model.rate(teams, ranks=list(match.ranks))
        for team, new in zip(match.teams, rated, strict=True):
            for person, rating in zip(team, new, strict=True):
                game[person] = rating
    return {
        name: {person: (r.mu, r.sigma) for person, r in game.items()} for name, game in held.items()
    }


def cpu_of(work: Callable[[], Any]) -> tuple[float, Any]:
    started = time.process_time()
    result = work()
    return time.process_time() - started, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--nights", type=int, default=52)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=13)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--history", action="store_true", help="time `tourney ratings --history`'s fold"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ratings-bench-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'season.db'}"
        build(url, args.nights, args.players, args.rounds)
        store, _projector = open_store(url)  # the read models caught up, as for a command
        with store:
            matches = _matches(store)  # openskill is given the matches ready
            ours: list[float] = []
            loads: list[float] = []
            theirs: list[float] = []
            for _ in range(args.runs):
                loading, (read, _club) = cpu_of(lambda: rated_season(store))
                loads.append(loading)
                assert read == matches, "the read models and the events disagree"
                spent, folded = cpu_of(partial(fold, read, args.history))
                ours.append(spent)
                spent, alone = cpu_of(lambda: openskill_alone(matches))
                theirs.append(spent)
                assert folded == alone, "the fold and openskill disagree"
    fold_cpu, openskill_cpu = statistics.median(ours), statistics.median(theirs)
    load_cpu = statistics.median(loads)
    ratio = fold_cpu / openskill_cpu
    whole = statistics.median(a + b for a, b in zip(loads, ours, strict=True)) / openskill_cpu
    games = ", ".join(f"{name} {sum(m.game == name for m in matches):,}" for name in sorted(folded))
    teams = sum(any(len(team) > 1 for team in m.teams) for m in matches)
    print(
        f"{len(matches):,} rated matches ({games}; {teams:,} of partnerships), "
        f"{sum(len(g) for g in folded.values())} ratings; median of {args.runs} (CPU): "
        f"the fold {fold_cpu * 1000:.0f} ms, openskill alone {openskill_cpu * 1000:.0f} ms: "
        f"{ratio:.2f}x ({'ok' if ratio <= BOUND else 'TOO SLOW'}, bound {BOUND}x); "
        f"reading the rated matches {load_cpu * 1000:.0f} ms; load and fold (the command less its "
        f"start): {whole:.2f}x ({'ok' if whole <= BOUND else 'over'} the bound)"
    )


def _matches(store: EventStore) -> list[RatedMatch]:
    """The rated matches as the events fold to them (every tournament folded)."""
    season = load_season(store)
    return rated_matches(season.nights, season.club.person_of)


if __name__ == "__main__":
    main()
