"""`tournament create --first-round`: round 1 by lot from the CLI, its seed on the record,
the draw kept through a `rebuild`; by registration or rating when asked; refusals."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import Cli, refused
from tests.cli.test_season_cmd import NAMES, seats
from tourney.tournament.seating.lot import drawn


@pytest.fixture(autouse=True)
def _the_default_first_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """The product's own default, not the one the other tests keep (tests/conftest.py)."""
    monkeypatch.delenv("TOURNEY_FIRST_ROUND", raising=False)


def created(cli: Cli, *options: str) -> dict[str, object]:
    document: dict[str, object] = json.loads(
        cli.ok("tournament", "create", "Lot", "--table-size", "2", "--json", *options).stdout
    )
    return document


def ids_by_name(cli: Cli) -> dict[str, str]:
    shown = json.loads(cli.ok("tournament", "show", "--json", "-t", "lot").stdout)
    return {p["name"]: p["id"] for p in shown["players"]}


def test_without_ratings_round_one_is_drawn_by_the_recorded_seed(cli: Cli) -> None:
    settings = created(cli)
    assert settings["seeding"] == "auto"
    seed = settings["draw_seed"]
    assert isinstance(seed, int)
    for name in NAMES:
        cli.ok("player", "add", name)
    cli.ok("pair")
    ids = ids_by_name(cli)
    names = {v: k for k, v in ids.items()}
    order = [names[e] for e in drawn(seed, ids.values())]
    tables = [sorted(order[i : i + 2]) for i in range(0, 8, 2)]
    assert [sorted(t) for t in seats(cli, "lot")] == tables
    document = json.loads(cli.ok("pairings", "--json", "--round", "1").stdout)
    assert document["notes"][0].startswith(f"round 1 drawn by lot (seed {seed}): ")
    before = seats(cli, "lot")
    cli.ok("rebuild")
    assert seats(cli, "lot") == before


def test_first_round_registration_and_the_old_seeding_option(cli: Cli) -> None:
    settings = created(cli, "--first-round", "registration")
    assert settings["seeding"] == "registration" and "draw_seed" not in settings
    for name in NAMES[:4]:
        cli.ok("player", "add", name)
    cli.ok("pair")
    assert [sorted(t) for t in seats(cli, "lot")] == [["Ana", "Bo"], ["Cy", "Di"]]
    old = json.loads(cli.ok("tournament", "create", "Old", "--seeding", "rating", "--json").stdout)
    assert old["seeding"] == "rating" and "draw_seed" not in old


def test_players_with_ratings_are_seeded_by_them_by_default(cli: Cli) -> None:
    created(cli)
    for name, rating in zip(NAMES[:4], (1200, 1900, 1500, 1700), strict=True):
        cli.ok("player", "add", name, "--rating", str(rating))
    cli.ok("pair")
    assert [sorted(t) for t in seats(cli, "lot")] == [["Bo", "Di"], ["Ana", "Cy"]]


def test_an_unknown_first_round_is_refused_naming_the_option(cli: Cli) -> None:
    refused(cli, "tournament", "create", "Lot", "--first-round", "dice",
            message="--first-round 'dice'")  # fmt: skip


def test_help_says_the_default(cli: Cli) -> None:
    text = " ".join(cli.ok("tournament", "create", "--help").stdout.split())
    assert "--first-round" in text
    assert "Default: random when no player has a rating" in text.replace("│ ", "")


def test_a_clubs_default_first_round_from_the_environment(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOURNEY_FIRST_ROUND", "registration")
    assert created(cli)["seeding"] == "registration"
