"""The pure decide functions check every value themselves, whoever calls them (the command
line, the web page, an import): nothing out of bounds or unclean becomes an event."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tests.unit.tournament.factory import apply, tournament
from tourney.errors import TourneyError
from tourney.gamekit.stored import HORSE_RACE
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_register
from tourney.tournament.events import PlayerRegistered, TournamentCreated
from tourney.tournament.state import TournamentState


def create(**options: Any) -> TournamentCreated:
    settings: dict[str, Any] = {"format": "swiss", "table_size": 4, "rounds": 4, **options}
    name = settings.pop("name", "Club Night")
    events = decide_create(TournamentState(), name, **settings, game_name=HORSE_RACE)
    assert isinstance(events[0], TournamentCreated)
    return events[0]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rounds": 10**20}, "rounds a number of about 21 digits for 'Club Night' must be 1"),
        ({"rounds": 2**31}, "rounds 2147483648 for 'Club Night' must be 1 to 100"),
        ({"rounds": 0}, "must be 1 to 100"),
        ({"target": 10**28}, "target a number of about 29 digits"),
        ({"target": 0}, "target 0 for 'Club Night' must be 1 to 1000"),
        ({"bye_points": Fraction(10) ** 5000}, "bye points a number of about 5001 digits"),
        ({"bye_points": Fraction(1, 10**5000)}, "bye points 1/a number of about 5001 digits"),
        ({"bye_points": Fraction(-1)}, "must be 0 to 100"),
        ({"bye_points": Fraction(1, 7919)}, "denominator of at most 12"),
        ({"bye_points": 1.5}, "not a fraction"),
        ({"shared_win": "1e-99999999"}, "write a number like 1, 0.5 or 1/3"),
        ({"shared_win": "3/2"}, "must be 0 to 1"),
        ({"table_size": True}, "table size True for 'Club Night': not a whole number"),
        ({"table_size": 5}, "Horse Race tables seat 2 to 4"),
        ({"name": "\x1b\x00"}, "tournament name '\\x1b\\x00' is empty"),
        ({"name": "x" * 81}, "at most 80"),
    ],
)
def test_settings_out_of_bounds_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(TourneyError) as caught:
        create(**options)
    assert message in str(caught.value)


def test_settings_at_the_bounds_are_taken_and_names_cleaned() -> None:
    created = create(
        name="  Zoë's\tCup\u200b ", rounds=100, target=1000, bye_points=Fraction(1, 12)
    )
    assert (created.name, created.slug) == ("Zoë's Cup", "zoe-s-cup")
    assert (created.rounds, created.target, created.bye_points) == (100, 1000, Fraction(1, 12))


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("Eve", {"rating": 10**20}, "rating a number of about 21 digits for 'Eve'"),
        ("Eve", {"rating": -1}, "rating -1 for 'Eve' must be 0 to 10000"),
        ("Eve", {"seed": 0}, "seed 0 for 'Eve' must be 1 to 10000"),
        ("Eve", {"club": "x" * 81}, "club of 'Eve'"),
        ("Eve\udcff", {}, "is not valid text"),
        ("\u200b", {}, "is empty"),
        ("player 1", {}, "'Player 1' is already registered"),
        ("PLAYÉR 1", {}, "names are compared ignoring case and accents"),
    ],
)
def test_registrations_out_of_bounds_are_refused(
    name: str, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(TourneyError) as caught:
        decide_register(tournament(2), "p9", name, **options)
    assert message in str(caught.value)


def test_a_registration_is_stored_cleaned() -> None:
    state = tournament(2)
    events = decide_register(state, "p9", " Eve\x07\nLee ", club="\x1b", rating=10_000, seed=1)
    assert events == [PlayerRegistered("p9", "Eve Lee", None, 10_000, 1)]
    assert apply(state, events).players["p9"].name == "Eve Lee"
