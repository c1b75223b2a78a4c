"""`--at VERSION` and submission ids: a script's retry, or two scorers sending the same
unseen draw, record it once (issue 11, item 9)."""

from __future__ import annotations

import subprocess
from concurrent.futures import ThreadPoolExecutor

from tests.cli.conftest import Cli
from tests.cli.terminal import TOURNEY
from tourney.games.horserace import Tile
from tourney.games.horserace.commands import Draw, Place
from tourney.games.horserace.verbs import record as record_command
from tourney.scorer.desk import Desk
from tourney.store.eventstore import EventStore


def _opened(cli: Cli) -> int:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.ok("hand", "K3", "--opener", "Ann")
    cli.ok("place", "K3", "3-4")
    return cli.version()


def test_a_retried_draw_at_the_same_version_is_refused_and_records_nothing(cli: Cli) -> None:
    seen = _opened(cli)
    cli.ok("draw", "K3", "--at", str(seen))
    result = cli.refused("draw", "K3", "--at", str(seen), message="moved on since v3")
    assert "v4 tile_drawn Bo" in result.stderr
    assert cli.version() == seen + 1


def test_a_version_from_the_future_is_refused(cli: Cli) -> None:
    seen = _opened(cli)
    cli.refused("draw", "K3", "--at", str(seen + 5), message="is at version 3")


def test_five_scorers_sending_the_same_unseen_draw_at_once_record_it_once(cli: Cli) -> None:
    seen = _opened(cli)

    def draw(_: int) -> int:
        argv = [str(TOURNEY), "draw", "K3", "--at", str(seen), "--db", cli.db]
        return subprocess.run(argv, capture_output=True, text=True, timeout=60).returncode

    with ThreadPoolExecutor(5) as pool:
        codes = sorted(pool.map(draw, range(5)))
    assert codes == [0, 1, 1, 1, 1]
    assert cli.version() == seen + 1


def test_a_submission_sent_twice_with_its_id_records_once(cli: Cli) -> None:
    seen = _opened(cli)
    with EventStore.from_url(cli.db) as store:
        first = record_command(Desk(store, "K3"), Draw(), at=seen, command_id="phone-7f3a")
    with EventStore.from_url(cli.db) as store:
        again = record_command(Desk(store, "K3"), Draw(), at=seen, command_id="phone-7f3a")
        assert [r.version for r in again] == [r.version for r in first] == [seen + 1]
        assert store.stream_version("match-K3") == seen + 1


def test_an_id_used_on_another_match_is_refused(cli: Cli) -> None:
    _opened(cli)
    cli.ok("start", "K4", "--players", "Cy,Di")
    cli.ok("hand", "K4", "--opener", "Cy")
    with EventStore.from_url(cli.db) as store:
        record_command(Desk(store, "K3"), Draw(), command_id="phone-1")
        other = Desk(store, "K4")
        try:
            record_command(other, Place(Tile.parse("6-6")), command_id="phone-1")
        except Exception as exc:
            assert "was recorded in match-K3, not match-K4" in str(exc)
        else:
            raise AssertionError("a reused submission id was recorded on another match")
        assert store.stream_version("match-K4") == 2
