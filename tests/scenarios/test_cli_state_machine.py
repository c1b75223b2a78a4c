"""Random sequences of director and scorer commands, valid and invalid, run through the real
CLI on SQLite and PostgreSQL (issue 11, "Tests (required)"): nothing a user types may lose,
corrupt or wedge the event store.

A hypothesis state machine types commands as a director, scorers and an attacker would:
tournaments with good and absurd settings, hostile player names (control characters, NUL,
ESC, zero-width, very long, lone surrogates), CSV imports, withdrawals, pairing with and
without --override, scorers' moves at tables (legal ones, taken from bots playing the
table's match with real tiles and typed as a scorer at a physical table sees them, and
illegal ones), undo and redo, --at fresh and stale, the director's rulings, ad-hoc matches,
record import (with tournament fields, huge numbers, illegal lines) and export, rebuild,
verify, standings and publish. Commands run in-process through Typer's runner, and now and
then as a `tourney` process, so the console script's path is covered too.

After every command:
- a refusal (exit code not 0) printed one line on stderr, no traceback, and left the
  database exactly as it was (the SQLite file byte for byte; on PostgreSQL every row of
  every table, ordered by the whole primary key);
- an accepted command appended what it said: a command that writes grew the log (a scorer's
  command to the version it printed), a command that reads changed nothing at all.
After every step: `verify` reports nothing, `rebuild` reproduces the read models exactly,
every match stream replays, each tournament table's result is what its own stream replays
to (unless the director ruled on it), and the store still answers (`tournament list`,
`standings`): a database that stops answering counts as wedged, and fails the test.

Bounded for `make test-all` (a derandomized run: the same sequences every time); set
TOURNEY_STATE_MACHINE_EXAMPLES / _STEPS for longer runs, TOURNEY_STATE_MACHINE_SEED to an
integer for other sequences (or to "random"). The figures of a run are printed (pytest -s).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import random
import re
import shutil
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import typer.main
import typer.testing
from hypothesis import HealthCheck, Phase, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from tests.factories.tablesim import hidden_record
from tests.postgres_server import PostgresServer
from tests.scenarios import store_state
from tests.support import tourney_exe
from tourney.cli.app import app
from tourney.director.desk import DirectorDesk
from tourney.games.horserace import (
    Event,
    HandStarted,
    Match,
    MatchStarted,
    Passed,
    TileDrawn,
    TilePlaced,
    TilesRevealed,
)
from tourney.games.horserace.bots import GreedyBot, RandomBot
from tourney.games.horserace.record import event_to_dict
from tourney.games.horserace.simulate import simulate_match
from tourney.games.horserace.tiles import DOUBLE_SIX
from tourney.store.eventstore import EventStore, StoredEvent
from tourney.streams.matches import CLOSED, match_events
from tourney.tournament.state import TournamentState

pytestmark = pytest.mark.slow

EXAMPLES = int(os.environ.get("TOURNEY_STATE_MACHINE_EXAMPLES", "5"))
STEPS = int(os.environ.get("TOURNEY_STATE_MACHINE_STEPS", "30"))
SEED = os.environ.get("TOURNEY_STATE_MACHINE_SEED", "")
PROCESS_ONE_IN, PROCESSES_AT_MOST = 40, 3
"""About one command in this many runs as a `tourney` process instead of in-process, at most
so many in a sequence (a process takes seconds on a busy machine)."""

TRACE = os.environ.get("TOURNEY_STATE_MACHINE_TRACE", "") == "1"
SHRINK = os.environ.get("TOURNEY_STATE_MACHINE_SHRINK", "1") != "0"
VERSION_LINE = re.compile(r"^v(\d+): ", re.MULTILINE)
SAID_IMPORTED = re.compile(r"^imported .* as (\S+): (\d+) events$", re.MULTILINE)
SAID_REGISTERED = re.compile(r"^Registered (\d+) players from ", re.MULTILINE)

# Inputs that still break the store on main, each a defect another branch is fixing: left out
# of the sequences until the fix lands. Each has a probe (PROBES, below) run as a strict
# xfail: when the fix lands the probe passes, the xfail fails the run, and its entry here is
# to be removed, which puts those inputs back into the sequences.
# TOURNEY_STATE_MACHINE_PENDING=all (or a comma-separated list of names) puts them back now.
PENDING: dict[str, str] = {}  # none today: huge numbers and line breaks in ids are back in
INCLUDED = set(os.environ.get("TOURNEY_STATE_MACHINE_PENDING", "").split(","))


def included(name: str) -> bool:
    """Whether the inputs of class `name` go into the sequences."""
    return name not in PENDING or "all" in INCLUDED or name in INCLUDED


# -- what users type ---------------------------------------------------------------------------

PLAIN_NAMES = ["Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu"]
HOSTILE = [
    "\x00",
    "\x1b[31m",
    "\x1b]0;pwned\x07",
    "\x07",
    "\u200b",
    "\u202e",
    "\ufeff",
    "\n",
    "\r\n",
    "\t",
    "\ud800",
    "\udcff",
    "e\u0301",
    "=1+1",
    "<script>x</script>",
    "'",
    '"',
    "\\",
    "-x",
    "--db",
    " ",
    "",
    "💥",
]
names = st.one_of(
    st.sampled_from(PLAIN_NAMES),
    st.builds(
        lambda base, bad, where: base[:where] + bad + base[where:],
        st.sampled_from(PLAIN_NAMES),
        st.sampled_from(HOSTILE),
        st.integers(0, 3),
    ),
    st.text(max_size=12),
    st.sampled_from(["A" * 5000, "  Ann  Lee  ", "ANN", "ann"]),
)
small_ints = st.integers(-3, 12)
huge_ints = st.sampled_from(
    [0, -1, 1000, 10**6, *([2**31, 2**63, 10**20, 10**28] if included("huge-numbers") else [])]
)
match_ids = st.one_of(
    st.builds("K{}".format, st.integers(1, 4)),
    st.builds("T{}".format, st.integers(1, 5)),
    st.sampled_from(["K 1", "", "k" * 65, "../K1", "K1\x00", "K1\x1b", "x-r2-t1", "K1\u200b"]),
    st.sampled_from(["K1\n", "T3\n", "K1\r\n"] if included("line-breaks-in-ids") else ["K2"]),
)
BAD_NUMBERS = ["nan", "inf", "-1", "1/0", "x", "", "0.1", "1/3"]
if included("huge-numbers"):
    BAD_NUMBERS += ["1e999", "1e308", "10" * 40, "99999999999999999999/7"]


@dataclass
class Ran:
    """One command as it ran: its arguments, exit code, output and any escaped exception."""

    args: list[str]
    code: int
    stdout: str
    stderr: str
    exception: BaseException | None
    process: bool

    def describe(self) -> str:
        how = "process" if self.process else "in-process"
        return (
            f"tourney {' '.join(map(repr, self.args))} ({how}) exit {self.code}\n"
            f"stdout: {self.stdout[-600:]!r}\nstderr: {self.stderr[-600:]!r}"
        )


@dataclass
class Figures:
    """What a run did, per backend (printed at the end, and reported)."""

    sequences: int = 0
    steps: int = 0
    commands: Counter[str] = field(default_factory=Counter)
    refused: int = 0
    processes: int = 0
    wedged: int = 0
    stored: Counter[str] = field(default_factory=Counter)
    """Events stored by the end of the sequences, by type: what the sequences reached."""

    def line(self, backend: str) -> str:
        ran = ", ".join(f"{name} {n}" for name, n in sorted(self.commands.items()))
        kept = ", ".join(f"{name} {n}" for name, n in sorted(self.stored.items()))
        return (
            f"{backend}: {self.sequences} sequences, {self.steps} steps, "
            f"{sum(self.commands.values())} commands ({self.refused} refused, "
            f"{self.processes} as processes), {self.wedged} wedged databases\n"
            f"  commands: {ran}\n  events stored at the end: {kept}"
        )


FIGURES: dict[str, Figures] = {}

# -- the bots' plan for a table ----------------------------------------------------------------


def plan_for(started: MatchStarted, seed: int) -> list[Event]:
    """The events after `started` of a whole match played by bots with real tiles, as a
    scorer at a physical table records it (hidden hands, every other draw unseen)."""
    bots = [GreedyBot() if n % 2 else RandomBot() for n in range(len(started.players))]
    played = simulate_match(
        random.Random(seed), started.players, started.partnerships, bots, started.target
    )
    return hidden_record(played.events)[1:]


def typed(event: Event, match: Match, draw: Callable[[st.SearchStrategy[Any]], Any]) -> list[str]:
    """The scorer's command that records `event` (words and arguments, before the match)."""
    if isinstance(event, HandStarted):
        by_rule = match.next_opener is not None
        if by_rule and draw(st.booleans()):
            return ["hand"]
        return ["hand", f"--opener={event.opener}"]
    if isinstance(event, MatchStarted):
        raise AssertionError("a match is started by `start`, not typed as a move")
    who = [f"--player={event.player}"] if draw(st.integers(0, 3)) == 3 else []
    if isinstance(event, TilePlaced):
        on = [] if event.on is None else ["on", event.on.text]
        return ["place", *who, "--", "{id}", event.tile.text, *on]
    if isinstance(event, TileDrawn):
        return ["draw", *who, "--", "{id}", *([event.tile.text] if event.tile else [])]
    if isinstance(event, Passed):
        return ["pass", *who]
    if isinstance(event, TilesRevealed):
        return ["reveal", "--", "{id}", event.player, *(t.text for t in event.tiles)]
    raise AssertionError(f"no command types {event!r}")


