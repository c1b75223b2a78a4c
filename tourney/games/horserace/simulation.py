"""Horse Race's part of `tourney simulate` (`tourney.games.faces.Simulation`): its options
checked, a match played by bots, and the summary's words."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tourney.errors import TourneyError
from tourney.games.horserace.bots import make_bot
from tourney.games.horserace.events import DEFAULT_TARGET
from tourney.games.horserace.record import write_record
from tourney.games.horserace.simulate import player_names, simulate_match
from tourney.i18n import _, ngettext

if TYPE_CHECKING:
    from tourney.gamekit.verbs import Simulated

__all__ = ["make_bot", "play", "seats", "summary", "write_record"]


def seats(
    players: int | None, partnerships: bool, deals: int | None, target: int | None
) -> tuple[int, int]:
    if deals is not None:
        raise TourneyError("--deals is for Racehorse (--game racehorse)")
    players = 2 if players is None else players
    if players > 4:
        raise TourneyError(f"Horse Race seats 2, 3 or 4 players, not {players}")
    if partnerships and players != 4:
        raise TourneyError("--partnerships needs --players 4")
    return players, 2 if partnerships else players


def play(
    players: int, partnerships: bool, deals: int | None, target: int | None, bots: Sequence[Any]
) -> Callable[[random.Random], tuple[list[Any], int, list[int], list[int], Any]]:
    names = player_names(players)

    def one(rng: random.Random) -> tuple[list[Any], int, list[int], list[int], Any]:
        result = simulate_match(
            rng, names, partnerships, list(bots), DEFAULT_TARGET if target is None else target
        )
        match = result.match
        return result.events, result.hands, match.winners, match.scores, match

    return one


def summary(
    played: Simulated, matches: int, seed: int, bot_names: Sequence[str], out: str | None
) -> tuple[dict[str, Any], list[str]]:
    hands, wins, totals, elapsed = played.count, played.wins, played.totals, played.seconds
    sides = [" & ".join(s) for s in played.last.sides]
    data = {
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
        "out": out,
    }
    lines = [
        _("{matches}, {hands} in {seconds:.2f} s (seed {seed})").format(
            matches=ngettext("{n} match", "{n} matches", matches).format(n=matches),
            hands=ngettext("{n} hand", "{n} hands", hands).format(n=hands),
            seconds=elapsed,
            seed=seed,
        )
    ]
    for row in data["sides"]:  # type: ignore[attr-defined]
        lines.append(
            _("  {players:<12} {bot:<7} wins {wins:>7g}  average score {average:g}").format(
                players=row["players"],
                bot=row["bot"],
                wins=row["wins"],
                average=row["average_score"],
            )
        )
    return data, lines
