"""A command on a current database loads only what it uses: no SQLAlchemy, SQLModel or
alembic (they are for creating and upgrading a database), no PostgreSQL driver on SQLite,
no template engine outside publishing. Each command runs in a fresh interpreter and the
modules it left loaded are read from `sys.modules`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tourney.store.eventstore import EventStore

SCHEMA_TOOLS = {"sqlalchemy", "sqlmodel", "alembic"}
# What no command but publishing uses.
NOT_FOR_COMMANDS = {*SCHEMA_TOOLS, "jinja2"}

# Read at exit.
RUN = """
import atexit, json, sys
from tourney.cli.app import main
sys.argv = ["tourney", *json.loads(sys.argv[1])]
atexit.register(
    lambda: print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})), file=sys.stderr)
)
main()
"""


def loaded_by(*args: str, whole: bool = False) -> set[str]:
    """The top-level packages (``whole``: the modules) loaded once `tourney ARGS` has run in
    a fresh interpreter."""
    run = RUN if not whole else RUN.replace('name.split(".")[0]', "name")
    done = subprocess.run(
        [sys.executable, "-c", run, json.dumps(args)],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def prepare(url: str, folder: Path) -> None:
    """A current database holding a tournament with a paired round and an ad-hoc match."""
    EventStore.from_url(url).close()
    for args in (
        ["tournament", "create", "Club Night", "--table-size", "2"],
        ["player", "add", "Ann"],
        ["player", "add", "Bo"],
        ["pair"],
        ["start", "K1", "--players", "Ann,Bo"],
    ):
        assert loaded_by(*args, "--db", url)


def check(url: str, driver: str, unused: set[str]) -> None:
    """Scorer and director commands on `url` load `driver` and nothing in `unused`."""
    for args in (
        ["show", "K1"],
        ["hand", "K1", "--opener", "Ann"],
        ["show", "T1", "--json"],
        ["standings"],
        ["tournament", "list"],
        ["player", "add", "Cy"],
        ["verify"],
        ["db", "status"],
        ["rebuild"],
    ):
        loaded = loaded_by(*args, "--db", url)
        assert driver in loaded
        assert not loaded & (NOT_FOR_COMMANDS | unused), (args, loaded & unused)


@pytest.mark.slow
def test_commands_on_sqlite_load_neither_sqlalchemy_nor_psycopg(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tourney.db'}"
    prepare(url, tmp_path)
    check(url, "sqlite3", {"psycopg", "psycopg_binary"})


@pytest.mark.slow
@pytest.mark.postgres
def test_commands_on_postgres_talk_to_psycopg(postgres_url: str, tmp_path: Path) -> None:
    prepare(postgres_url, tmp_path)
    check(postgres_url, "psycopg", set())


def test_a_fresh_database_is_created_through_alembic(tmp_path: Path) -> None:
    """The other side: SQLAlchemy and alembic do load where they are needed."""
    loaded = loaded_by("tournament", "create", "Club Night", "--db", str(tmp_path / "new.db"))
    assert {"sqlalchemy", "alembic"} <= loaded


# What no one-shot command loads: pydantic (Typer converts values through it:
# `tourney.cli.plain_values`), the schema tools and the template engine, Babel's locale data
# (a whole number below a thousand is written without it: `i18n.format_number`), Typer's
# Rich help and the patterns that put Click's sentences in the reader's language (a
# refusal's and the help's only).
NOT_FOR_ONE_SHOTS = {
    *NOT_FOR_COMMANDS,
    "pydantic",
    "pydantic_core",
    "babel",
    "typer.rich_utils",
    "tourney.cli.click_words",
}
SWISS_SEARCH = "tourney.tournament.formats.swiss.search"
"""The Swiss pairing search: for pairing a round, not for reading one."""
WRITING = {"tourney.store.appending", "hashlib"}
"""The store's appends and the hash chain's hashlib: a command that only reads makes no
hash (`EventStore`)."""

ENGINE = "tourney.games.horserace.match"
"""Horse Race's engine: for a command that replays a match. Opening a store loads the game's
upcasters alone (`tourney/games/horserace/__init__.py` loads its names on first use);
`standings` loads the game itself for its words (what it scores, its table sizes), which
`game.py` says without the engine."""

LAZY_EVENTS = {
    *(f"tourney.tournament.{name}" for name in ("result_events", "round_events", "entry_events")),
    *(
        f"tourney.tournament.records.{name}"
        for name in ("room", "door", "groups", "penalties", "disputes")
    ),
}
"""The events beyond a night's creation, registrations and rounds (results and rulings, removed
rounds and drafts, withdrawals, a clock, check-in, pools, penalties, disputes: 45 frozen
dataclasses, ~1 ms each to build): loaded by a stream that holds one (`events.EVENT_MODULES`),
not by a night without them."""
RULINGS = "tourney.tournament.results.rulings"
"""The director's rulings: for deciding one, not for reading a round (`DirectorDesk.rule`)."""

