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
    from tourney.games import record_game
    from tourney.textfiles import read_lines

    failed = False
    many = len(files) > 1
    for path in files:
        try:
            lines = read_lines(str(path))
            game = record_game(lines)  # only that game's engine is loaded
            replayed = game.replay_lines(lines, keep_events=not as_json)
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
            text = game.summary_json(replayed.match)
            if many:
                text = f"{text[:-1]}, {json.dumps('file')}: {json.dumps(str(path))}}}"
            print(text)
        else:
            if many:
                print(f"== {printable(str(path))}")
            for text in game.account(event for _, event in replayed.events):
                print(printable(text))  # names come from the file: shown, never obeyed
    if failed:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Match records", no_args_is_help=True)(replay)
