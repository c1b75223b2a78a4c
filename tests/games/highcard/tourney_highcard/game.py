"""High card on `tourney.gamekit.base.BaseGame`: its rules, its record's one move, its words.
Everything else (record, console, scoresheets, table page, board) is the base's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tourney.errors import TourneyError
from tourney.gamekit import GameEvent, GameMatch, Result
from tourney.gamekit.base import BaseGame, Started

TARGET = 5
RANKS = range(1, 14)


@dataclass(frozen=True)
class Shown:
    type: ClassVar[str] = "card_shown"
    player: str
    rank: int


class Match:
    """A High card match being replayed."""

    def __init__(self) -> None:
        self.players: tuple[str, ...] = ()
        self.points: list[int] = []
        self.deals: list[list[tuple[str, int]]] = []

    started = property(lambda self: bool(self.players))
    winners = property(lambda self: tuple(s for s, p in enumerate(self.points) if p >= TARGET))
    finished = property(lambda self: bool(self.winners))

    @property
    def to_move(self) -> str | None:
        if not self.started or self.finished:
            return None
        return self.players[len(self.deals[-1]) % len(self.players) if self.deals else 0]

    def copy(self) -> Match:
        other = Match()
        other.players, other.points = self.players, list(self.points)
        other.deals = [list(deal) for deal in self.deals]
        return other

    def apply(self, event: GameEvent, line: int | None = None) -> str | None:
        """Check and apply ``event``; who won the deal it completes ("nobody": a tie)."""
        if isinstance(event, Started):
            if self.started or not 2 <= len(set(event.players)) == len(event.players) <= 6:
                raise TourneyError("match_started: once, with 2 to 6 different names")
            self.players, self.points = event.players, [0] * len(event.players)
            return None
        if not isinstance(event, Shown) or event.player != self.to_move or event.rank not in RANKS:
            raise TourneyError(f"{event} is not a card {self.to_move} can show now")
        if not self.deals or len(self.deals[-1]) == len(self.players):
            self.deals.append([])
        self.deals[-1].append((event.player, event.rank))
        if len(self.deals[-1]) < len(self.players):
            return None
        top = max(rank for _, rank in self.deals[-1])
        best = [player for player, rank in self.deals[-1] if rank == top]
        if len(best) > 1:
            return "nobody"
        self.points[self.players.index(best[0])] += 1
        return best[0]

    def summary(self) -> dict[str, Any]:
        winners = [self.players[w] for w in self.winners]
        return {"game": "highcard", "players": list(self.players), "points": self.points,
                "deals": self.deals, "winners": winners}  # fmt: skip


def _match(match: GameMatch) -> Match:
    assert isinstance(match, Match), match
    return match


class HighCard(BaseGame):
    name = "highcard"
    title = "High card"
    table_sizes = (2, 6)
    moves = (Shown,)
    first_to = TARGET
    sheet_templates = ("highcard_sheet.html", "game_scoresheets.html")

    def new_match(self) -> Match:
        return Match()

    def legal_moves(self, match: GameMatch) -> list[Shown]:
        who = _match(match).to_move
        return [] if who is None else [Shown(who, rank) for rank in RANKS]

    def result(self, match: GameMatch) -> Result:
        return Result(tuple(_match(match).points), _match(match).winners)

    def progress(self, match: GameMatch) -> list[dict[str, Any]]:
        return [{"shown": deal} for deal in _match(match).deals]

    def notation(self, event: GameEvent) -> str:
        return str(event.rank) if isinstance(event, Shown) else event.type

    def describe(self, event: GameEvent, outcome: object) -> list[str]:
        shown = [f"{event.player} shows {event.rank}"] if isinstance(event, Shown) else []
        return shown + ([f"Deal won by {outcome}"] if outcome else [])


GAME = HighCard()
