"""The ratings' read models on both backends: what `tourney ratings` reads (`rated_season`:
each tournament's entries and rated tables, the roster applied) is what folding every
tournament's events gives (`rated_matches` over `load_season`), after each append, after a
roster change that makes two entries one person, and after a rebuild.

The season is written event by event with the awkward cases a real one has: a corrected
result, a void, a forfeit while the others play on (then the result entered from the
paper), a no-show, a withdrawn result, a ruling over a result, a round removed and paired
again, partnerships, Racehorse beside Horse Race, and a registration taken back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tourney.director.season import load_season, rated_season
from tourney.errors import TourneyError
from tourney.projections import default_projections, open_store
from tourney.season.ratings import RatedMatch, rated_matches
from tourney.season.roster import ROSTER_STREAM, EntryLinked, PersonRegistered, PersonsMerged
from tourney.store.eventstore import EventStore, NewEvent
from tourney.store.projector import Projector
from tourney.tournament.entry_events import PartnershipFormed, PlayerRemoved
from tourney.tournament.events import (
    PairedTable,
    PlayerRegistered,
    RoundPaired,
    TournamentCreated,
    TournamentEvent,
)
from tourney.tournament.result_events import (
    AdjudicatedResult,
    Forfeit,
    MatchResultRecorded,
    MatchResultWithdrawn,
    MatchVoided,
    NoShow,
    ResultEntered,
)
from tourney.tournament.round_events import RoundRemoved


@pytest.fixture
def store(database_url: str) -> Iterator[EventStore]:
    store, _projector = open_store(database_url)
    with store:
        yield store


def append(store: EventStore, stream: str, *events: TournamentEvent) -> None:
    """Each event its own append, as commands make them (the read models caught up each
    time)."""
    for event in events:
        store.append(stream, [NewEvent(event.type, event.to_payload())])


def folded(store: EventStore) -> list[RatedMatch]:
    season = load_season(store)
    return rated_matches(season.nights, season.club.person_of)


def read(store: EventStore) -> list[RatedMatch]:
    matches, _club = rated_season(store)
    return matches


def table(slug: str, round_: int, number: int, *seats: str, again: str = "") -> PairedTable:
    return PairedTable(number, seats, f"{slug}-r{round_}-t{number}{again}")


def singles(store: EventStore) -> None:
    """Horse Race at tables of 4, eight players and one taken back."""
    slug, stream = "spring", "tournament-spring"
    append(
        store,
        stream,
        TournamentCreated("Spring", slug, "swiss", 4, 3),
        *(PlayerRegistered(f"p{i}", name) for i, name in enumerate(NAMES[:9], 1)),
        PlayerRemoved("p9"),
    )
    first = (table(slug, 1, 1, "p1", "p2", "p3", "p4"), table(slug, 1, 2, "p5", "p6", "p7", "p8"))
    append(store, stream, RoundPaired(1, first))
    t1, t2 = (t.match_id for t in first)
    append(store, stream, MatchResultRecorded(t2, (61, 20, 33, 40), (0,)))
    append(store, stream, MatchResultRecorded(t1, (10, 61, 61, 5), (1, 2)))  # a shared win
    append(store, stream, MatchResultRecorded(t2, (12, 61, 33, 33), (1,)))  # corrected
    second = (table(slug, 2, 1, "p1", "p5", "p2", "p6"), table(slug, 2, 2, "p3", "p7", "p4", "p8"))
    append(store, stream, RoundPaired(2, second))
    s1, s2 = (t.match_id for t in second)
    append(store, stream, Forfeit(s1, (2,), "left", "play_on"))
    append(store, stream, ResultEntered(s1, (61, 30, 0, 12), (0,), note="paper"))
    append(store, stream, NoShow(s2, ("p8",)))  # not rated
    append(store, stream, RoundRemoved(2, "wrong draw", (s1, s2)))
    again = (
        table(slug, 2, 1, "p1", "p3", "p5", "p7", again="-p2"),
        table(slug, 2, 2, "p2", "p4", "p6", "p8", again="-p2"),
    )
    append(store, stream, RoundPaired(2, again))
    a1, a2 = (t.match_id for t in again)
    append(store, stream, MatchResultRecorded(a1, (61, 50, 40, 30), (0,)))
    append(store, stream, AdjudicatedResult(a1, (30, 61, 40, 50), (1,), "miscount"))
    append(store, stream, MatchResultRecorded(a2, (61, 50, 40, 30), (0,)))
    append(store, stream, MatchResultWithdrawn(a2))  # a move undone: no result now
    third = (table(slug, 3, 1, "p1", "p4", "p6", "p7"), table(slug, 3, 2, "p2", "p3", "p5", "p8"))
    append(store, stream, RoundPaired(3, third))
    append(store, stream, MatchVoided(third[0].match_id, "dispute"))
    append(store, stream, MatchResultRecorded(third[1].match_id, (61, 61, 61, 61), (0, 1, 2, 3)))


def partners_and_cards(store: EventStore) -> None:
    """Partnerships at Horse Race, then a Racehorse night at tables of 3."""
    slug, stream = "pairs", "tournament-pairs"
    append(
        store,
        stream,
        TournamentCreated("Pairs", slug, "swiss", 4, 1, partnerships=True),
        *(PlayerRegistered(f"p{i}", name) for i, name in enumerate(NAMES[:4], 1)),
        PartnershipFormed("t1", "Reds", ("p1", "p3")),
        PartnershipFormed("t2", "Blues", ("p2", "p4")),
    )
    paired = table(slug, 1, 1, "p1", "p2", "p3", "p4")
    append(store, stream, RoundPaired(1, (paired,)))
    append(store, stream, MatchResultRecorded(paired.match_id, (40, 61), (1,)))
    slug, stream = "cards", "tournament-cards"
    append(
        store,
        stream,
        TournamentCreated("Cards", slug, "swiss", 3, 1, game="racehorse"),
        *(PlayerRegistered(f"p{i}", name) for i, name in enumerate(NAMES[3:9], 1)),
    )
    tables = (table(slug, 1, 1, "p1", "p2", "p3"), table(slug, 1, 2, "p4", "p5", "p6"))
    append(store, stream, RoundPaired(1, tables))
    append(store, stream, MatchResultRecorded(tables[0].match_id, (12, -4, -8), (0,)))
    append(store, stream, MatchResultRecorded(tables[1].match_id, (-5, 10, 10), (1, 2)))


NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"]


def test_the_read_models_give_the_matches_the_events_fold_to(store: EventStore) -> None:
    singles(store)
    assert read(store) == folded(store)
    partners_and_cards(store)
    matches = read(store)
    assert matches == folded(store)
    # what was rated, by match: corrections where they stand, rulings, the removed round's
    # tables gone, the voided, withdrawn and no-show tables left out
    assert [(m.match, m.ranks) for m in matches if m.tournament == "spring"] == [
        ("spring-r1-t2", (4, 1, 2, 2)),
        ("spring-r1-t1", (3, 1, 1, 4)),
        ("spring-r2-t1-p2", (4, 1, 3, 2)),
        ("spring-r3-t2", (1, 1, 1, 1)),
    ]
    pairs = next(m for m in matches if m.tournament == "pairs")
    assert pairs.teams == (("~ann", "~cy"), ("~bo", "~di")) and pairs.ranks == (2, 1)
    assert {m.game for m in matches} == {"horse-race", "racehorse"}


def test_a_roster_change_is_read_at_once_and_a_rebuild_gives_the_same(store: EventStore) -> None:
    singles(store)
    partners_and_cards(store)
    before = read(store)
    # Bo and Cy were one person all along: the tables they shared are rated no more
    store.append(
        ROSTER_STREAM,
        [
            NewEvent(e.type, e.to_payload())
            for e in (
                PersonRegistered("P1", "Bo"),
                PersonRegistered("P2", "Cy"),
                EntryLinked("spring", "p2", "P1"),
                EntryLinked("spring", "p3", "P2"),
                PersonsMerged("P1", "P2"),
            )
        ],
    )
    merged = read(store)
    assert merged == folded(store) and len(merged) < len(before)
    assert "spring-r1-t1" not in {m.match for m in merged}
    Projector(store, default_projections()).rebuild(page_size=7)
    assert read(store) == merged


def test_a_tournament_whose_events_cannot_be_applied_is_named_not_left_out(
    store: EventStore,
) -> None:
    singles(store)
    partners_and_cards(store)
    # appended around the desks: a result with no scores, which no fold can apply
    store.append("tournament-pairs", [NewEvent("match_result_recorded", {"match_id": "x"})])
    with pytest.raises(TourneyError, match=r"tournament-pairs cannot be rated: its event 10 "):
        read(store)
