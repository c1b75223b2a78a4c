"""`tourney simulate`: bots play whole matches, written as match records."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer
from typer.core import TyperCommand

from tourney import limits
from tourney.cli.options import within
from tourney.errors import TourneyError
from tourney.gamekit.stored import DEFAULT_GAME
from tourney.gamekit.verbs import Played
from tourney.i18n import _


def _simulated() -> list[str]:
    """The games `tourney simulate` plays: those with a `Simulation`."""
    from tourney.gamekit.registry import loadable

    return [played.name for played in loadable() if played.simulation is not None]


def simulation(name: str) -> Simulation:
    from tourney.gamekit import game

    found = game(name).simulation
    assert found is not None  # --game offers only the games that have one
    return found


if TYPE_CHECKING:
    import random

    from tourney.gamekit.verbs import Simulation

    SimulatedGame = StrEnum
else:  # the choices of --game: the games the registry can simulate
    SimulatedGame = StrEnum("SimulatedGame", {name: name for name in _simulated()})
DEFAULT_SIMULATED = SimulatedGame(DEFAULT_GAME)


def simulate(
    game: Annotated[
        SimulatedGame,
        typer.Option(help="The game: each simulated game's line (`tourney.cli.game_help`)."),
    ] = DEFAULT_SIMULATED,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            min=2,
            max=8,
            help="Players at the table: 2, 3 or 4 (default 2); Racehorse 5 to 8 (default 5).",
            show_default=False,
            metavar="COUNT",
        ),
    ] = None,
    partnerships: Annotated[
        bool, typer.Option(help="Two partnerships of two (needs 4 players): seats 1+3 vs 2+4.")
    ] = False,
    deals: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=limits.ROUNDS.high,
            help="Racehorse: deals a match (default twice the players).",
            show_default=False,
        ),
    ] = None,
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
    target: Annotated[
        int | None,
        typer.Option(
            min=limits.TARGET.low,
            max=limits.TARGET.high,
            help="Horse Race: points to win (default 61).",
            show_default=False,
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Folder to write one record per match into.", metavar="FOLDER"),
    ] = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Overwrite records already in --out (never a database)."),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play complete matches between bots and write them as match records.

    Each match is played event by event through the rules engine. Records go to
    FOLDER/match-0001.jsonl and so on (records already there are overwritten only with --force;
    no other file in FOLDER is touched); a summary of wins and scores (Racehorse: net units) is
    printed. --game racehorse plays the card game of RACEHORSE.md.

    Example: tourney simulate --players 4 --partnerships --matches 10 --seed 7 --out sims
    """
    import json

    simulating = simulation(game.value)
    seats, sides = simulating.seats(players, partnerships, deals, target)
    bot_names = _bot_names(bot, seats)
    bots = _make_bots(simulating.make_bot, bot_names)
    _prepare_out(out, matches, force)
    play = simulating.play(seats, partnerships, deals, target, bots)
    played = _play_matches(matches, seed, out, force, sides, play, simulating.write_record)
    summary, lines = simulating.summary(
        played, matches, seed, bot_names, None if out is None else str(out)
    )
    if as_json:
        typer.echo(json.dumps(summary))
        return
    for line in lines:
        typer.echo(line)
    if out is not None:
        typer.echo(_("records written to {out}/").format(out=out))


@dataclass(slots=True)
class _Played:
    """Matches played: hands (or deals), each side's share of wins and total score, the
    seconds it took, and the last match."""

    count: int
    wins: list[float]
    totals: list[int]
    seconds: float
    last: Any


def _play_matches(
    matches: int,
    seed: int,
    out: Path | None,
    force: bool,
    sides: int,
    play: Callable[[random.Random], Played],
    write: Callable[[list[Any], TextIO], None],
) -> _Played:
    """Play match 1 to ``matches``, each from its own seed, writing each record into
    ``out``; ``play`` returns a match's events, its hands or deals, its winning sides, each
    side's score (or net units), and the match itself."""
    import random
    import time
    from functools import partial

    from tourney.output_files import OutputError, write_output

    started = time.perf_counter()
    count = 0
    wins = [0.0] * sides
    totals = [0] * sides
    match: Any = None
    for number in range(1, matches + 1):
        events, played, winners, scores, match = play(random.Random(f"{seed}:{number}"))
        count += played
        for side in winners:
            wins[side] += 1 / len(winners)
        for side, score in enumerate(scores):
            totals[side] += score
        if out is not None:
            if number == 1:
                try:
                    out.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise OutputError(
                        _("cannot create {out}: {strerror}").format(out=out, strerror=exc.strerror)
                    ) from None
            write_output(out / record_name(number), partial(write, events), force=force)
    return _Played(count, wins, totals, time.perf_counter() - started, match)


def _bot_names(given: list[str] | None, seats: int) -> list[str]:
    """One bot name per seat: ``--bot`` once for every seat, or once per seat."""
    names = given or ["random"]
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise TourneyError(
            _("--bot given {count} times for {seats} seats").format(count=len(names), seats=seats)
        )
    return names


def _make_bots(make: Callable[[str], Any], names: list[str]) -> list[Any]:
    """The game's bot for each name; one line and exit code 1 for an unknown name."""
    try:
        return [make(name) for name in names]
    except ValueError as exc:
        raise TourneyError(str(exc)) from None


def record_name(number: int) -> str:
    """The file of the `number`-th simulated match: ``match-0001.jsonl``."""
    return f"match-{number:04d}.jsonl"


def _prepare_out(out: Path | None, matches: int, force: bool) -> None:
    """Check the records `matches` would write into `out` (refused when one exists and
    `force` is not given, or when one is a database or not a file, or `out` is in a
    published site). Raises `OutputError`; nothing is written then (`out` is made when
    the first record is written)."""
    import re

    from tourney.output_files import OutputError, check_output, check_place, existing_outputs, few

    if out is None:
        return
    check_place(out)
    if out.exists() and not out.is_dir():
        raise OutputError(_("cannot write into {out}: it is not a folder").format(out=out))

    def ours(name: str) -> bool:
        found = re.fullmatch(r"match-(\d{4,9})\.jsonl", name)
        return (
            found is not None
            and 1 <= int(found[1]) <= matches
            and record_name(int(found[1])) == name
        )

    existing = existing_outputs(out, ours)
    if existing and not force:
        raise OutputError(
            _(
                "{out}/ already holds {count} of the records this would write "
                "({few}): add --force to overwrite them"
            ).format(out=out, count=len(existing), few=few(existing))
        )
    for name in existing:
        check_output(out / name, force=True)


class _SimulateCommand(TyperCommand):
    """`simulate`, its ``--game`` help drawn from the games it can play when a help page is
    drawn (a club's game with a `Simulation` is listed by its own line)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from tourney.cli.game_help import simulated_help
        from tourney.cli.language import lazy_help

        for param in self.params:
            if param.name == "game":
                lazy_help(param, simulated_help)


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Match records", cls=_SimulateCommand)(simulate)
