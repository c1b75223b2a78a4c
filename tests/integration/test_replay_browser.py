"""Every match replayable (issue 36): the viewer on a published match page, opened as a file
(``file://``), steps through every move of a Horse Race and a Racehorse match, on a phone
and on a desktop, and at every step the scores it shows are `tourney replay --json`'s for
the record `tourney export` writes, cut at that move."""

from __future__ import annotations

import json
import random
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest

from tests.browser import artifact, watch
from tourney.gamekit import game_of
from tourney.reports import paths

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _cli(db: str, *args: str) -> str:
    from typer.testing import CliRunner

    from tourney.cli.app import app

    done = CliRunner().invoke(app, [*args, "--db", db])
    assert done.exit_code == 0, (args, done.stdout, done.stderr)
    return done.stdout


def _first_match(db: str) -> str:
    tables = json.loads(_cli(db, "pairings", "--json"))
    return str(tables["tables"][0]["match"])


@pytest.fixture(scope="module")
def horse_race(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, list[str]]:
    """A bot-played club night of Horse Race, published; a match of it and its record."""
    folder = tmp_path_factory.mktemp("horse-race")
    db = str(folder / "night.db")
    _cli(db, "demo", "--players", "4", "--rounds", "1", "--site", str(folder / "site"))
    match = _first_match(db)
    record = _cli(db, "export", match).splitlines()
    return folder / "site", match, record


@pytest.fixture(scope="module")
def racehorse(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, list[str]]:
    """A Racehorse table of 5 played to its end by bots through a scorer's desk, published."""
    from tourney.games.racehorse.simulate import play_on
    from tourney.scorer.desk import Desk
    from tourney.store.eventstore import EventStore

    folder = tmp_path_factory.mktemp("racehorse")
    db = str(folder / "cards.db")
    _cli(db, "tournament", "create", "Card Night", "--game", "racehorse", "--table-size", "5",
         "--rounds", "1", "--deals", "3")  # fmt: skip
    for name in ("Ann", "Bo", "Cy", "Di", "Ed"):
        _cli(db, "player", "add", name)
    _cli(db, "pair")
    match = _first_match(db)
    with EventStore.from_url(db) as store:
        desk = Desk(store, match)
        for event in play_on(cast(Any, desk.match).copy(), random.Random(7)):
            desk.append_events(partial(list, (event,)))
    _cli(db, "publish", str(folder / "site"))
    return folder / "site", match, _cli(db, "export", match).splitlines()


def _expected(record: list[str]) -> list[list[int]]:
    """Each side's score after each line of the record, as `replay --json` says them."""
    game_ = game_of(json.loads(record[0]))
    scores = []
    for cut in range(1, len(record) + 1):
        summary = json.loads(game_.summary_json(game_.replay_lines(record[:cut]).match))
        sides = summary.get("sides") or summary["players"]
        scores.append([side.get("score", side.get("net")) for side in sides])
    return scores


def _board(page: Page) -> tuple[int, int, list[int]]:
    board = page.locator("#replay-board")
    return (
        int(board.get_attribute("data-move") or -1),
        int(board.get_attribute("data-hand") or -1),
        json.loads(board.get_attribute("data-scores") or "null"),
    )


@pytest.mark.parametrize("which", ["horse_race", "racehorse"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_viewer_steps_through_every_move_with_replays_scores(
    request: pytest.FixtureRequest, which: str, size: str
) -> None:
    site, match, record = request.getfixturevalue(which)
    page: Page = request.getfixturevalue("phone_page" if size == "phone" else "page")
    log = watch(page)
    expected = _expected(record)
    # The last step agrees with the real command too.
    final = json.loads(_cli_replay(site.parent, record))
    sides = final.get("sides") or final["players"]
    assert expected[-1] == [side.get("score", side.get("net")) for side in sides]

    page.goto((site / paths.match_page(match)).resolve().as_uri() + "#h1m0")
    page.locator("#replay-controls").wait_for()  # the positions inflated, the viewer ready
    assert _board(page)[0] == 0
    page.locator("#race svg").wait_for()
    seen = []
    for step in range(len(record)):
        move, hand, scores = _board(page)
        assert move == step and scores == expected[step], (step, scores, expected[step])
        seen.append(hand)
        if step == len(record) // 2:
            artifact(f"replay-{which}-{size}-middle.png").write_bytes(page.screenshot())
        if step < len(record) - 1:
            if step % 2:
                page.keyboard.press("ArrowRight")
            else:
                page.locator('[data-go="next"]').click()
    assert seen == sorted(seen) and seen[-1] >= 1  # hands (deals) in order
    page.keyboard.press("ArrowLeft")
    assert _board(page)[0] == len(record) - 2
    page.locator('[data-go="first"]').click()
    assert _board(page)[0] == 0
    # A link to a move opens the page at that move.
    page.goto((site / paths.match_page(match)).resolve().as_uri() + "#h2m12")
    page.reload()
    page.locator("#replay-controls").wait_for()
    assert _board(page)[:1] == (12,) and _board(page)[2] == expected[12]
    assert page.locator("#replay-board svg[role=img]").get_attribute("aria-label")
    assert log.errors == [], log.errors


def _cli_replay(folder: Path, record: list[str]) -> str:
    path = folder / "record.jsonl"
    path.write_text("\n".join(record) + "\n", encoding="utf-8")
    from typer.testing import CliRunner

    from tourney.cli.app import app

    done = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert done.exit_code == 0, done.stderr
    return done.stdout
