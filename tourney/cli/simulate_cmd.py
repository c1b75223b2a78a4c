"""`tourney simulate`: bots play whole matches, written as match records."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney import limits
from tourney.cli.options import within


def simulate(
    players: Annotated[
        int, typer.Option("--players", "-p", min=2, max=4, help="Players at the table: 2, 3 or 4.")
    ] = 2,
    partnerships: Annotated[
        bool, typer.Option(help="Two partnerships of two (needs 4 players): seats 1+3 vs 2+4.")
    ] = False,
    matches: Annotated[
        int, within(limits.SIMULATED_MATCHES, "--matches", "-n", help="How many matches.")
    ] = 1,
    seed: Annotated[
        int, within(limits.RANDOM_SEED, help="Random seed: the same seed gives the same records.")
    ] = 1,
    bot: Annotated[
        list[str] | None,
        typer.Option(help="Bot per seat, repeatable: random or greedy (default random for all)."),
    ] = None,
    target: Annotated[int, within(limits.TARGET, help="Points to win.")] = 61,
    out: Annotated[
        Path | None, typer.Option(help="Folder to write one record per match into.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play complete matches between bots and write them as match records.

    Each match is played event by event through the rules engine. Records go to
    OUT/match-0001.jsonl and so on; a summary of wins and scores is printed.

    Example: tourney simulate --players 4 --partnerships --matches 10 --seed 7 --out sims
    """
    import json
    import random
    import time

    from tourney.bots import make_bot
    from tourney.record import write_record
    from tourney.simulate import player_names, simulate_match

    if partnerships and players != 4:
        typer.echo("error: --partnerships needs --players 4", err=True)
        raise typer.Exit(1)
    names = player_names(players)
    bot_names = bot or ["random"]
    if len(bot_names) == 1:
        bot_names = bot_names * players
    if len(bot_names) != players:
        typer.echo(f"error: --bot given {len(bot_names)} times for {players} seats", err=True)
        raise typer.Exit(1)
    try:
        bots = [make_bot(b) for b in bot_names]
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            typer.echo(f"error: cannot create {out}: {exc.strerror}", err=True)
            raise typer.Exit(1) from None

    started = time.perf_counter()
    hands = 0
    n_sides = 2 if partnerships else players
    wins = [0.0] * n_sides
    totals = [0] * n_sides
    for number in range(1, matches + 1):
        rng = random.Random(f"{seed}:{number}")
        result = simulate_match(rng, names, partnerships, bots, target)
        hands += result.hands
        match = result.match
        for side in match.winners:
            wins[side] += 1 / len(match.winners)
        for side, score in enumerate(match.scores):
            totals[side] += score
        if out is not None:
            with open(out / f"match-{number:04d}.jsonl", "w", encoding="utf-8") as handle:
                write_record(result.events, handle)
    elapsed = time.perf_counter() - started
    sides = [" & ".join(s) for s in match.sides]
    summary = {
        "matches": matches,
        "hands": hands,
        "seconds": round(elapsed, 3),
        "sides": [
            {
                "players": side,
                "bot": bot_names[i],
                "wins": round(wins[i], 3),
                "average_score": round(totals[i] / matches, 2),
            }
            for i, side in enumerate(sides)
        ],
        "out": None if out is None else str(out),
    }
    if as_json:
        typer.echo(json.dumps(summary))
        return
    typer.echo(f"{matches} matches, {hands} hands in {elapsed:.2f} s (seed {seed})")
    for row in summary["sides"]:  # type: ignore[attr-defined]
        typer.echo(
            f"  {row['players']:<12} {row['bot']:<7} wins {row['wins']:>7g}"
            f"  average score {row['average_score']:g}"
        )
    if out is not None:
        typer.echo(f"records written to {out}/")


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Match records")(simulate)
