"""`tourney replay`: check a match record and show what happened, or why it is illegal."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer


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
    reason, and exits 1. Several files give one JSON object a line, each with its "file".

    Example: tourney replay fixtures/records/2p-known.jsonl --json
    """
    from tourney.errors import RecordError, TourneyError, printable
    from tourney.games.cards import is_racehorse_record
    from tourney.textfiles import read_lines

    failed = False
    many = len(files) > 1
    for path in files:
        try:
            lines = read_lines(str(path))
            if is_racehorse_record(lines):
                _replay_racehorse(lines, as_json, str(path) if many else None)
                continue
            # Imported here: a run of Racehorse records does not load the domino engine.
            from tourney.games.dominoes import account, replay_lines

            replayed = replay_lines(lines, keep_events=not as_json)
        except RecordError as exc:
            failed = True
            prefix = f"{printable(str(path))}: " if many else ""
            print(f"{prefix}line {exc.line}: {printable(exc.reason)}", file=sys.stderr)
            if as_json:
                error: dict[str, object] = {"error": {"line": exc.line, "message": exc.reason}}
                if many:
                    error["file"] = printable(str(path))
                print(json.dumps(error, ensure_ascii=False))
            continue
        except TourneyError as exc:
            failed = True
            print(f"error: {printable(str(exc))}", file=sys.stderr)
            if as_json:
                print(json.dumps({"error": {"line": 0, "message": str(exc)}}))
            continue
        if as_json:
            text = replayed.match.summary_json()
            if many:
                text = f"{text[:-1]}, {json.dumps('file')}: {json.dumps(str(path))}}}"
            print(text)
        else:
            if many:
                print(f"== {printable(str(path))}")
            for text in account(event for _, event in replayed.events):
                print(printable(text))  # names come from the file: shown, never obeyed
    if failed:
        raise typer.Exit(1)


def _replay_racehorse(lines: list[str], as_json: bool, file: str | None) -> None:
    """Print a Racehorse record's replay object (with its ``file`` among several) or its
    account; RecordError at the first offending line."""
    from tourney.errors import printable
    from tourney.games.cards import account, replay_lines

    replayed = replay_lines(lines, keep_events=not as_json)
    if as_json:
        summary = replayed.match.summary()
        if file is not None:
            summary["file"] = file
        print(json.dumps(summary, ensure_ascii=False))
        return
    if file is not None:
        print(f"== {printable(file)}")
    for text in account(event for _, event in replayed.events):
        print(printable(text))  # names come from the file: shown, never obeyed


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Match records", no_args_is_help=True)(replay)
