"""Two scorers recording the same table at once: every append states the version it was
decided against, so the second is refused (a duplicate, or illegal now) or retried against
the new state; the stream never holds a duplicate or an illegal sequence."""

from __future__ import annotations

import io
import re
import subprocess
import threading
from pathlib import Path
from typing import Any, cast

from tests.cli.conftest import Cli, hidden_match
from tests.cli.terminal import TOURNEY, Terminal
from tourney.errors import TourneyError
from tourney.games.horserace import (
    Event,
    Tile,
)
from tourney.games.horserace.commands import Draw, Place, notation
from tourney.games.horserace.record import write_record
from tourney.games.horserace.verbs import record as record_command
from tourney.scorer.desk import Desk
from tourney.store.eventstore import EventStore


def desks(cli: Cli) -> tuple[Desk, Desk]:
    return Desk(EventStore.from_url(cli.db), "K3"), Desk(EventStore.from_url(cli.db), "K3")


def refused(desk: Desk, command: Place | Draw) -> str:
    before = desk.store.stream_version(desk.stream)
    try:
        record_command(desk, command)
    except TourneyError as exc:
        assert desk.store.stream_version(desk.stream) == before
        return str(exc)
    raise AssertionError(f"{command} was recorded")


def test_the_same_event_from_a_stale_scorer_is_not_recorded_twice(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.ok("hand", "K3", "--opener", "Ann")
    cli.ok("place", "K3", "3-4")
    first, second = desks(cli)
    record_command(first, Draw())  # Bo draws a tile nobody saw
    message = refused(second, Draw())  # so does the other scorer, who had not seen it
    assert message == (
        "another scorer has just recorded the same (v4 tile_drawn Bo): not recorded twice"
    )
    assert second.version == 4 and cast(Any, second.match).boneyard_size == 13
    record_command(second, Draw())  # now seen: a second draw is a second draw
    assert second.version == 5


def test_a_stale_event_illegal_now_is_refused_with_the_engines_reason(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.ok("hand", "K3", "--opener", "Ann")
    cli.ok("place", "K3", "5-5")
    first, second = desks(cli)
    record_command(first, Place(Tile.parse("3-5")))  # 13: no score, Bo's turn
    message = refused(second, Place(Tile.parse("1-5")))
    assert message == "it is Bo's turn, not Ann's"
    assert [e.payload.get("tile") for e in second.stored] == [None, None, "5-5", "3-5"]


def test_a_stale_event_still_legal_is_retried_against_the_new_state(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.ok("hand", "K3", "--opener", "Ann")
    cli.ok("place", "K3", "3-4")
    first, second = desks(cli)
    record_command(first, Draw())  # Bo draws, unseen...
    recorded = record_command(second, Place(Tile.parse("1-3")))  # ...and places it: still legal
    assert [r.version for r in recorded] == [5]
    assert second.caught_up[0].type == "tile_drawn"
    first.refresh()
    assert cast(Any, first.match).layout.tiles() == cast(Any, second.match).layout.tiles()


def test_two_one_shot_commands_at_once_record_one_event(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.ok("hand", "K3", "--opener", "Ann")
    for words in (["5-5"], ["0-5"], ["5-6", "on", "5-5"], ["1-6"]):
        before = cli.version()
        runs = [
            subprocess.Popen(
                [TOURNEY, "place", "K3", *words, "--db", cli.db],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(2)
        ]
        results = [(run.wait(30), run.stderr.read() if run.stderr else "") for run in runs]
        codes = sorted(code for code, _ in results)
        assert codes == [0, 1], results
        error = next(err for code, err in results if code == 1)
        assert "is already on the table" in error or "not recorded twice" in error, error
        assert cli.version() == before + 1
    text = cli.ok("export", "K3").stdout
    assert [line.count("tile_placed") for line in text.splitlines()] == [0, 0, 1, 1, 1, 1]


_SEEN = re.compile(r"(?:^|\n)v(\d+): |another scorer recorded v(\d+) ")


def scorer(terminal: Terminal, events: list[Event], log: list[str]) -> None:
    """A scorer at the table: types the next event their screen does not show yet."""
    opening = terminal.expect(r"\nK3 [^\n]*> $", timeout=30)
    found = re.search(r" · v(\d+) ", opening)  # the version the console opened at
    assert found, opening
    shown = int(found.group(1))
    while shown < len(events):
        terminal.send(notation(events[shown]) + "\r")
        said = terminal.expect(r"\nK3 [^\n]*> $", timeout=30)
        log.append(said)
        for own, other in _SEEN.findall(said):
            shown = max(shown, int(own or other))
        if "error" in said:
            assert "not recorded twice" in said, said
    terminal.send("q\r")


def test_two_consoles_record_the_same_match_at_once(cli: Cli, tmp_path: Path) -> None:
    events = hidden_match(seed=4)
    cli.ok("start", "K3", "--players", "Ann,Bo")
    logs: list[list[str]] = [[], []]
    terminals = []
    for n in range(2):
        folder = tmp_path / f"scorer{n}"
        folder.mkdir()
        terminals.append(Terminal([TOURNEY, "record", "K3", "--db", cli.db], folder))
    failures: list[BaseException] = []

    def run(n: int) -> None:
        try:
            scorer(terminals[n], events, logs[n])
        except BaseException as exc:  # reported by the main thread
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(2)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        assert not failures, failures
        assert [t.wait() for t in terminals] == [0, 0]
    finally:
        for terminal in terminals:
            terminal.close()
    expected = io.StringIO()
    write_record(events, expected)
    assert cli.ok("export", "K3").stdout == expected.getvalue()  # no duplicate, all legal
    own = [sum(len(re.findall(r"(?:^|\n)v\d+: ", said)) for said in log) for log in logs]
    refusals = sum(said.count("not recorded twice") for log in logs for said in log)
    print(f"{len(events)} events: recorded {own} by each console, {refusals} refused twice")
    assert sum(own) == len(events) - 1, own  # each event recorded once, by one of them