# -- the machine -------------------------------------------------------------------------------


def new_sqlite_database(folder: Path) -> str:
    """A SQLite file at the current schema, as a user's first command leaves it."""
    path = folder / "tourney.db"
    EventStore.from_url(str(path)).close()
    return str(path)


class CliMachine(RuleBasedStateMachine):
    """The CLI on one fresh database per sequence (`new_database` is set per backend)."""

    backend = "sqlite"
    new_database: Callable[[Path], str] = staticmethod(new_sqlite_database)

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="tourney-sm-"))
        self.db = self.new_database(self.folder)
        self.runner = typer.testing.CliRunner()
        self.history: list[str] = []
        self.plans: dict[str, list[Event]] = {}
        self.exported: list[tuple[str, Path]] = []
        self.open_cache: list[str] | None = None
        self.kept: EventStore | None = None
        self.processes = 0
        self.files = 0
        self.figures = FIGURES.setdefault(self.backend, Figures())
        self.figures.sequences += 1
        self.draw: Callable[[st.SearchStrategy[Any]], Any] = lambda strategy: None
        (self.folder / "notes.txt").write_text("the club's own notes\n", encoding="utf-8")

    def teardown(self) -> None:
        with store_state.connection(self.db) as conn:
            rows = conn.execute("SELECT type, COUNT(*) FROM events GROUP BY type").fetchall()
        self.figures.stored.update({str(kind): int(n) for kind, n in rows})
        if self.kept is not None:
            self.kept.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- running commands ------------------------------------------------------------------

    def fail(self, message: str) -> None:
        last = self.history[-1] if self.history else "(none)"
        earlier = "\n".join(self.history[-12:-1])
        pytest.fail(
            f"{message}\n-- the command ({self.backend}, {self.db}):\n{last}\n"
            f"-- the commands before it:\n{earlier}"
        )

    def run(self, words: Sequence[str], args: Sequence[str] = (), *, process: bool = False) -> Ran:
        """`tourney WORDS --db DB ARGS`, in-process or as a process."""
        argv = [*words, "--db", self.db, *args]
        self.figures.commands[" ".join(words)] += 1
        if process:
            self.figures.processes += 1
            env = {k: v for k, v in os.environ.items() if k != "TOURNEY_DATABASE_URL"}
            env["COLUMNS"] = "200"
            done = subprocess.run(
                [tourney_exe(), *argv],
                capture_output=True,
                cwd=self.folder,
                env=env,
                timeout=300,
                check=False,
            )
            out = done.stdout.decode("utf-8", "replace")
            err = done.stderr.decode("utf-8", "replace")
            ran = Ran(argv, done.returncode, out, err, None, True)
        else:
            result = self.runner.invoke(app, argv)
            escaped = result.exception
            if isinstance(escaped, SystemExit):
                escaped = None
            ran = Ran(argv, result.exit_code, result.stdout, result.stderr, escaped, False)
        self.history.append(ran.describe())
        if TRACE:
            print(
                f"{ran.code} {' '.join(map(repr, words))} {' '.join(map(repr, args))[:150]}"
                f" {ran.stderr.strip()[:150]!r}"
            )
        return ran

    def command(
        self,
        kind: str,
        words: Sequence[str],
        args: Sequence[str] = (),
        *,
        stream: str = "",
        may_fork: bool = True,
        checked: bool = True,
    ) -> Ran:
        """Run a command and check what it did to the database.

        `kind` is "write" (accepted: the log grew), "read" (accepted: nothing changed at
        all), "answer" (a read that must be accepted), "rebuild" (the log unchanged) or
        "file" (writes a file, never the database).
        With `stream`, the versions a scorer's command printed are checked against it.
        Unless `checked`, the caller compares the database before and after itself."""
        safe = may_fork and all("\x00" not in a and not _has_surrogate(a) for a in args)
        process = (
            safe
            and self.processes < PROCESSES_AT_MOST
            and self.draw(st.integers(0, PROCESS_ONE_IN - 1)) == PROCESS_ONE_IN // 3
        )
        self.processes += process
        self.open_cache = None
        before = store_state.fingerprint(self.db) if checked else ""
        count = store_state.event_count(self.db) if checked else 0
        ran = self.run(words, args, process=process)
        text = ran.stdout + ran.stderr
        if ran.exception is not None or "Traceback" in text:
            self.fail(f"a traceback or an escaped exception ({ran.exception!r})")
        if ran.code != 0 and kind == "answer":
            self.fail("a command that reads what is stored was refused")
        if ran.code != 0:
            self.figures.refused += 1
            if checked and store_state.fingerprint(self.db) != before:
                self.fail(f"a refusal (exit {ran.code}) wrote to the database")
            if ran.code != 1 or not ran.stderr.startswith("error: "):
                self.fail(f"a refusal is exit 1 and 'error: ...', not exit {ran.code}")
            if ran.stderr.count("\n") != 1:
                self.fail("a refusal is one line on stderr")
            return ran
        if not checked:
            return ran
        after = store_state.event_count(self.db)
        said = SAID_REGISTERED.search(ran.stdout)
        if said is not None and after - count != int(said.group(1)):
            self.fail(f"said it registered {said.group(1)} players, appended {after - count}")
        if kind == "write" and after <= count and said is None:
            self.fail(f"accepted, but nothing was appended ({count} events before and after)")
        if kind in ("read", "answer", "file") and store_state.fingerprint(self.db) != before:
            self.fail("a command that reads changed the database")
        if kind == "rebuild" and after != count:
            self.fail(f"rebuild changed the log ({count} -> {after} events)")
        imported = SAID_IMPORTED.search(ran.stdout)
        if imported is not None:
            held = self.stream_version(f"match-{imported.group(1)}")
            if held != int(imported.group(2)):
                self.fail(
                    f"said {imported.group(2)} events were imported, but the match has {held}"
                )
        if stream:
            printed = [int(v) for v in VERSION_LINE.findall(ran.stdout)]
            held = self.stream_version(stream)
            if printed and max(printed) != held:
                self.fail(f"printed v{max(printed)}, but {stream} is at v{held}")
        return ran

    # -- what the store holds (read directly, not through the commands under test) --------

    @contextlib.contextmanager
    def store(self) -> Iterator[EventStore]:
        """The store, to read what it holds: on PostgreSQL one kept open (its connections
        are idle between reads); a SQLite file is opened afresh (cheap), so that no
        connection of the test's is open while a command runs."""
        if not store_state.is_postgres(self.db):
            with EventStore.from_url(self.db, upgrade=False) as store:
                yield store
            return
        if self.kept is None:
            self.kept = EventStore.from_url(self.db, upgrade=False)
        yield self.kept

    def tournaments(self) -> dict[str, TournamentState]:
        with self.store() as store:
            desk = DirectorDesk(store)
            return {slug: desk.load(slug).state for slug in desk.slugs()}

    def stream(self, stream: str) -> list[StoredEvent]:
        with self.store() as store:
            return list(store.read_stream(stream))

    def stream_version(self, stream: str) -> int:
        with self.store() as store:
            return store.stream_version(stream)

    def match_streams(self) -> list[str]:
        with self.store() as store:
            rows = store.fetch_rows(
                f"SELECT stream_id FROM streams WHERE stream_id LIKE {store.mark} "
                "ORDER BY stream_id",
                ("match-%",),
            )
        return [str(row[0]) for row in rows]

    def newest(self) -> tuple[str, TournamentState] | None:
        found = self.tournaments()
        if not found:
            return None
        slug = list(found)[-1]
        return slug, found[slug]

    def how_to_name(self, match_id: str) -> str:
        """A table code when it names this match (the newest tournament's latest round),
        else the match id in any case."""
        newest = self.newest()
        if newest is not None and newest[1].rounds:
            for table in newest[1].rounds[-1].tables:
                if table.match_id.upper() == match_id.upper() and self.draw(st.booleans()):
                    return f"T{table.number}"
        return str(self.draw(st.sampled_from([match_id, match_id.lower()])))

    def some_match(self, data: st.DataObject) -> str | None:
        """How a scorer names one of the stored matches (None when there is none)."""
        streams = self.match_streams()
        if not streams:
            return None
        return self.how_to_name(data.draw(st.sampled_from(streams)).removeprefix("match-"))

    def stream_of(self, typed: str) -> str:
        """The stream a scorer's command at `typed` goes to: a table code names the table of
        the newest tournament's latest round, unless an older ad-hoc match has that id."""
        code = re.fullmatch(r"[Tt]([0-9]{1,4})", typed)
        newest = self.newest()
        ad_hoc = self.stream_version(f"match-{typed.upper()}")
        if code and newest is not None and newest[1].rounds and not ad_hoc:
            for table in newest[1].rounds[-1].tables:
                if table.number == int(code.group(1)):
                    return f"match-{table.match_id.upper()}"
        return f"match-{typed.upper()}"

    def new_file(self, suffix: str) -> Path:
        self.files += 1
        return self.folder / f"f{self.files}{suffix}"

    # -- director ----------------------------------------------------------------------------

    @initialize(data=st.data())
    def open_a_tournament(self, data: st.DataObject) -> None:
        """A tournament with players, often paired: most sequences reach the tables."""
        self.draw = data.draw
        self.create_good(data)
        for name in data.draw(
            st.lists(st.sampled_from(PLAIN_NAMES), min_size=4, max_size=9, unique=True)
        ):
            self.command("write", ["player", "add"], ["--", name])
        if data.draw(st.integers(0, 3)) < 3:
            self.pair_a_round(data)

    @rule(data=st.data())
    def create_good(self, data: st.DataObject) -> None:
        self.draw = data.draw
        fmt = data.draw(st.sampled_from(["swiss", "swiss", "round_robin", "elimination"]))
        size = data.draw(st.sampled_from([2, 2, 3, 4]))
        options = [f"--format={fmt}", f"--table-size={size}"]
        options += [f"--rounds={data.draw(st.integers(1, 3))}"]
        options += [f"--target={data.draw(st.sampled_from([1, 5, 10, 15, 25, 61]))}"]
        if size == 4 and data.draw(st.booleans()):
            options.append("--partnerships")
        if data.draw(st.booleans()):
            options.append(f"--bye-points={data.draw(st.sampled_from(['1', '1/2', '0', '2']))}")
        if fmt == "elimination" and size == 2 and data.draw(st.booleans()):
            options.append("--third-place")
        name = data.draw(st.one_of(st.sampled_from(["Club Night", "Cup", "Open"]), names))
        self.command("write", ["tournament", "create"], [*options, "--", name])

    @rule(data=st.data())
    def create_absurd(self, data: st.DataObject) -> None:
        """Settings no tournament can have: refused, or stored without wedging anything."""
        self.draw = data.draw
        option = data.draw(
            st.sampled_from(["rounds", "target", "table-size", "bye-points", "shared-win", "tb"])
        )
        if option in ("rounds", "target", "table-size"):
            value = str(data.draw(st.one_of(huge_ints, small_ints)))
            options = [f"--{option}={value}"]
        elif option == "tb":
            options = [
                "--tie-break=buchholz",
                "--tie-break=" + data.draw(st.sampled_from(["buchholz", "bogus", ""])),
            ]
        else:
            options = [f"--{option}={data.draw(st.sampled_from(BAD_NUMBERS))}"]
        self.command("write", ["tournament", "create"], [*options, "--", data.draw(names)])

    def pick_tournament(self, data: st.DataObject) -> list[str]:
        """`-t SLUG` of one of the tournaments, or nothing (the newest)."""
        found = list(self.tournaments())
        if not found or data.draw(st.booleans()):
            return []
        return [f"--tournament={data.draw(st.sampled_from(found))}"]

    @rule(data=st.data())
    def add_player(self, data: st.DataObject) -> None:
        self.draw = data.draw
        options = self.pick_tournament(data)
        if data.draw(st.integers(0, 3)) == 3:
            options.append(f"--rating={data.draw(st.one_of(small_ints, huge_ints))}")
        if data.draw(st.integers(0, 3)) == 3:
            options.append(f"--seed={data.draw(st.one_of(small_ints, huge_ints))}")
        if data.draw(st.integers(0, 3)) == 3:
            options.append(f"--club={data.draw(names)}")
        self.command("write", ["player", "add"], [*options, "--", data.draw(names)])

    @rule(data=st.data())
    def season(self, data: st.DataObject) -> None:
        """The club's roster and series, with names of every kind (issue 26)."""
        self.draw = data.draw
        first, second = data.draw(names), data.draw(names)
        words, args = data.draw(
            st.sampled_from(
                [
                    (["player", "add"], ["--new", "--", first]),
                    (["player", "add"], [f"--person={second}", "--", first]),
                    (["roster", "rename"], ["--", first, second]),
                    (["roster", "merge"], ["--", first, second]),
                    (["roster", "show"], ["--json", "--", first]),
                    (["series", "create"], ["--best=2", "--", first]),
                    (["series", "add"], ["--", first]),
                    (["series", "next"], ["--", first, second]),
                ]
            )
        )
        if words[0] == "player" or words[-1] == "add":
            args = [*self.pick_tournament(data), *args]
        self.command("read" if words[-1] == "show" else "write", words, args)

    @rule(data=st.data())
    def import_players(self, data: st.DataObject) -> None:
        self.draw = data.draw
        header = data.draw(
            st.sampled_from(
                [
                    ["name"],
                    ["name", "club"],
                    ["name", "rating"],
                    ["name", "seed"],
                    ["nom"],
                    ["name", "name"],
                ]
            )
        )
        rows = []
        for _ in range(data.draw(st.integers(0, 6))):
            row = [data.draw(names)]
            for column in header[1:]:
                row.append(
                    data.draw(names)
                    if column == "club"
                    else str(data.draw(st.one_of(small_ints, huge_ints)))
                )
            rows.append(row)
        text = io.StringIO()
        csv.writer(text).writerows([header, *rows])
        path = self.new_file(".csv")
        path.write_bytes(text.getvalue().encode("utf-8", "surrogatepass"))
        self.command("write", ["player", "import"], [*self.pick_tournament(data), "--", str(path)])

    @rule(data=st.data())
    def withdraw(self, data: st.DataObject) -> None:
        self.draw = data.draw
        found = self.tournaments()
        known = [p.player_id for state in found.values() for p in state.players.values()]
        known += [p.name for state in found.values() for p in state.players.values()]
        who = data.draw(st.one_of(st.sampled_from(known), names) if known else names)
        reason = ["--reason", data.draw(names)] if data.draw(st.booleans()) else []
        self.command(
            "write", ["player", "withdraw"], [*self.pick_tournament(data), *reason, "--", who]
        )

    @rule(data=st.data())
    def pair(self, data: st.DataObject) -> None:
        self.pair_a_round(data)

    @rule(data=st.data())
    def pair_again(self, data: st.DataObject) -> None:
        self.pair_a_round(data)

    def pair_a_round(self, data: st.DataObject) -> None:
        self.draw = data.draw
        options = self.pick_tournament(data)
        if data.draw(st.integers(0, 2)) == 2:
            options.append("--override")
        if data.draw(st.integers(0, 4)) == 4:
            options.append("--deciding")
        self.command("write", ["pair"], options)

    def tournament_matches(self) -> list[tuple[str, str, Any]]:
        """(slug, match id, its record) of every tournament match."""
        return [
            (slug, match_id, record)
            for slug, state in self.tournaments().items()
            for match_id, record in state.matches.items()
        ]

    @rule(data=st.data())
    def rule_on_a_match(self, data: st.DataObject) -> None:
        """A director's ruling: forfeit, no-show, adjudicate or void, right or wrong."""
        self.draw = data.draw
        matches = self.tournament_matches()
        if matches and data.draw(st.integers(0, 5)) < 5:
            slug, match_id, record = data.draw(st.sampled_from(matches))
            sides = len(record.sides)
            where = [f"--tournament={slug}"]
        else:
            match_id, sides, where = data.draw(match_ids), 2, []
        kind = data.draw(st.sampled_from(["forfeit", "no-show", "adjudicate", "void"]))
        side_text = data.draw(
            st.one_of(st.builds(str, st.integers(0, sides + 1)), st.sampled_from(["1,2", "x", ""]))
        )
        reason = data.draw(st.one_of(st.just("the sheet"), names))
        if kind == "forfeit":
            args = [*where, f"--sides={side_text}", f"--reason={reason}", "--", match_id]
        elif kind == "no-show":
            players = [p for state in self.tournaments().values() for p in state.players]
            who = data.draw(
                st.lists(
                    st.one_of(st.sampled_from(players or ["p1"]), names), min_size=1, max_size=2
                )
            )
            args = [*where, "--", match_id, *who]
        elif kind == "adjudicate":
            scores = data.draw(
                st.lists(
                    st.one_of(st.integers(0, 80), huge_ints), min_size=sides - 1, max_size=sides + 1
                )
            )
            args = [
                *where,
                f"--scores={','.join(map(str, scores))}",
                f"--winners={side_text}",
                f"--reason={reason}",
                "--",
                match_id,
            ]
        else:
            args = [*where, f"--reason={reason}", "--", match_id]
        self.command("write", ["director", kind], args)

    # -- scorers -----------------------------------------------------------------------------

    def open_matches(self) -> list[str]:
        """The match ids of streams that can still take moves (started, not closed)."""
        if self.open_cache is None:
            self.open_cache = self.find_open_matches()
        return self.open_cache

    def find_open_matches(self) -> list[str]:
        found = []
        for stream in self.match_streams():
            stored = self.stream(stream)
            if (
                stored
                and stored[0].type == "match_started"
                and not any(e.type == CLOSED for e in stored)
            ):
                found.append(stream.removeprefix("match-"))
        return found

    def next_planned(self, match_id: str) -> tuple[Event | None, Match, int]:
        """The event the bots' plan has next for this match (None when the stream left the
        plan, or the plan is done), the match as replayed, and the stream's version."""
        stored = self.stream(f"match-{match_id}")
        in_force = []
        match = Match()
        for _, event in match_events(stored):
            match.apply(event)
            if isinstance(event, HandStarted) and event.opener is None:  # the rule's opener
                event = HandStarted(match.hands[-1].opener, event.deal, event.extra)
            in_force.append(event)
        if not in_force:  # an ad-hoc match whose start was undone
            return None, match, stored[-1].version
        started = in_force[0]
        assert isinstance(started, MatchStarted)
        if match_id not in self.plans:
            self.plans[match_id] = plan_for(started, self.draw(st.integers(0, 2**16)))
        plan = self.plans[match_id]
        done = in_force[1:]
        if done != plan[: len(done)] or len(done) >= len(plan):
            return None, match, stored[-1].version
        return plan[len(done)], match, stored[-1].version

    def can_play(self) -> bool:
        return bool(self.open_matches())

    @rule(data=st.data())
    def act_at_a_table(self, data: st.DataObject) -> None:
        """Play at a table, or pair the next round when no table is open. (Hypothesis tries
        the rule first in sort order, named so, most: this keeps its simplest sequences
        playing whole tournaments.)"""
        self.draw = data.draw
        if self.can_play():
            self.play_a_table(data, data.draw(st.integers(1, 14)))
        else:
            self.pair_a_round(data)

    @precondition(can_play)
    @rule(data=st.data())
    def play_on(self, data: st.DataObject) -> None:
        self.play_a_table(data, data.draw(st.integers(1, 14)))

    @precondition(can_play)
    @rule(data=st.data())
    def play_a_while(self, data: st.DataObject) -> None:
        self.play_a_table(data, data.draw(st.integers(10, 40)))

    def play_a_table(self, data: st.DataObject, moves: int) -> None:
        """A scorer types the next moves of a table as the bots play them; off the plan
        (after an undo of an older move, say) the scorer undoes the newest move instead."""
        self.draw = data.draw
        matches = self.open_matches()
        match_id = data.draw(st.sampled_from(matches))
        for _ in range(moves):
            event, match, version = self.next_planned(match_id)
            if match.finished and event is None:
                return
            name = self.how_to_name(match_id)
            at = [f"--at={version}"] if data.draw(st.booleans()) else []
            if event is None:
                redo = [] if match.started else ["--redo"]  # put the start back
                words, rest = ["undo"], [*at, *redo, "--", name]
            else:
                args = typed(event, match, data.draw)
                words, rest = args[:1], [*at, *(name if a == "{id}" else a for a in args[1:])]
                if "{id}" not in args:
                    rest.append(name)
            ran = self.command("write", words, rest, stream=f"match-{match_id}")
            if ran.code != 0:
                if event is not None and "closed" not in ran.stderr:
                    self.fail(f"the bots' legal move {event!r} was refused")
                return

    @rule(data=st.data())
    def scorer_noise(self, data: st.DataObject) -> None:
        """A scorer's command typed wrong: a random tile, the wrong turn, a stale --at, a
        table that does not exist, a match id nobody uses."""
        self.draw = data.draw
        matches = self.open_matches()
        if matches and data.draw(st.integers(0, 4)) < 4:
            target = self.how_to_name(data.draw(st.sampled_from(matches)))
        else:
            target = data.draw(match_ids)
        tile = data.draw(st.sampled_from(DOUBLE_SIX)).text
        other = data.draw(st.sampled_from([*(t.text for t in DOUBLE_SIX), "7-7", "x"]))
        who = data.draw(names)
        kind = data.draw(st.sampled_from(["place", "draw", "pass", "reveal", "hand", "deal"]))
        options = []
        if data.draw(st.booleans()):
            options.append(f"--at={data.draw(st.integers(0, 40))}")
        if kind == "place":
            on = ["on", other] if data.draw(st.booleans()) else []
            args = [*options, "--", target, tile, *on]
        elif kind == "draw":
            args = [*options, "--", target, *([tile] if data.draw(st.booleans()) else [])]
        elif kind == "pass":
            args = [*options, f"--player={who}", "--", target]
        elif kind == "reveal":
            args = [*options, "--", target, who, tile, other]
        elif kind == "hand":
            args = [*options, f"--opener={who}", "--", target]
        else:
            args = [*options, f"--seed={data.draw(small_ints)}", "--", target]
        self.command("write", [kind], args, stream=self.stream_of(target))

    @rule(data=st.data())
    def undo(self, data: st.DataObject) -> None:
        self.draw = data.draw
        matches = self.open_matches()
        if not matches:
            return
        match_id = data.draw(st.sampled_from(matches))
        version = self.stream_version(f"match-{match_id}")
        options = []
        choice = data.draw(st.integers(0, 5))
        if choice == 5:
            options.append("--redo")
        if data.draw(st.booleans()):
            options.append(f"--at={data.draw(st.sampled_from([version, version - 1, 0]))}")
        which = [str(data.draw(st.integers(0, version + 1)))] if choice == 4 else []
        self.command(
            "write",
            ["undo"],
            [*options, "--", self.how_to_name(match_id), *which],
            stream=f"match-{match_id}",
        )

    @rule(data=st.data())
    def team(self, data: st.DataObject) -> None:
        """A fixed partnership (tournaments in partnerships need them before round 1)."""
        self.draw = data.draw
        found = self.tournaments()
        ids = [p for state in found.values() for p in state.players] or ["p1"]
        first, second = data.draw(
            st.lists(st.one_of(st.sampled_from(ids), names), min_size=2, max_size=2)
        )
        name = [f"--name={data.draw(names)}"] if data.draw(st.booleans()) else []
        self.command(
            "write", ["player", "team"], [*self.pick_tournament(data), *name, "--", first, second]
        )

    @rule(data=st.data())
    def start_ad_hoc(self, data: st.DataObject) -> None:
        self.draw = data.draw
        players = data.draw(
            st.lists(st.one_of(st.sampled_from(PLAIN_NAMES), names), min_size=1, max_size=5)
        )
        options = [f"--players={','.join(players)}"]
        if data.draw(st.booleans()):
            options.append(f"--target={data.draw(st.one_of(st.integers(1, 20), huge_ints))}")
        if len(players) == 4 and data.draw(st.booleans()):
            options.append("--partnerships")
        match_id = data.draw(st.one_of(match_ids, self.table_shaped_ids(data)))
        self.command("write", ["start"], [*options, "--", match_id])

    def table_shaped_ids(self, data: st.DataObject) -> st.SearchStrategy[str]:
        slugs = list(self.tournaments()) or ["club-night"]
        return st.builds(
            "{}-r{}-t{}".format, st.sampled_from(slugs), st.integers(1, 3), st.integers(1, 3)
        )

    @rule(data=st.data())
    def import_record(self, data: st.DataObject) -> None:
        """A record from a file: a fresh match, one exported here before, or one that claims
        a tournament table, carries huge numbers or ends in an illegal line."""
        self.draw = data.draw
        again = data.draw(st.booleans())
        if self.exported and again:
            origin, path = data.draw(st.sampled_from(self.exported))
            match_id = data.draw(st.one_of(st.just(origin), match_ids, self.table_shaped_ids(data)))
        else:
            path, match_id = self.write_record(data), data.draw(match_ids)
        self.command("write", ["import"], [f"--id={match_id}", "--", str(path)])

    def write_record(self, data: st.DataObject) -> Path:
        players = data.draw(
            st.lists(st.sampled_from(PLAIN_NAMES), min_size=2, max_size=4, unique=True)
        )
        extra: dict[str, Any] = {}
        twists = ["none", "none", "table", "big", "illegal", "json"]
        if included("huge-numbers"):
            twists.append("huge")  # a 5,000-digit number: Python's int() refuses it
        twist = data.draw(st.sampled_from(twists))
        if twist == "table":
            slug = data.draw(st.sampled_from(list(self.tournaments()) or ["club-night"]))
            extra = {"tournament": slug, "match": f"{slug}-r1-t1", "round": 1, "table": 1}
        elif twist == "big":
            extra = {"note": 10**23}
        target = data.draw(st.sampled_from([5, 10, 61]))
        started = MatchStarted(tuple(players), False, target, extra)
        events: list[Event] = [started, *plan_for(started, data.draw(st.integers(0, 999)))]
        events = events[: data.draw(st.integers(1, len(events)))]
        lines = [json.dumps(event_to_dict(event)) for event in events]
        if twist == "huge":
            lines[0] = lines[0][:-1] + ', "note": ' + "9" * 5000 + "}"
        elif twist == "illegal":
            lines.append(json.dumps({"type": "passed", "player": players[0]}))
        elif twist == "json":
            lines.append('{"type": "tile_placed", ')
        path = self.new_file(".jsonl")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return path

    @rule(data=st.data())
    def export(self, data: st.DataObject) -> None:
        self.draw = data.draw
        stored = data.draw(st.integers(0, 4)) < 4
        target = self.some_match(data) if stored else None
        target = target or data.draw(match_ids)
        where = data.draw(st.sampled_from(["new", "new", "existing", "database"]))
        if where == "new":
            out = self.new_file(".jsonl")
        elif where == "existing":
            out = self.new_file(".txt")
            out.write_text("keep me\n", encoding="utf-8")
        else:
            out = Path(self.db) if not store_state.is_postgres(self.db) else self.new_file(".db")
        force = ["--force"] if data.draw(st.booleans()) else []
        ran = self.command("file", ["export"], [f"--output={out}", *force, "--", target])
        if where == "existing" and not force and out.read_text(encoding="utf-8") != "keep me\n":
            self.fail("export overwrote a file without --force")
        if ran.code == 0 and where == "new":
            self.exported.append((target, out))

    # -- reading -----------------------------------------------------------------------------

    @rule(data=st.data())
    def read(self, data: st.DataObject) -> None:
        self.draw = data.draw
        some_match = self.some_match(data) or "K1"
        words, args = data.draw(
            st.sampled_from(
                [
                    (["standings"], []),
                    (["standings"], ["--json"]),
                    (["standings"], ["--csv"]),
                    (["pairings"], []),
                    (["pairings"], ["--json"]),
                    (["tournament", "list"], []),
                    (["tournament", "show"], ["--json"]),
                    (["show"], ["--", some_match]),
                    (["show"], ["--json", "--", some_match]),
                    (["verify"], ["--heads"]),
                    (["db", "status"], []),
                    (["ratings"], ["--json", "--history"]),
                    (["roster"], []),
                    (["roster"], ["--csv"]),
                    (["series", "standings"], ["--json"]),
                ]
            )
        )
        if words[0] in ("standings", "pairings", "tournament") and words[-1] != "list":
            args = [*self.pick_tournament(data), *args]
        self.command("read", words, args)

    @rule(data=st.data())
    def publish(self, data: st.DataObject) -> None:
        self.draw = data.draw
        site = self.new_file("-site")
        where = data.draw(st.sampled_from(["fresh", "fresh", "here", "file"]))
        if where == "here":
            site = self.folder  # holds the database (on SQLite) and the test's files
        elif where == "file":
            site.write_text("not a folder\n", encoding="utf-8")
        ran = self.command("file", ["publish"], [*self.pick_tournament(data), "--", str(site)])
        if where != "fresh" and ran.code == 0:
            self.fail(f"publish into {where} was accepted")
        if where == "fresh" and ran.code == 0 and not (site / "index.html").is_file():
            self.fail("publish said it published, but there is no index.html")

    # -- after every step --------------------------------------------------------------------

    @invariant()
    def the_store_is_sound(self) -> None:
        self.figures.steps += 1
        before = store_state.fingerprint(self.db)
        ran = self.run(["verify"])  # its problems are lines of their own on stderr
        if ran.code != 0 or ran.stderr or ran.exception is not None:
            self.figures.wedged += 1
            self.fail("verify named a problem")
        for words in (["tournament", "list"], ["standings"]):
            ran = self.command("read", words, may_fork=False, checked=False)
            no_tournament = "no tournament yet" in ran.stderr
            if ran.code != 0 and not (words == ["standings"] and no_tournament):
                self.figures.wedged += 1
                self.fail(f"the store no longer answers `{' '.join(words)}`")
        if store_state.fingerprint(self.db) != before:
            self.fail("verify, tournament list or standings changed the database")
        self.check_rebuild()
        self.check_results()

    def check_rebuild(self) -> None:
        before = store_state.read_models(self.db)
        ran = self.command("rebuild", ["rebuild"], may_fork=False)
        if ran.code != 0:
            self.figures.wedged += 1
            self.fail("rebuild was refused")
        after = store_state.read_models(self.db)
        if after != before:
            changed = [t for t in before if before[t] != after.get(t)]
            self.fail(f"rebuild did not reproduce the read models: {changed} differ")

    def check_results(self) -> None:
        """Every match stream replays; each tournament table's result is what its stream
        replays to, unless the director ruled on it."""
        problems = store_state.unsound_tables(self.db)
        if problems:
            self.fail("; ".join(problems))


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= char <= "\udfff" for char in text)


