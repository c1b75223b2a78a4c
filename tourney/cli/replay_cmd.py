"""`tourney replay`: check a match record and show what happened, or why it is illegal."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Annotated, NamedTuple

import typer

from tourney.i18n import in_english

FILES_FOR_PROCESSES = 16
"""From this many records on, a replay is shared by one process per CPU (the records are
independent; this process prints each one's output in the order given)."""


class Replayed(NamedTuple):
    """What one record's replay prints: on stdout, on stderr, and whether it failed."""

    out: str
    err: str
    failed: bool


def replay(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="Match record(s): Horse Race (RECORD.md) or Racehorse (RACEHORSE.md), mixed."
        ),
    ],
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print the replay object (RECORD.md, RACEHORSE.md) instead."),
    ] = False,
) -> None:
    """Replay a match record through the rules engine, checking every line.

    Prints a hand-by-hand account (each placement with the counted ends and points, draws,
    passes, the end of each hand with its credits, running scores, the result), or with
    --json the replay object. A record whose match_started says "game": "racehorse" is a
    Racehorse record: its account goes deal by deal (auction, trump, tricks, the four
    points, payments, nets). An illegal record prints its first offending line and the
    reason, and exits 1. Several files give one JSON object a line, each with its "file",
    in the order given; many files are replayed on every CPU at once.

    Example: tourney replay fixtures/records/2p-known.jsonl --json
    """
    failed = False
    for done in _replay_all(files, as_json):
        if done.err:
            sys.stdout.flush()
            sys.stderr.write(done.err)
            sys.stderr.flush()
        sys.stdout.write(done.out)
        failed = failed or done.failed
    if failed:
        raise typer.Exit(1)


def _replay_all(files: Sequence[Path], as_json: bool) -> Iterator[Replayed]:
    """Each file's replay, in the order given: in this process, or for many files in a pool
    of processes, one per CPU (the platform's own way of starting them)."""
    import os
    from functools import partial

    many = len(files) > 1
    one = partial(_replay_one, as_json=as_json, many=many)
    workers = os.cpu_count() or 1
    if len(files) < FILES_FOR_PROCESSES or workers < 2:
        yield from map(one, files)
        return
    from concurrent.futures import ProcessPoolExecutor

    chunk = max(1, len(files) // (workers * 16))
    # Ctrl-C (or a reader gone) while waiting: `map` cancels the records not started yet.
    with ProcessPoolExecutor(workers, initializer=_ignore_interrupts) as pool:
        yield from pool.map(one, files, chunksize=chunk)


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the parent, which stops them all (no worker's traceback)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


@in_english  # a replay's account and its refusals are the record format's contract
def _replay_one(path: Path, as_json: bool, many: bool) -> Replayed:
    """One record's replay: its account or replay object, or its first illegal line."""
    from tourney.errors import RecordError, TourneyError, printable
    from tourney.gamekit import record_game
    from tourney.textfiles import read_lines

    try:
        lines = read_lines(str(path))
        game = record_game(lines)  # only that game's engine is loaded
        replayed = game.replay_lines(lines, keep_events=not as_json)
    except RecordError as exc:
        prefix = f"{printable(str(path))}: " if many else ""
        err = f"{prefix}line {exc.line}: {printable(exc.reason)}\n"
        if not as_json:
            return Replayed("", err, True)
        error: dict[str, object] = {"error": {"line": exc.line, "message": exc.reason}}
        if many:
            error["file"] = printable(str(path))
        return Replayed(json.dumps(error, ensure_ascii=False) + "\n", err, True)
    except TourneyError as exc:
        err = f"error: {printable(str(exc))}\n"
        out = json.dumps({"error": {"line": 0, "message": str(exc)}}) + "\n" if as_json else ""
        return Replayed(out, err, True)
    if as_json:
        text = game.summary_json(replayed.match)
        if many:
            text = f"{text[:-1]}, {json.dumps('file')}: {json.dumps(str(path))}}}"
        return Replayed(text + "\n", "", False)
    heading = f"== {printable(str(path))}\n" if many else ""
    account = game.account(event for _, event in replayed.events)
    # names come from the file: shown, never obeyed
    return Replayed(heading + "".join(f"{printable(text)}\n" for text in account), "", False)


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Match records", no_args_is_help=True)(replay)
