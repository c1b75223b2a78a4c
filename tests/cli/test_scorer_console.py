"""`tourney record`: the console driven end to end through a real terminal."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import Cli, hidden_match, summary
from tests.cli.terminal import TOURNEY, Terminal
from tourney.games.horserace import (
    Event,
    HandStarted,
    Match,
    Passed,
    TileDrawn,
    TilePlaced,
    TilesRevealed,
)
from tourney.games.horserace.commands import targets

PROMPT = r"\nK3 [^\n]*> $"


class LazyConsole:
    """``tourney record K3`` on a pty, started when the test first types or reads: a test
    sets the table up with one-shot commands first, and a console started before them
    would open a stale table (or none), as a real scorer who opened it too early would."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        self._args, self._cwd = args, cwd
        self._terminal: Terminal | None = None

    @property
    def terminal(self) -> Terminal:
        if self._terminal is None:
            self._terminal = Terminal(self._args, self._cwd)
        return self._terminal

    def send(self, keys: str) -> None:
        self.terminal.send(keys)

    def expect(self, pattern: str, timeout: float = 10.0) -> str:
        return self.terminal.expect(pattern, timeout)

    def wait(self, timeout: float = 30.0) -> int:
        return self.terminal.wait(timeout)

    @property
    def text(self) -> str:
        return self.terminal.text

    def close(self) -> None:
        if self._terminal is not None:
            self._terminal.close()


@pytest.fixture
def console(cli: Cli, tmp_path: Path) -> Iterator[LazyConsole]:
    terminal = LazyConsole([TOURNEY, "record", "K3", "--db", cli.db], tmp_path)
    yield terminal
    terminal.close()


def notation(match: Match, event: Event, n: int) -> str:
    """How a scorer types ``event``, varying the notation as people do."""
    if isinstance(event, HandStarted):
        return f"h {event.opener}"
    if isinstance(event, TilePlaced):
        tile, on = event.tile, event.on
        if on is None:
            return f"{tile.high}{tile.low}" if n % 2 else tile.text
        if n % 3 == 0:
            return f"{tile.high}-{tile.low} on {on}"
        if n % 3 == 1:
            return f"{tile.high}{tile.low} {on.high}{on.low}"
        if targets(match, tile) == [on]:
            return f"[{tile.high}|{tile.low}]"  # the target left out: only one table tile fits
        return f"{tile} on {on}"
    if isinstance(event, TileDrawn):
        return "d" if event.tile is None else f"d {event.tile}"
    if isinstance(event, Passed):
        return "p"
    assert isinstance(event, TilesRevealed)
    tiles = " ".join(t.text for t in event.tiles)
    if match.reveals_needed[0] == event.player and n % 2:
        return tiles  # at the "reveal NAME>" prompt the tiles alone will do
    return f"r {event.player.lower()} {tiles}"


def test_a_whole_match_with_typos_and_undos(cli: Cli, tmp_path: Path) -> None:
    events = hidden_match(seed=11)
    cli.ok("start", "K3", "--players", "Ann,Bo")
    terminal = Terminal([TOURNEY, "record", "K3", "--db", cli.db], tmp_path)
    try:
        terminal.expect(PROMPT)
        match = Match()
        match.apply(events[0])
        typos = undos = 0
        for n, event in enumerate(events[1:], 1):
            line = notation(match, event, n)
            if n % 9 == 4:
                terminal.send("9-9\r" if n % 2 else "xyz\r")
                said = terminal.expect(PROMPT)
                assert "error: " in said and ("9-9" in said or "'xyz'" in said), said
                typos += 1
            terminal.send(line + "\r")
            said = terminal.expect(PROMPT)
            assert "error" not in said, (line, said)
            if n % 13 == 6:
                terminal.send("u\r")
                assert "undid" in terminal.expect(PROMPT)
                terminal.send(line + "\r")
                assert "error" not in terminal.expect(PROMPT)
                undos += 1
            match.apply(event)
            if isinstance(event, TilePlaced) and match.placements[-1].points:
                assert "Ann " in said and "Bo " in said  # running totals echoed
        assert "Result: " in said
        assert match.finished and typos > 5 and undos > 5
        terminal.send("q\r")
        assert terminal.wait() == 0
    finally:
        terminal.close()
    assert "Hand 1 ends: " in terminal.text and "credits" in terminal.text
    record = tmp_path / "t3.jsonl"
    cli.ok("export", "K3", "-o", str(record))
    replayed = subprocess.run(
        [TOURNEY, "replay", str(record), "--json"], capture_output=True, text=True, check=True
    )
    result = json.loads(replayed.stdout)
    expected = summary(events)
    assert result["sides"] == expected["sides"] and result["winners"] == expected["winners"]
    assert result["hands"] == expected["hands"]