# -- running it --------------------------------------------------------------------------------


def machine_settings() -> settings:
    return settings(
        max_examples=EXAMPLES,
        stateful_step_count=STEPS,
        deadline=None,
        derandomize=not SEED,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
        phases=list(Phase) if SHRINK else [Phase.explicit, Phase.reuse, Phase.generate],
    )


Probe = Callable[[CliMachine], Any]


def huge_record(machine: CliMachine) -> str:
    path = machine.new_file(".jsonl")
    line = '{"type": "match_started", "players": ["Ann", "Bo"], "note": ' + "9" * 5000 + "}"
    path.write_text(line + "\n", encoding="utf-8")
    return str(path)


PROBES: dict[str, list[Probe]] = {
    "huge-numbers": [
        lambda m: m.command("write", ["tournament", "create"], [f"--rounds={10**20}", "X"]),
        lambda m: m.command("write", ["tournament", "create"], [f"--target={10**28}", "Y"]),
        lambda m: m.command("write", ["tournament", "create"], ["--bye-points=1e999", "Z"]),
        *[lambda m, n=n: m.command("write", ["player", "add"], ["-t", "z", n]) for n in "ABC"],
        lambda m: m.command("write", ["pair"], ["-t", "z"]),
        lambda m: m.command("write", ["start"], [f"--target={10**28}", "--players=A,B", "K1"]),
        lambda m: m.command("answer", ["show"], ["K1"]) if m.stream_version("match-K1") else 0,
        lambda m: m.command("write", ["import"], ["--id=K2", huge_record(m)]),
    ],
    "line-breaks-in-ids": [
        lambda m: m.command("write", ["start"], ["--players=Ann,Bo", "--", "K1\n"]),
        lambda m: m.command("write", ["start"], ["--players=Ann,Bo", "--", "T3\n"]),
    ],
}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            name,
            marks=[pytest.mark.xfail(strict=True, reason=PENDING[name])] if name in PENDING else [],
        )
        for name in PROBES
    ],
)
def test_inputs_that_once_broke_the_store_leave_it_sound(name: str, fast_cli: None) -> None:
    """The inputs of each class that once wedged the store (huge numbers, line breaks in
    ids), checked as the sequences check a step. A class in PENDING is expected to fail
    until its fix lands (a strict xfail), and is left out of the sequences till then."""
    machine = CliMachine()
    try:
        for probe in PROBES[name]:
            probe(machine)
            machine.the_store_is_sound()
    finally:
        machine.teardown()


