"""Ratings: OpenSkill's Plackett–Luce model, with its defaults, over every finished match of
every tournament, as a pure fold.

What is rated, and how:

* the matches are taken in the order their results were first recorded (the log position of
  the first result event of each match, across all tournaments); a result corrected later
  (recorded again, entered from the paper scoresheet, adjudicated) or voided changes that
  match where it stands, and every match after it is rated again, because the ratings are
  always folded afresh from the ordered list (no stored running totals to go stale);
* a table's ranks: the winners first, sharing rank 1 (a shared win is a tie), then the other
  sides by final score, level scores tied. Horse Race's score is the final score, Racehorse's
  the net units (its winners are the highest nets), so one rule does both;
* a partnership is a team of two; each side of a table of individuals a team of one;
* results played at the table, entered from the paper scoresheet, and adjudicated by the
  director are rated: each is the match's result as played or ruled on the evidence. A
  side that forfeited while the others played on is left out of that match's rating (the
  others are rated among themselves);
* not rated: byes, forfeits and no-shows (no game was played), voided matches, matches
  without a result, and any match that would leave fewer than two sides, or in which one
  person holds two sides (two entries of one person at a table, merged afterwards).

Who a side is comes from the roster (`tourney.season.roster.Club.person_of`): people, not
entries, are rated, so a merge carries everything over.

Each game is rated on its own (`rate_games`): a good Horse Race player is not thereby a good
Racehorse player, so a Racehorse table's chances and a Racehorse knockout's seeds come from
Racehorse results alone. A club that plays one game sees one set of ratings, as before.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tourney.season.nights import Night
from tourney.tournament.matches import Outcome

if TYPE_CHECKING:
    from tourney.tournament.state import TournamentState

MODEL = "PlackettLuce"
RATED_KINDS = frozenset({"played", "paper", "adjudicated"})


@dataclass(frozen=True)
class RatedMatch:
    """One rating update's input: the teams (person keys, side by side) and their ranks
    (1 is first; equal ranks are a tie)."""

    match: str
    tournament: str
    teams: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    position: int
    game: str
    """The registry name of the game the match was played in (its tournament's)."""


def table_ranks(outcome: Outcome, sides: Sequence[int]) -> tuple[int, ...]:
    """The rank of each of `sides` (standard competition ranking: 1, 1, 3...): winners
    first, then by final score."""
    winners, scores = outcome.winners, outcome.scores
    # Every winner level with the others, whatever their scores: a shared win is a tie.
    standing = [math.inf if side in winners else scores[side] for side in sides]
    # A side's rank is 1 + the sides ahead of it: where it first appears, best first.
    best_first = sorted(standing, reverse=True)
    return tuple([1 + best_first.index(mine) for mine in standing])


Teams = tuple[tuple[str, ...], ...]
"""A table's teams, side by side, each a tuple of keys: player ids (a tournament's
entries, `rated_tables`) or person keys (the club's people, `RatedMatch.teams`)."""


def rated_tables(state: TournamentState) -> Iterator[tuple[str, Teams, tuple[int, ...]]]:
    """Each rated table of one tournament: its match id, its teams by player id (a
    partnership's two members, else the side's player) and their ranks (`table_ranks`).
    Who the players are is the roster's to say (`of_people`); the tournament read model
    keeps these (`tourney.projections.standings_view`), so `tourney ratings` reads them
    rather than folding every tournament again."""
    partnerships = state.teams
    for match_id, record in state.matches.items():
        outcome = record.outcome
        if outcome is None or outcome.kind not in RATED_KINDS:
            continue
        entrants, forfeited = record.sides, outcome.forfeited
        sides = [s for s in range(len(entrants)) if s not in forfeited]
        if len(sides) < 2 or len(outcome.scores) != len(entrants):
            continue
        teams = tuple(
            [
                partnerships[entrant].members if entrant in partnerships else (entrant,)
                for entrant in [entrants[side] for side in sides]
            ]
        )
        yield match_id, teams, table_ranks(outcome, sides)


def of_people(tournament: str, teams: Teams, person_of: Callable[[str, str], str]) -> Teams | None:
    """`teams` (player ids of `tournament`) as the club's people; None when one person
    would hold two places at the table (two entries of one person, merged afterwards): such
    a table is not rated."""
    people = tuple([tuple([person_of(tournament, p) for p in team]) for team in teams])
    count = sum([len(team) for team in people])
    if len({person for team in people for person in team}) != count:
        return None
    return people


def in_order(rated: list[RatedMatch]) -> list[RatedMatch]:
    """`rated` in the order results were first recorded (then by tournament and match)."""
    rated.sort(key=lambda m: (m.position, m.tournament, m.match))
    return rated


def rated_matches(
    nights: Iterable[Night], person_of: Callable[[str, str], str]
) -> list[RatedMatch]:
    """Every rated match of `nights`, in the order their results were first recorded."""
    rated: list[RatedMatch] = []
    for night in nights:
        slug, recorded, game = night.slug, night.recorded, night.state.created.game
        for match_id, entries, ranks in rated_tables(night.state):
            teams = of_people(slug, entries, person_of)
            if teams is not None:
                position = recorded.get(match_id, 0)
                rated.append(RatedMatch(match_id, slug, teams, ranks, position, game))
    return in_order(rated)


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    matches: int

    @property
    def ordinal(self) -> float:
        """OpenSkill's conservative estimate, mu - 3 sigma (its `ordinal()`)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Update:
    """One match's rating update, as applied."""

    match: RatedMatch
    before: tuple[tuple[float, float], ...]
    after: tuple[tuple[float, float], ...]


@dataclass
class Ratings:
    players: dict[str, Rating] = field(default_factory=dict)
    updates: list[Update] = field(default_factory=list)
    """Each match's update, in the order applied: kept only with `rate`'s ``history``."""
    rated: int = 0
    """How many matches were rated."""

    def ranked(self) -> list[tuple[str, Rating]]:
        """Everyone rated, best ordinal first (then best mu, then key)."""
        return sorted(self.players.items(), key=lambda kv: (-kv[1].ordinal, -kv[1].mu, kv[0]))


def rate(matches: Iterable[RatedMatch], history: bool = True) -> Ratings:
    """Fold the matches through OpenSkill's Plackett–Luce model (its default mu 25, sigma
    25/3 for a newcomer), in the order given: each match rated by `model.rate` on the
    ratings it returned for those people last time. With `history`, each match's `Update`
    is kept too (`tourney ratings` keeps it only for ``--history``: it costs a sixth of
    openskill's own work, bench/FINDINGS.md)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    result = Ratings()
    updates = result.updates
    held: dict[str, Any] = {}  # each person's rating object, as openskill last returned it
    played: dict[str, int] = {}
    # Per match, nothing but openskill's call and what the history keeps; each person's
    # `Rating` is made once, at the end: the fold's own work stays a small part of
    # openskill's (bench/ratings_bench.py).
    for match in matches:
        teams = [[held[p] if p in held else model.rating() for p in team] for team in match.teams]
        rated = model.rate(teams, ranks=list(match.ranks))  # `teams` left as they were
        for team, new in zip(match.teams, rated, strict=True):
            for person, rating in zip(team, new, strict=True):
                held[person] = rating
                played[person] = played.get(person, 0) + 1
        if history:
            before = tuple([(r.mu, r.sigma) for team in teams for r in team])
            updates.append(
                Update(match, before, tuple([(r.mu, r.sigma) for t in rated for r in t]))
            )
        result.rated += 1
    result.players.update(
        (person, Rating(rating.mu, rating.sigma, played[person])) for person, rating in held.items()
    )
    return result


def rate_games(
    matches: Iterable[RatedMatch], only: str | None = None, history: bool = True
) -> dict[str, Ratings]:
    """Each game's ratings, folded from that game's matches alone (`rate`, with or without
    its `history`), by the game's registry name, in the order each game was first rated;
    with ``only``, that game's alone (an empty `Ratings` when it has no rated match yet)."""
    by_game: dict[str, list[RatedMatch]] = {}
    if only is not None:
        by_game[only] = []
    for match in matches:
        if only is None or match.game == only:
            by_game.setdefault(match.game, []).append(match)
    return {name: rate(played, history) for name, played in by_game.items()}


def win_chances(ratings: Ratings, teams: Sequence[Sequence[str]]) -> tuple[float, ...] | None:
    """Each team's chance to win the table, OpenSkill's `predict_win` on their ratings now
    (they sum to 1); None unless every person at the table has a rating history (a
    newcomer's default rating would only guess)."""
    if len(teams) < 2 or any(p not in ratings.players for team in teams for p in team):
        return None
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rated = [
        [model.rating(mu=ratings.players[p].mu, sigma=ratings.players[p].sigma) for p in team]
        for team in teams
    ]
    return tuple(model.predict_win(rated))