def test_tab_completes_the_tiles_and_targets_legal_now(cli: Cli, console: LazyConsole) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.ok("hand", "K3", "--opener", "Ann")
    cli.ok("place", "K3", "5-5")
    console.expect(PROMPT)
    console.send("53 o\t")
    console.expect("53 on $")
    console.send("\t")  # only 5-5 takes 5-3
    console.expect("5-5 $")
    console.send("\r")
    assert "places 3-5 on 5-5" in console.expect(PROMPT)
    console.send("d 5-\t\t")  # Bo draws: every tile with a 5 not on the table
    listed = console.expect(r"5-6 ")
    assert "5-0" in listed and "5-5" not in listed and "5-3" not in listed
    console.send("\x15\r")  # Ctrl-U clears the line
    console.expect(PROMPT)
    console.send("q\r")
    assert console.wait() == 0


@pytest.mark.parametrize("key", ["\x04", "\x03"], ids=["ctrl-d", "ctrl-c"])
def test_leaving_keeps_everything_recorded(cli: Cli, console: LazyConsole, key: str) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    console.expect(PROMPT)
    console.send("h Ann\r")
    console.expect(PROMPT)
    console.send("55\r")
    assert "+2" in console.expect(PROMPT)
    # Ctrl-C leaves from a half-typed line; Ctrl-D (end of input) from an empty one.
    # CPython's readline loop sees a SIGINT only when it interrupts its select(), so one
    # landing in the microseconds between readline's echo and that select() waits for the
    # next key (a race of the interpreter's, seen when the test woke on the echo that
    # instant): Ctrl-C is pressed again while the console runs, as a person would.
    if key == "\x03":
        console.send("5-")
        console.expect(r"5-$")
        assert console.terminal.press_until_exit(key) == 0
    else:
        console.send(key)
        assert console.wait() == 0
    assert "Left K3 at v3: everything recorded is kept." in console.text
    assert cli.version() == 3
    state = json.loads(cli.ok("show", "K3", "--json").stdout)
    assert state["layout"][0]["tile"] == "5-5" and state["continuation_owed"] is True


def test_the_console_refuses_a_match_not_started(cli: Cli, console: LazyConsole) -> None:
    assert console.wait() == 1
    assert "error: match K3 has not started: tourney start K3 --players" in console.text
    assert cli.version() == 0


def test_in_a_known_hands_match_h_deals_and_the_engine_checks_every_tile(cli: Cli) -> None:
    from io import StringIO

    from tourney.scorer.console import Console
    from tourney.scorer.desk import Desk
    from tourney.store.eventstore import EventStore

    cli.ok("start", "K3", "--players", "Ann,Bo", "--known")
    lines = iter(["h Ann", "?", "s", "u", "h", "h Bo", "q"])
    out = StringIO()
    desk = Desk(EventStore.from_url(cli.db), "K3")
    try:

        def read(prompt: str) -> str:
            out.write(prompt)
            return next(lines)

        Console(desk, out=out, read=read).run()
    finally:
        desk.close()
    said = out.getvalue()
    assert "Hand 1 — Ann opens (known hands)" in said
    assert "u / redo     take back the last event" in said  # the help
    assert "v3: undid v2 hand_started Ann" in said
    assert "error: 'opener' is missing: the first hand, the opener is chosen by lot" in said
    assert "Hand 1 — Bo opens (known hands)" in said and "K3 Bo> " in said
    state = json.loads(cli.ok("show", "K3", "--json").stdout)
    assert state["hand"]["known"] is True and state["to_move"] == "Bo"
    bo = next(e for e in desk.stored if e.version == 4).payload["deal"]["Bo"]
    ann = next(e for e in desk.stored if e.version == 4).payload["deal"]["Ann"]
    assert len(bo) == len(ann) == 7
    cli.refused("place", "K3", ann[0], message=f"Bo does not hold {ann[0]} (Ann holds it)")