def run_machine(machine: type[CliMachine]) -> None:
    if SEED and SEED != "random":
        machine = hypothesis_seed(int(SEED))(machine)
    started = time.perf_counter()
    try:
        run_state_machine_as_test(machine, settings=machine_settings())
    finally:
        elapsed = time.perf_counter() - started
        print(
            f"\n{FIGURES.get(machine.backend, Figures()).line(machine.backend)} ({elapsed:.0f} s)"
        )


def test_random_command_sequences_on_sqlite(fast_cli: None, tmp_path: Path) -> None:
    template = tmp_path / "template.db"
    EventStore.from_url(str(template)).close()
    store_state.fingerprint(str(template))  # the log folded into the file

    def copy(folder: Path) -> str:
        shutil.copyfile(template, folder / "tourney.db")
        return str(folder / "tourney.db")

    class OnSqlite(CliMachine):
        backend = "sqlite"
        new_database = staticmethod(copy)

    run_machine(OnSqlite)


@pytest.mark.postgres
def test_random_command_sequences_on_postgresql(
    fast_cli: None, postgres_server: PostgresServer
) -> None:
    template = postgres_template(postgres_server)
    names = iter(range(10**9))

    def clone(_folder: Path) -> str:
        name = f"sm{next(names)}"
        with store_state.connection(postgres_server.url("postgres")) as conn:
            conn.autocommit = True
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        return postgres_server.url(name)

    class OnPostgres(CliMachine):
        backend = "postgresql"
        new_database = staticmethod(clone)

    run_machine(OnPostgres)


def postgres_template(server: PostgresServer) -> str:
    """A database at the current schema, copied for each sequence (CREATE DATABASE ...
    TEMPLATE is much faster than migrating a fresh one)."""
    url = server.new_database()
    EventStore.from_url(url).close()
    return url.rsplit("/", 1)[1]