STANDINGS = "tourney.tournament.standings.standings"
"""The standings: not for showing a round's tables (`entries` loads them to carry a
tournament over, not with its module)."""
OLD_NOTES = {
    "tourney.tournament.notes.old_notes",
    "tourney.tournament.notes.old_swiss_notes",
    "tourney.tournament.notes.schedule_sources",
}
"""The upcaster of notes recorded as English sentences: loaded by the first such note read
(`notes.stored.stored`), not by a tournament whose notes are data."""
PAIRING = {
    "tourney.tournament.seating.pairing",
    "tourney.tournament.seating.lot",
    "tourney.tournament.formats.swiss.options",
}
"""Pairing a round and the Swiss options: the Swiss format loads them to pair, not to name
its rounds (`standings` loads `pairing` for the tables still missing a result)."""
ENTRY_POINTS = "importlib.metadata"
"""The installed distributions' entry points (~80 M instructions to import and read): read
for a game or a format from outside tourney, not for a tournament's own events
(`streams.matches.upcasters`)."""
OPENSSL = {"hashlib", "_hashlib"}
"""OpenSSL's hashes (~11 M instructions to load): a command that appends chains its few
events' hashes through CPython's own SHA-256 (`tourney.store.hashchain`); `verify`, which
hashes the whole log, loads OpenSSL."""

NOT_A_GAMES_WORD = {ENTRY_POINTS, "tourney.gamekit.base", "tourney.games.horserace.game"}
"""Finding a game and loading it (~90 M instructions): `standings --json` and `--csv` say
no word of the game's (a file's columns are keys), the text's title and column do."""
NOT_FOR_READING_ROUNDS = {SWISS_SEARCH, "rich", "hashlib", RULINGS, *LAZY_EVENTS, *OLD_NOTES}
"""What `pairings` and `standings` leave on a night paired and not yet played: the Swiss
search, Rich, the lot's hashlib (a draw's, `seating.lot.lot_key`), the rulings and the events
that load by type."""

# A one-shot command, the module that declares it, and what else it must not load (beyond
# `NOT_FOR_ONE_SHOTS`, the other games and the other commands' modules).
ONE_SHOTS = [
    (
        ["pairings"],
        "tourney.cli.round_cmd",
        {*NOT_FOR_READING_ROUNDS, ENGINE, STANDINGS, *PAIRING, ENTRY_POINTS},
    ),
    (
        ["standings"],
        "tourney.cli.standings_cmd",
        {*NOT_FOR_READING_ROUNDS, ENGINE, "tourney.tournament.formats.swiss.options"},
    ),
    (
        ["standings", "--json"],
        "tourney.cli.standings_cmd",
        {*NOT_FOR_READING_ROUNDS, *NOT_A_GAMES_WORD, "tourney.tournament.seating.pairing", "csv"},
    ),
    (
        ["standings", "--csv"],
        "tourney.cli.standings_cmd",
        {*NOT_FOR_READING_ROUNDS, *NOT_A_GAMES_WORD, "tourney.tournament.seating.pairing"},
    ),
    (
        ["show", "K1"],
        "tourney.cli.match_cmd",
        {*WRITING, "rich", "tourney.games.horserace.commands"},
    ),
    (["hand", "K1", "--opener", "Ann"], "tourney.cli.game_cmd", {"rich", *OPENSSL}),
    (["place", "K1", "6-6", "--player", "Ann"], "tourney.cli.game_cmd", {"rich", *OPENSSL}),
]


def test_a_one_shot_command_loads_its_own_module_and_game_and_nothing_it_does_not_use(
    tmp_path: Path,
) -> None:
    """The root builds only the command run (`tourney.cli.edge_group`): no other command's
    module, no game but the table's (Horse Race here), nothing of `NOT_FOR_ONE_SHOTS`, and
    nothing of what the command itself does not use (`ONE_SHOTS`): each costs a command
    that starts in ~0.3 s a few percent (bench/oneshot_bench.py)."""
    from importlib.metadata import entry_points

    url = f"sqlite:///{tmp_path / 'tourney.db'}"
    prepare(url, tmp_path)
    games = {point.name: point.module.rsplit(".", 1)[0] for point in entry_points(
        group="tourney.games")}  # fmt: skip
    others = [module for name, module in games.items() if name != "horse-race"]
    # A game's upcasters are read by whoever reads a match stream, every game's (plain
    # functions, ARCHITECTURE.md: a club game's Briscola declares some): their modules and
    # the packages above them, never its rules.
    lifting = {
        ".".join(parts[:n])
        for point in entry_points(group="tourney.upcasters")
        for parts in [point.module.split(".")]
        for n in range(1, len(parts) + 1)
    }
    assert len(others) >= 2  # Racehorse, and the tests' High card
    for args, own, unused in ONE_SHOTS:
        loaded = loaded_by(*args, "--db", url, whole=True)
        assert own in loaded, args
        commands = {name for name in loaded if name.startswith("tourney.cli.") and (
            name.endswith("_cmd"))}  # fmt: skip
        assert commands == {own}, (args, commands)
        packages = {name.split(".")[0] for name in loaded}
        forbidden = NOT_FOR_ONE_SHOTS | unused
        assert not (packages | loaded) & forbidden, (args, (packages | loaded) & forbidden)
        assert not [
            name for name in loaded if name.startswith(tuple(others)) and name not in lifting
        ], args
        if "K1" in args:  # an ad-hoc table: no tournament's pairing rules to load
            assert "tourney.tournament.seating.pairing" not in loaded, args
