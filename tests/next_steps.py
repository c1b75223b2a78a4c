"""Following the "Next:" lines the CLI prints (issue 32 item 2): every suggestion must work
when followed.

`follow` finds each ``tourney …`` command in a command's output (the shape
`tourney.cli.next_steps` gives every such line: a command ends at ``;`` or the line's end),
fills its placeholders with real values from the database (NAME: a new player; PLAYER: two
players of the draft; FILE: a CSV of players; NOTE, REASON: a reason; ``...`` in scores: a result
the tournament's game accepts), and runs it on a copy of the database, expecting success.
`tests.cli.conftest.Cli` follows every line a test's commands print, once per session per
line: so every "Next:" printed across the CLI, web and scenario tests that drive the CLI is
followed."""

from __future__ import annotations

import shlex
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner, Result

from tourney.cli.app import app
from tourney.store.eventstore import EventStore
from tourney.streams import tournaments as registry
from tourney.tournament.state import TournamentState
from tourney.tournament.streams import fold_stored, tournament_stream

PLACEHOLDERS = ("NAME", "PLAYER", "FILE", "NOTE", "REASON")
FOLLOWED: set[str] = set()
"""The lines followed this session (the same line is followed once)."""


def next_lines(output: str) -> list[str]:
    """The "Next:" lines of ``output`` (English: the tests run in English)."""
    return [line.strip() for line in output.splitlines() if line.strip().startswith("Next:")]


def commands_in(line: str) -> list[list[str]]:
    """The commands of a "Next:" line, each as its words after ``tourney``."""
    found: list[list[str]] = []
    for part in line.split("; "):
        start = part.find("tourney ")
        if start < 0:
            continue
        words = shlex.split(part[start:])
        found.append(words[1:])
    return found


def _state(db: str, words: list[str]) -> TournamentState | None:
    """The tournament a command names with ``-t`` (else the newest), as its events fold."""
    with EventStore.from_url(db) as store:
        named = words[words.index("-t") + 1] if "-t" in words else None
        slug = registry.newest(store) if named is None else registry.find(store, named)
        if slug is None:
            return None
        return fold_stored(store.read_stream(tournament_stream(slug)))


def _scores(text: str, state: TournamentState) -> str:
    """``Ann=...,Cy=...`` filled: the first side wins, the others lose (Horse Race: the
    target against 0; Racehorse: net units adding up to 0)."""
    names = [part.partition("=")[0] for part in text.split(",")]
    if state.created.game == "racehorse":
        values = [len(names) - 1] + [-1] * (len(names) - 1)
    else:
        values = [state.created.target] + [0] * (len(names) - 1)
    return ",".join(f"{name}={value}" for name, value in zip(names, values, strict=True))


def filled(words: list[str], db: str, folder: Path) -> list[str]:
    """``words`` with every placeholder replaced by a value the database makes real."""
    state = _state(db, words)
    out: list[str] = []
    swapped: list[str] = []
    for index, word in enumerate(words):
        if "..." in word and state is not None:
            out.append(_scores(word, state))
        elif word == "NAME" and words[:2] == ["player", "add"]:
            out.append(f"Newcomer {len(FOLLOWED)}")
        elif word == "PLAYER" and state is not None:
            swapped = swapped or _two_drafted(state)
            out.append(swapped[words[:index].count("PLAYER")])
        elif word == "FILE":
            csv = folder / f"players-{index}.csv"
            csv.write_text("name\nImported One\nImported Two\n", encoding="utf-8")
            out.append(str(csv))
        elif word in ("NOTE", "REASON"):
            out.append("as the Next: line said")
        else:
            out.append(word)
    leftover = [w for w in out if w in PLACEHOLDERS or "..." in w]
    assert not leftover, f"placeholders left unfilled in {words}: {leftover}"
    return out


def _two_drafted(state: TournamentState) -> list[str]:
    """Two players the draft seats at different tables (or one seated, one with a bye)."""
    draft = state.draft
    assert draft is not None, "a draft swap suggested with no draft under review"
    groups = [list(table.seats) for table in draft.tables] + [[b] for b in draft.byes]
    assert len(groups) >= 2, "a draft swap suggested with one table and no bye"
    return [state.players[groups[0][0]].name, state.players[groups[1][0]].name]


def copy_database(source: str, target: Path) -> None:
    """A consistent copy of ``source`` (its write-ahead log included), read without writing
    to it: the test that printed the line goes on with its database as it was."""
    reading = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    writing = sqlite3.connect(target)
    try:
        reading.backup(writing)
    finally:
        writing.close()
        reading.close()


Run = Callable[[list[str], str], Result]


def run(words: list[str], db: str) -> Result:
    return CliRunner().invoke(app, [*words, "--db", db], input="")


def follow(db: str, output: str, *, again: bool = False, runner: Run = run) -> list[str]:
    """Follow every "Next:" line of ``output`` (printed by a command on ``db``), each on its
    own copy of the database: each command it suggests must succeed. Returns the lines
    followed (a line followed before this session is skipped unless ``again``)."""
    if not db or "://" in db or not Path(db).is_file():
        return []  # a PostgreSQL database: its tests follow nothing
    done: list[str] = []
    for line in next_lines(output):
        if line in FOLLOWED and not again:
            continue
        FOLLOWED.add(line)
        commands = commands_in(line)
        assert commands, f"a Next: line with no command to follow: {line!r}"
        for words in commands:
            with tempfile.TemporaryDirectory() as folder:
                copy = Path(folder) / "followed.db"
                copy_database(db, copy)
                argv = filled(words, str(copy), Path(folder))
                result = runner(argv, str(copy))
                assert result.exit_code == 0, (
                    f"following {line!r} ran tourney {shlex.join(argv)}: "
                    f"{result.stdout}{result.stderr}"
                )
        done.append(line)
    return done
