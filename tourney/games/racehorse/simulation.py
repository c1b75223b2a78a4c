"""Racehorse's part of `tourney simulate` (`tourney.games.faces.Simulation`): its options
checked, a match played by bots, and the summary's words (wins and average net units)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tourney.errors import TourneyError
from tourney.games.racehorse.bots import make_bot
from tourney.games.racehorse.match import MAX_PLAYERS, MIN_PLAYERS
from tourney.games.racehorse.record import write_record
from tourney.games.racehorse.simulate import player_names, simulate_match
from tourney.i18n import _, ngettext

if TYPE_CHECKING:
    from tourney.gamekit.verbs import Simulated

__all__ = ["make_bot", "play", "seats", "summary", "write_record"]


def seats(
    players: int | None, partnerships: bool, deals: int | None, target: int | None
) -> tuple[int, int]:
    if partnerships or target is not None:
        option = "--partnerships" if partnerships else "--target"
        raise TourneyError(f"{option} is for Horse Race, not Racehorse")
    count = MIN_PLAYERS if players is None else players
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise TourneyError(f"Racehorse seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}")
    return count, count


def play(
    players: int, partnerships: bool, deals: int | None, target: int | None, bots: Sequence[Any]
) -> Callable[[random.Random], tuple[list[Any], int, list[int], list[int], Any]]:
    names = player_names(players)

    def one(rng: random.Random) -> tuple[list[Any], int, list[int], list[int], Any]:
        result = simulate_match(rng, names, deals, list(bots))
        match = result.match
        return result.events, result.deals, match.winners, match.net, match

    return one


def summary(
    played: Simulated, matches: int, seed: int, bot_names: Sequence[str], out: str | None
) -> tuple[dict[str, Any], list[str]]:
    wins, totals, elapsed = played.wins, played.totals, played.seconds
    rows = [
        {
            "name": name,
            "bot": bot_names[seat],
            "wins": round(wins[seat], 3),
            "average_net": round(totals[seat] / matches, 2),
        }
        for seat, name in enumerate(player_names(len(bot_names)))
    ]
    data = {
        "game": "racehorse",
        "matches": matches,
        "deals": played.count,
        "seconds": round(elapsed, 3),
        "players": rows,
        "out": out,
    }
    lines = [
        _("{matches}, {deals} in {seconds:.2f} s (seed {seed})").format(
            matches=ngettext("{n} match", "{n} matches", matches).format(n=matches),
            deals=ngettext("{n} deal", "{n} deals", played.count).format(n=played.count),
            seconds=elapsed,
            seed=seed,
        )
    ]
    lines += [
        _("  {name:<12} {bot:<7} wins {wins:>7g}  average net {average:+g}").format(
            name=row["name"], bot=row["bot"], wins=row["wins"], average=row["average_net"]
        )
        for row in rows
    ]
    return data, lines
