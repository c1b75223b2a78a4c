"""Ratings as a pure fold: checked against openskill called directly on ranks written out
here by hand (never computed by the code under test)."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from tourney.season.nights import Night, night_of
from tourney.season.ratings import rate, rated_matches, table_ranks
from tourney.tournament.entry_events import PartnershipFormed
from tourney.tournament.events import (
    PairedTable,
    PlayerRegistered,
    RoundPaired,
    TournamentCreated,
    TournamentEvent,
)
from tourney.tournament.matches import Outcome
from tourney.tournament.result_events import (
    AdjudicatedResult,
    Forfeit,
    MatchResultRecorded,
    MatchResultWithdrawn,
    MatchVoided,
    NoShow,
    ResultEntered,
)


class Stored(NamedTuple):
    position: int
    type: str
    payload: dict[str, Any]


def stored(events: list[tuple[int, TournamentEvent]]) -> list[Stored]:
    return [Stored(position, e.type, e.to_payload()) for position, e in events]


def night(slug: str, events: list[tuple[int, TournamentEvent]]) -> Night:
    return night_of(slug, stored(events))


def by_name(_slug: str, player_id: str) -> str:
    return player_id


def setup(
    slug: str, players: list[str], tables: list[list[str]], start: int = 1
) -> list[tuple[int, TournamentEvent]]:
    """A tournament of individuals with one round paired (positions from `start`)."""
    events: list[TournamentEvent] = [
        TournamentCreated(slug, slug, "swiss", 4, 3),
        *(PlayerRegistered(p, p) for p in players),
        RoundPaired(
            1,
            tuple(
                PairedTable(i, tuple(seats), f"{slug}-t{i}") for i, seats in enumerate(tables, 1)
            ),
        ),
    ]
    return [(start + i, e) for i, e in enumerate(events)]


def openskill_by_hand(
    steps: list[tuple[list[list[str]], list[float]]],
) -> dict[str, tuple[float, float]]:
    model = PlackettLuce()
    held: dict[str, Any] = {}
    for teams, ranks in steps:
        rated = model.rate(
            [[held.get(p) or model.rating(name=p) for p in team] for team in teams], ranks=ranks
        )
        for team, new in zip(teams, rated, strict=True):
            for person, rating in zip(team, new, strict=True):
                held[person] = rating
    return {p: (r.mu, r.sigma) for p, r in held.items()}


def close(got: dict[str, tuple[float, float]], want: dict[str, tuple[float, float]]) -> None:
    assert set(got) == set(want)
    for person, (mu, sigma) in want.items():
        assert got[person] == pytest.approx((mu, sigma), abs=1e-9), person


def ratings_of(nights: list[Night]) -> dict[str, tuple[float, float]]:
    result = rate(rated_matches(nights, by_name))
    return {p: (r.mu, r.sigma) for p, r in result.players.items()}


def test_table_ranks_winners_first_then_score_with_ties() -> None:
    assert table_ranks(Outcome((61, 40, 20, 10), (0,)), range(4)) == (1, 2, 3, 4)
    assert table_ranks(Outcome((61, 63, 20, 20), (0, 1)), range(4)) == (1, 1, 3, 3)
    # Racehorse: nets, the top net the winner; a score above the winners' cannot outrank them
    assert table_ranks(Outcome((-3, 5, 0, -2, 0), (1,)), range(5)) == (5, 1, 2, 4, 2)
    assert table_ranks(Outcome((30, 61), (1,)), [0, 1]) == (2, 1)


@given(
    st.lists(st.integers(-60, 80), min_size=2, max_size=8).flatmap(
        lambda scores: st.tuples(
            st.just(tuple(scores)),
            st.sets(st.integers(0, len(scores) - 1), min_size=1, max_size=len(scores)),
            st.sets(st.integers(0, len(scores) - 1), max_size=len(scores) - 2),
        )
    )
)
def test_a_side_s_rank_is_one_more_than_the_sides_ahead_of_it(
    table: tuple[tuple[int, ...], set[int], set[int]],
) -> None:
    """Standard competition ranking, as stated: ahead means a winner over a side that did
    not win, else a higher score between two that did not (winners are level), counted
    among the sides rated (those that did not forfeit)."""
    scores, winners, forfeited = table
    sides = [s for s in range(len(scores)) if s not in forfeited]

    def ahead(other: int, side: int) -> bool:
        if (other in winners) != (side in winners):
            return other in winners
        return side not in winners and scores[other] > scores[side]

    expected = tuple(1 + sum(ahead(o, s) for o in sides) for s in sides)
    assert table_ranks(Outcome(scores, tuple(sorted(winners))), sides) == expected


def test_ratings_match_openskill_in_the_order_results_were_recorded() -> None:
    players = ["a", "b", "c", "d", "e", "f", "g", "h"]
    one = setup("one", players, [["a", "b", "c", "d"], ["e", "f", "g", "h"]])
    # table 2's result lands first in the log, table 1's later: rated in that order
    one += [
        (20, MatchResultRecorded("one-t2", (61, 61, 30, 12), (0, 1))),
        (30, ResultEntered("one-t1", (12, 61, 40, 40), (1,))),
    ]
    two = setup("two", ["a", "e", "c", "g"], [["a", "e", "c", "g"]], start=21)
    two += [(40, AdjudicatedResult("two-t1", (61, 50, 20, 55), (0,), "sheet"))]
    got = ratings_of([night("one", one), night("two", two)])
    want = openskill_by_hand(
        [
            ([["e"], ["f"], ["g"], ["h"]], [1, 1, 3, 4]),
            ([["a"], ["b"], ["c"], ["d"]], [4, 1, 2, 2]),
            ([["a"], ["e"], ["c"], ["g"]], [1, 3, 4, 2]),
        ]
    )
    close(got, want)
    assert (
        rate(rated_matches([night("one", one), night("two", two)], by_name)).players["a"].matches
        == 2
    )


def test_forfeits_no_shows_voids_and_withdrawn_results_are_not_rated() -> None:
    players = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]
    tables = [players[0:4], players[4:8], players[8:12]]
    events = setup("n", players, tables)
    events += [
        (50, Forfeit("n-t1", (1,), "left", "share")),
        (51, NoShow("n-t2", ("e",))),
        (52, MatchResultRecorded("n-t3", (61, 0, 0, 0), (0,))),
        (53, MatchResultWithdrawn("n-t3")),
    ]
    assert ratings_of([night("n", events)]) == {}
    events.append((54, MatchVoided("n-t3", "wrong tiles")))
    assert ratings_of([night("n", events)]) == {}


def test_a_side_that_forfeited_while_the_others_played_on_is_left_out() -> None:
    events = setup("n", ["a", "b", "c", "d"], [["a", "b", "c", "d"]])
    events += [
        (50, Forfeit("n-t1", (1,), "left", "play_on")),
        (51, ResultEntered("n-t1", (61, 0, 30, 20), (0,))),
    ]
    close(
        ratings_of([night("n", events)]),
        openskill_by_hand([([["a"], ["c"], ["d"]], [1, 2, 3])]),
    )


def test_partnerships_are_teams_of_two() -> None:
    events: list[tuple[int, TournamentEvent]] = [
        (1, TournamentCreated("p", "p", "swiss", 4, 3, partnerships=True)),
        *((i + 2, PlayerRegistered(p, p)) for i, p in enumerate("abcd")),
        (10, PartnershipFormed("t1", "AC", ("a", "c"))),
        (11, PartnershipFormed("t2", "BD", ("b", "d"))),
        (12, RoundPaired(1, (PairedTable(1, ("a", "b", "c", "d"), "p-t1"),))),
        (13, MatchResultRecorded("p-t1", (40, 61), (1,))),
    ]
    close(
        ratings_of([night("p", events)]),
        openskill_by_hand([([["a", "c"], ["b", "d"]], [2, 1])]),
    )


def test_a_corrected_result_re_rates_from_where_it_stands() -> None:
    players = ["a", "b", "c", "d"]
    first = setup("one", players, [players])
    first += [(10, MatchResultRecorded("one-t1", (61, 40, 20, 10), (0,)))]
    second = setup("two", players, [["d", "c", "b", "a"]], start=11)
    second += [(20, MatchResultRecorded("two-t1", (61, 40, 20, 10), (0,)))]
    before = ratings_of([night("one", first), night("two", second)])
    close(
        before,
        openskill_by_hand(
            [
                ([["a"], ["b"], ["c"], ["d"]], [1, 2, 3, 4]),
                ([["d"], ["c"], ["b"], ["a"]], [1, 2, 3, 4]),
            ]
        ),
    )
    # The first night's table is corrected after the second night: it is still rated first.
    first.append((30, AdjudicatedResult("one-t1", (10, 20, 40, 61), (3,), "sheet misread")))
    after = ratings_of([night("one", first), night("two", second)])
    close(
        after,
        openskill_by_hand(
            [
                ([["a"], ["b"], ["c"], ["d"]], [4, 3, 2, 1]),
                ([["d"], ["c"], ["b"], ["a"]], [1, 2, 3, 4]),
            ]
        ),
    )
    # ... and voiding it leaves the second night alone rated.
    first.append((31, MatchVoided("one-t1", "")))
    close(
        ratings_of([night("one", first), night("two", second)]),
        openskill_by_hand([([["d"], ["c"], ["b"], ["a"]], [1, 2, 3, 4])]),
    )


def test_one_person_at_two_sides_of_a_table_is_not_rated() -> None:
    events = setup("n", ["a", "b", "c", "d"], [["a", "b", "c", "d"]])
    events += [(10, MatchResultRecorded("n-t1", (61, 40, 20, 10), (0,)))]
    same = rated_matches([night("n", events)], lambda _s, p: "x" if p in "ab" else p)
    assert same == []


def test_history_records_before_and_after_of_every_member() -> None:
    events = setup("n", ["a", "b"], [["a", "b"]])
    events += [(10, MatchResultRecorded("n-t1", (61, 3), (0,)))]
    result = rate(rated_matches([night("n", events)], by_name))
    (update,) = result.updates
    assert update.before == ((25.0, 25 / 3), (25.0, 25 / 3))
    assert update.after == tuple(
        (r.mu, r.sigma) for r in (result.players["a"], result.players["b"])
    )
    assert result.ranked()[0][0] == "a"


def test_without_history_the_ratings_and_the_count_are_the_same() -> None:
    """`tourney ratings` keeps the updates only for --history: the ratings do not depend
    on it."""
    events = setup("n", ["a", "b", "c", "d"], [["a", "b", "c", "d"]])
    events += [(10, MatchResultRecorded("n-t1", (61, 3, 20, 61), (0, 3)))]
    events += [(11, MatchResultRecorded("n-t1", (10, 61, 20, 5), (1,)))]  # corrected
    matches = rated_matches([night("n", events)], by_name)
    kept, bare = rate(matches), rate(matches, history=False)
    assert bare.players == kept.players and len(bare.players) == 4
    assert (bare.rated, kept.rated, len(kept.updates), bare.updates) == (1, 1, 1, [])


def test_each_game_is_rated_on_its_own_results() -> None:
    """A Racehorse night after a Horse Race night of the same people: the card game's
    ratings are openskill on the card tables alone, the dominoes' on the dominoes' alone
    (they were one set of ratings, so a Racehorse table's chances came from dominoes)."""
    from tourney.season.ratings import rate_games

    dominoes = setup("dom", ["a", "b", "c", "d"], [["a", "b", "c", "d"]])
    dominoes += [(10, MatchResultRecorded("dom-t1", (61, 40, 20, 10), (0,)))]
    cards: list[tuple[int, TournamentEvent]] = [
        (11, TournamentCreated("cards", "cards", "swiss", 5, 1, game="racehorse")),
        *((12 + i, PlayerRegistered(p, p)) for i, p in enumerate("abcde")),
        (20, RoundPaired(1, (PairedTable(1, ("a", "b", "c", "d", "e"), "cards-t1"),))),
        (21, AdjudicatedResult("cards-t1", (-4, -1, 0, 1, 4), (4,), "sheet")),
    ]
    nights = [night("dom", dominoes), night("cards", cards)]
    games = rate_games(rated_matches(nights, by_name))
    assert list(games) == ["horse-race", "racehorse"]
    mine = {g: {p: (r.mu, r.sigma) for p, r in rated.players.items()} for g, rated in games.items()}
    close(mine["horse-race"], openskill_by_hand([([["a"], ["b"], ["c"], ["d"]], [1, 2, 3, 4])]))
    close(
        mine["racehorse"],
        openskill_by_hand([([["a"], ["b"], ["c"], ["d"], ["e"]], [5, 4, 3, 2, 1])]),
    )
    assert games["racehorse"].players["a"].matches == 1
    # one game asked for: that game's alone, empty when it has no rated match yet
    assert list(rate_games(rated_matches(nights, by_name), "racehorse")) == ["racehorse"]
    assert rate_games(rated_matches(nights[:1], by_name), "racehorse")["racehorse"].players == {}
    # a club that plays one game: the same ratings as before there were games to tell apart
    one = rate_games(rated_matches(nights[:1], by_name))
    assert list(one) == ["horse-race"]
    assert one["horse-race"].players == rate(rated_matches(nights[:1], by_name)).players
