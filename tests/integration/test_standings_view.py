"""The tournament read models on both backends: after a whole club night they say what the
fold of the tournament stream says, `tourney standings --json` reads them and prints the
document the fold gives, a rebuild (and `tourney rebuild`) yields identical tables, and a
downgrade past them followed by an upgrade rebuilds them from the events."""

from __future__ import annotations

import functools
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from tests.integration.matches import dump
from tests.support import engine_of, postgresql_in_test_all
from tourney.cli.app import app
from tourney.demo.clubnight import run_club_night
from tourney.director.desk import DirectorDesk
from tourney.errors import TourneyError
from tourney.gamekit.stored import HORSE_RACE
from tourney.projections import default_projections, open_store, remembering
from tourney.projections.standings_view import read_standings
from tourney.reports.standings import standings_json, standings_json_of
from tourney.store import migrate
from tourney.store.eventstore import EventStore, NewEvent
from tourney.store.projector import Projector
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_register, decide_withdraw
from tourney.tournament.events import TournamentEvent
from tourney.tournament.state import TournamentState
from tourney.tournament.streams import fold_stored, tournament_stream

TABLES = (
    "tournament_views",
    "standings_views",
    "entry_views",
    "rated_views",
    "projection_checkpoints",
)


@pytest.fixture
def store(database_url: str) -> Iterator[EventStore]:
    store, _projector = open_store(database_url)
    with store:
        yield store


def folded_json(store: EventStore, slug: str) -> str:
    return standings_json(fold_stored(list(store.read_stream(tournament_stream(slug)))))


def tournament_row(store: EventStore, slug: str) -> tuple[object, ...]:
    rows = store.fetch_rows(
        "SELECT name, format, table_size, partnerships, target, rounds, rounds_paired, "
        f"players, status FROM tournament_views WHERE slug = {store.mark}",
        (slug,),
    )
    assert len(rows) == 1
    name, format_, size, partners, target, rounds, paired, players, status = rows[0]
    return (name, format_, size, bool(partners), target, rounds, paired, players, status)


@pytest.mark.slow
def test_the_read_model_agrees_with_the_fold_after_a_whole_tournament(
    store: EventStore, database_url: str
) -> None:
    night = run_club_night(store, players=10, rounds=3, seed=5)
    other = run_club_night(store, players=6, rounds=2, table_size=2, seed=9, name="Cup")
    director = DirectorDesk(store)
    director.execute(other.slug, lambda state: decide_withdraw(state, "p3", "went home"))
    for slug in (night.slug, other.slug):
        assert standings_json_of(*read_standings(store, slug)) == folded_json(store, slug)
    assert tournament_row(store, night.slug) == (
        "Club Night", "swiss", 4, False, 61, 3, 3, 10, "finished",
    )  # fmt: skip
    withdrawn = [line for line in read_standings(store, other.slug)[1] if line["withdrawn"]]
    assert [line["entrant_id"] for line in withdrawn] == ["p3"]

    runner = CliRunner()
    shown = runner.invoke(app, ["standings", "--json", "-t", night.slug, "--db", database_url])
    assert shown.exit_code == 0, shown.stderr
    assert shown.stdout == folded_json(store, night.slug)

    before = dump(engine_of(store), *TABLES)
    assert len(before["standings_views"]) == 16
    Projector(store, default_projections()).rebuild(page_size=97)
    assert dump(engine_of(store), *TABLES) == before
    rebuilt = runner.invoke(app, ["rebuild", "--db", database_url])
    assert rebuilt.exit_code == 0, rebuilt.stderr
    assert dump(engine_of(store), *TABLES) == before


def register(state: TournamentState, number: int, name: str) -> list[TournamentEvent]:
    return decide_register(state, f"p{number}", name)


def test_the_read_model_is_current_after_every_append(store: EventStore) -> None:
    director = DirectorDesk(store)
    loaded = director.create(
        lambda state: decide_create(
            state, "Spring", format="swiss", table_size=2, rounds=2, game_name=HORSE_RACE
        )
    )
    assert tournament_row(store, loaded.slug)[-2:] == (0, "registering")
    assert read_standings(store, loaded.slug)[1] == []
    for number, name in enumerate(["Ann", "Bo", "Cy"], 1):
        director.execute(loaded.slug, functools.partial(register, number=number, name=name))
        assert tournament_row(store, loaded.slug)[-2] == number
        assert standings_json_of(*read_standings(store, loaded.slug)) == folded_json(
            store, loaded.slug
        )


@postgresql_in_test_all  # a whole club night: the hand-over is the same SQL on both
def test_a_desk_hands_its_fold_over_and_the_catch_up_folds_only_what_it_appended(
    database_url: str,
) -> None:
    """A command's desk folds the whole tournament to decide; the catch-up after its append
    resumes from that state (`remembering`) instead of reading and folding the stream again,
    and writes the rows a rebuild from the events writes."""
    store, _ = open_store(database_url)
    with store:
        night = run_club_night(store, players=6, rounds=2, table_size=2, seed=9, name="Cup")
    store, projector = open_store(database_url)  # as a new command's process: nothing kept
    with store:
        read: list[tuple[str, int]] = []
        reading = store.read_stream

        def read_stream(stream_id: str, *bounds: int) -> object:
            read.append((stream_id, bounds[0] if bounds else 0))
            return reading(stream_id, *bounds)

        store.read_stream = read_stream  # type: ignore[method-assign, assignment]
        director = DirectorDesk(store, folded=remembering(projector))
        director.execute(night.slug, lambda state: decide_withdraw(state, "p3", "went home"))
        assert read == [(tournament_stream(night.slug), 0)]  # the desk's load, once
        assert standings_json_of(*read_standings(store, night.slug)) == folded_json(
            store, night.slug
        )
        before = dump(engine_of(store), *TABLES)
        assert before["rated_views"]  # the results' positions, noted from the desk's read
        Projector(store, default_projections()).rebuild()
        assert dump(engine_of(store), *TABLES) == before


def test_a_stream_the_core_cannot_fold_has_no_rows(store: EventStore) -> None:
    store.append("tournament-odd", [NewEvent("tournament_opened", {"name": "Odd"})])
    with pytest.raises(TourneyError, match="no tournament 'odd'"):
        read_standings(store, "odd")
    assert dump(engine_of(store), "tournament_views")["tournament_views"] == []


@pytest.mark.slow  # a whole club night, then a migration down and up
def test_downgrade_drops_them_and_upgrade_rebuilds_them(database_url: str) -> None:
    store, _ = open_store(database_url)
    with store:
        night = run_club_night(store, players=8, rounds=2, seed=3)
        before = dump(engine_of(store), "tournament_views", "standings_views")
        migrate.downgrade(engine_of(store), "0002_read_models")
        assert store.fetch_rows("SELECT name FROM projection_checkpoints ORDER BY name", ()) == [
            ("match_views",),
            ("result_policy",),
        ]
    store, _ = open_store(database_url)  # upgrades, then catches the read models up
    with store:
        assert dump(engine_of(store), "tournament_views", "standings_views") == before
        assert standings_json_of(*read_standings(store, night.slug)) == folded_json(
            store, night.slug
        )
