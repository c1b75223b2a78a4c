"""Every command of `tourney --help`, run with generated arguments — good ones and bad ones:
unknown options, numbers out of range or too long to read, `1e999` and `nan`, control
characters and lone surrogates, folders, missing files and `/proc` where files are wanted,
database URLs that name nothing usable.

Whatever happens: no traceback and no internal error; a refusal is exactly one line on
stderr, exit 1, and leaves the database file byte-for-byte as it was; an accepted command
leaves a database that still verifies and rebuilds.

By default each command gets 8 examples chosen the same way on every run (derandomized: the
suite is not flaky; `make test` runs 2 of them, see EXAMPLES); TOURNEY_FUZZ_EXAMPLES=N
runs N fresh random ones per command instead, for a deeper search.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tests.cli.conftest import checksum
from tests.cli.test_help import COMMANDS
from tests.support import examples
from tourney.cli.app import app

DEEP = "TOURNEY_FUZZ_EXAMPLES" in os.environ
EXAMPLES = int(os.environ["TOURNEY_FUZZ_EXAMPLES"]) if DEEP else max(2, examples(8))
"""8 per command, scaled as every property test's own count (tests/support.py), but never
fewer than 2: `make test` (Hypothesis' profile `quick`) runs 2, the first of them often
the plainest command line."""
runner = CliRunner(env={"TOURNEY_DATABASE_URL": None, "COLUMNS": "120"})


# -- values ------------------------------------------------------------------------------

NASTY_TEXT = [
    "",
    " ",
    "\x00",
    "T3\n",
    "Ann\x1b[31m",
    "\x1b]0;owned\x07",
    "\u200b",
    "\u202eevil",
    "bad\udcff",
    "\ud800",
    "[red]x[/red]",
    "x" * 300,
    "'; DROP TABLE events; --",
    "--",
    "-",
    "Zoë Park",
    "美咲",
]
NASTY_NUMBERS = [
    "0",
    "-1",
    "2147483648",
    "99999999999999999999",
    "1" + "0" * 5000,
    "1e999",
    "nan",
    "inf",
    "10**28",
    "1.5",
    "0x10",
]
NASTY_URLS = [
    "sqlite://",
    "sqlite:///:memory:",
    "mysql://u@h/db",
    "postgresql+psycopg://u:pw@h:abc/db",
    "postgres://nobody@127.0.0.1:1/none",
    "postgresql+psycopg://nobody@127.0.0.1:99999/none",
    "http://example.com/x",
    "x\x00y.db",
    "no/such/folder/x.db",
    "/proc/self/mem",
    "/",
]


def nasty_paths(scratch: Path) -> list[str]:
    return [
        str(scratch),  # a folder
        str(scratch / "missing.jsonl"),
        str(scratch / "empty.txt"),
        str(scratch / "binary.bin"),
        str(scratch / "latin1.csv"),
        "/proc/self/mem",
        "/proc/1/environ",
        "/sys/kernel",
        "/dev/null",
        "/",
        "..",
        str(scratch / "odd-\udcff.jsonl"),
    ]


GOOD: dict[str, list[str]] = {
    "match": ["T3", "t3", "T1", "club-night-r1-t1", "CLUB-NIGHT-R1-T2", "Z9"],
    "tile": ["2-4", "5-5"],
    "player": ["Ann", "ann", "Bo", "p1"],
    "players": ["Ann,Bo", "Ann,Bo,Cy", "Ann"],
    "opener": ["Ann", "bo"],
    "name": ["Eve", "Club Night 2"],
    "tiles": ["Ann=1-2,3-4;Bo=5-6", "1-2"],
    "tournament": ["club-night", "Club Night", "CLUB-NIGHT", "nope"],
    "source": ["club-night", "Club Night"],
    "sides": ["1", "1,2"],
    "scores": ["61,40", "61,40,22"],
    "winners": ["1", "2"],
    "reason": ["late", "left the hall"],
    "club": ["North"],
    "format": ["swiss", "round_robin", "elimination"],
    "shared_win": ["split", "full", "1/2"],
    "bye_points": ["1", "1/2", "0"],
    "tie_break": ["buchholz", "scored", "head_to_head"],
    "seeding": ["rating", "registration", "previous"],
    "first": ["Ann"],
    "second": ["Bo", "Cy"],
    "forbid": ["Ann,Bo"],
    "bot": ["random", "greedy"],
    "site": ["site"],
    "out": ["out.jsonl", "sims"],
    "templates": ["templates"],
    "secret_file": ["serve.key"],
    "host": ["127.0.0.1", "0.0.0.0"],
    "url": ["http://192.168.1.5:8000"],
    "director_password": ["correct horse battery"],
    "director_password_file": ["pw.txt"],
}
WORDS = [["5-5"], ["5-3", "on", "5-5"], ["3-5"], ["1-2", "on"]]


def _ints(param: Any) -> list[str]:
    low = getattr(param, "min", None)
    low = 1 if low is None else low
    return [str(low), str(low + 1)]


def _kind(param: Any) -> str:
    """What the parameter's annotation asks for: "path", "int" or "text"."""
    annotation = str(param.type_descriptor.annotation)
    if "Path" in annotation:
        return "path"
    if re.search(r"\bint\b", annotation):
        return "int"
    return "text"


def _files(name: str, scratch: Path) -> list[str]:
    if name == "csv_file":
        return [str(scratch / "players.csv")]
    return [str(scratch / "record.jsonl")]


def values(param: Any, scratch: Path) -> st.SearchStrategy[list[str]]:
    """The words one parameter contributes: nothing, a good value, or a nasty one."""
    name = param.name
    if param.param_type_name == "option" and getattr(param, "is_flag", False):
        flags = [param.opts[0], *param.secondary_opts]
        return st.one_of(st.just([]), st.sampled_from(flags).map(lambda f: [f]))
    kind = _kind(param)
    if name == "db":
        good: list[str] = []
        nasty = NASTY_URLS + nasty_paths(scratch)
    elif kind == "path":
        good = _files(name, scratch) if name in ("file", "files", "csv_file") else GOOD[name]
        good = [str(scratch / g) if not g.startswith("/") else g for g in good]
        nasty = nasty_paths(scratch)
    elif kind == "int":
        good = _ints(param)
        nasty = NASTY_NUMBERS
    else:
        good = GOOD.get(name, ["x"])
        nasty = NASTY_TEXT + NASTY_NUMBERS
    one = st.one_of(st.sampled_from(good or nasty), st.sampled_from(nasty), st.text(max_size=8))
    if param.nargs == 2:
        value: st.SearchStrategy[list[str]] = st.lists(one, min_size=2, max_size=2)
    elif param.nargs == -1:
        pool = st.sampled_from(WORDS) if name == "words" else st.lists(one, min_size=1, max_size=3)
        value = st.one_of(pool, st.lists(one, min_size=1, max_size=3))
    else:
        value = one.map(lambda v: [v])
    if param.param_type_name == "argument":
        return value if param.required else st.one_of(st.just([]), value)
    option = param.opts[0]
    return st.one_of(st.just([]), value.map(lambda v: [option, *v]))


EXTRA = st.sampled_from(["--bogus", "-x", "--db", "--json", "extra", "-h"])


@st.composite
def command_line(draw: st.DrawFn, command: Any, scratch: Path) -> list[str]:
    words: list[str] = []
    for param in command.params:
        if param.name == "help":
            continue
        words += draw(values(param, scratch))
    if draw(st.integers(0, 9)) == 0:
        words.insert(draw(st.integers(0, len(words))), draw(EXTRA))
    return words


# -- the scratch database ------------------------------------------------------------------


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A club night (6 players at tables of 2, round 1 paired) and an ad-hoc match T3 with
    a hand started, as a director and a scorer would have left it."""
    folder = tmp_path_factory.mktemp("every-command")
    db = str(folder / "tourney.db")
    for args in [
        ["tournament", "create", "Club Night", "--table-size", "2", "--rounds", "3"],
        *[["player", "add", name] for name in ("Ann", "Bo", "Cy", "Di", "Eve", "Fay")],
        ["pair"],
        ["start", "K3", "--players", "Ann,Bo"],
        ["hand", "K3", "--opener", "Ann"],
    ]:
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == 0, (args, result.output)
    (folder / "players.csv").write_text("name,club\nGus,North\nHal,\n", encoding="utf-8")
    result = runner.invoke(app, ["export", "K3", "--db", db])
    (folder / "record.jsonl").write_text(result.stdout, encoding="utf-8")
    (folder / "empty.txt").write_bytes(b"")
    (folder / "binary.bin").write_bytes(bytes(range(256)))
    (folder / "latin1.csv").write_bytes("name\nJos\xe9\n".encode("latin-1"))
    (folder / "odd-\udcff.jsonl").write_text(result.stdout, encoding="utf-8")
    checksum(db)  # the write-ahead log folded in
    return folder


@contextmanager
def scratch_copy(template: Path) -> Iterator[Path]:
    """A fresh copy of the template folder, and the working folder moved into it."""
    with tempfile.TemporaryDirectory(prefix="tourney-fuzz-") as name:
        folder = Path(name) / "scratch"
        shutil.copytree(template, folder)
        here = os.getcwd()
        os.chdir(folder)
        try:
            yield folder
        finally:
            os.chdir(here)


def _database_still_works(db: str) -> None:
    for args in (["verify"], ["rebuild"], ["tournament", "list"]):
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == 0, (args, result.output)


@pytest.mark.parametrize("name,command", COMMANDS, ids=[name for name, _ in COMMANDS])
def test_every_command_answers_bad_arguments_with_one_line(
    name: str, command: Any, template: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if name == "serve":  # everything up to listening runs; the server itself returns at once
        import uvicorn

        monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    takes_db = any(p.name == "db" for p in command.params)
    # The demo's defaults play a 16-player evening: begin from the smallest one instead.
    head = ["--players", "4", "--rounds", "1", "--table-size", "2"] if name == "demo" else []

    @settings(
        max_examples=EXAMPLES,
        derandomize=not DEEP,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        with scratch_copy(template) as scratch:
            db = str(scratch / "tourney.db")
            words = data.draw(command_line(command, scratch), label="arguments")
            args = [*name.split(), *(["--db", db] if takes_db else []), *head, *words]
            before = checksum(db)
            result = runner.invoke(app, args)
            output = result.stdout + result.stderr
            assert result.exception is None or isinstance(result.exception, SystemExit), (
                args,
                result.exception,
            )
            assert "Traceback" not in output, (args, output)
            assert "internal error" not in result.stderr, (args, result.stderr)
            assert result.exit_code in (0, 1), (args, result.exit_code, output)
            if result.exit_code == 0:
                _database_still_works(db)
                return
            lines = result.stderr.count("\n")
            if name == "replay":  # one line for each record that does not replay
                assert 1 <= lines <= len(words), (args, result.stderr)
            else:
                assert lines == 1 and result.stderr.endswith("\n"), (args, result.stderr)
            assert checksum(db) == before, (args, result.stderr)

    run()
