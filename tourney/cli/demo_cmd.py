"""`tourney demo`: the main job — a match played by bots, told hand by hand."""

from __future__ import annotations

from typing import Annotated

import typer


def demo(
    seed: Annotated[int, typer.Option(help="Random seed for the deal and the bots.")] = 2026,
    players: Annotated[int, typer.Option(min=2, max=4, help="Players: 2, 3 or 4.")] = 4,
    partnerships: Annotated[bool, typer.Option(help="Play 4 players as two partnerships.")] = True,
) -> None:
    """Play a demo match between greedy bots and print it hand by hand.

    Example: tourney demo --seed 7 --players 3 --no-partnerships
    """
    import random

    from tourney.account import account
    from tourney.bots import GreedyBot
    from tourney.simulate import player_names, simulate_match

    if partnerships and players != 4:
        partnerships = False
    result = simulate_match(
        random.Random(seed), player_names(players), partnerships, [GreedyBot()] * players
    )
    for text in account(result.events):
        typer.echo(text)


def register(app: typer.Typer) -> None:
    app.command()(demo)
