"""The club roster as a fold: entries joined by name by default, links, merges, renames."""

from __future__ import annotations

import pytest

from tourney.errors import TourneyError
from tourney.season.roster import (
    Entry,
    EntryLinked,
    PersonRegistered,
    PersonRenamed,
    PersonsMerged,
    RosterEvent,
    club,
    decide_link,
    decide_merge,
    decide_rename,
    fold_roster,
    roster_event,
)

OLD = [
    Entry("n1", "p1", "Zoë Park"),
    Entry("n1", "p2", "Bo"),
    Entry("n2", "p1", "zoe  PARK"),
    Entry("n2", "p2", "Cy"),
]


def applied(events: list[RosterEvent], entries: list[Entry] = OLD) -> object:
    return club(fold_roster(events), entries)


def test_a_database_from_before_the_roster_joins_entries_by_folded_name() -> None:
    known = club(fold_roster([]), OLD)
    assert known.person_of("n1", "p1") == known.person_of("n2", "p1") == "~zoe park"
    assert known.people["~zoe park"].nights == ["n1", "n2"]
    assert known.people["~zoe park"].name == "Zoë Park"
    assert not known.people["~zoe park"].registered
    joined = {join.name: join.tournaments for join in known.joins}
    assert joined["Zoë Park"] == ("n1", "n2")


def test_registering_the_same_name_links_to_the_known_person_and_says_so() -> None:
    known = club(fold_roster([]), OLD)
    events, line = decide_link(known, Entry("n3", "p4", "ZOE PARK"))
    assert events == [
        PersonRegistered("P1", "Zoë Park"),
        EntryLinked("n1", "p1", "P1"),
        EntryLinked("n2", "p1", "P1"),
        EntryLinked("n3", "p4", "P1"),
    ]
    assert line == "ZOE PARK is the club's Zoë Park (P1, 2 nights before)."
    after = club(fold_roster(events), [*OLD, Entry("n3", "p4", "ZOE PARK")])
    assert after.people["P1"].nights == ["n1", "n2", "n3"]


def test_new_registers_another_person_and_then_the_name_is_ambiguous() -> None:
    known = club(fold_roster([]), OLD)
    events, line = decide_link(known, Entry("n3", "p4", "Zoe Park"), new=True)
    assert line == "Zoe Park joins the club roster as P2 (another person of that name)."
    entries = [*OLD, Entry("n3", "p4", "Zoe Park")]
    after = club(fold_roster(events), entries)
    assert after.people["P1"].nights == ["n1", "n2"]  # the old entries stay the first's
    assert after.people["P2"].nights == ["n3"]
    with pytest.raises(TourneyError, match=r"'zoe' is 2 people in the club roster: Zoë Park \(P1"):
        decide_link(after, Entry("n4", "p1", "Zoe"), person="zoe")
    with pytest.raises(TourneyError, match=r"2 people.*say which with --person ID, or --new"):
        decide_link(after, Entry("n4", "p1", "ZOË park"))
    chosen, line = decide_link(after, Entry("n4", "p1", "ZOË park"), person="p2")
    assert chosen == [EntryLinked("n4", "p1", "P2")]


def test_merge_is_one_event_and_everything_follows() -> None:
    known = club(fold_roster([]), OLD)
    events = decide_merge(known, "Bo", "Cy")
    assert events[-1] == PersonsMerged("P1", "P2")
    after = club(fold_roster(events), OLD)
    assert after.person_of("n2", "p2") == after.person_of("n1", "p2") == "P1"
    assert after.people["P1"].nights == ["n1", "n2"]
    assert after.find("Cy") == ["P1"]  # a merged name still finds the person kept
    with pytest.raises(TourneyError, match="are one person already"):
        decide_merge(after, "Bo", "Cy")


def test_rename_keeps_the_entries_and_refuses_another_persons_name() -> None:
    known = club(fold_roster([]), OLD)
    events = decide_rename(known, "bo", "Bob")
    assert events[-1] == PersonRenamed("P1", "Bob")
    after = club(fold_roster(events), OLD)
    assert after.person_of("n1", "p2") == "P1" and after.name_of("P1") == "Bob"
    with pytest.raises(TourneyError, match="is already"):
        decide_rename(after, "Bob", "Cy")
    with pytest.raises(TourneyError, match="no one called 'Al' in the club roster"):
        decide_rename(after, "Al", "Alan")


def test_events_round_trip_through_their_payloads() -> None:
    for event in (
        PersonRegistered("P1", "Ann"),
        PersonRenamed("P1", "Anne"),
        PersonsMerged("P1", "P2"),
        EntryLinked("n1", "p3", "P1"),
    ):
        assert roster_event(event.type, event.to_payload()) == event


def test_a_name_that_looks_like_an_id_is_a_name() -> None:
    known = club(fold_roster([PersonRegistered("P1", "Ann")]), [])
    events, line = decide_link(known, Entry("n1", "p1", "p1"))
    assert events[0] == PersonRegistered("P2", "p1")
    assert line == "p1 joins the club roster as P2."
