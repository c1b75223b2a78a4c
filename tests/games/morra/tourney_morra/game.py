"""Morra in partnerships: four players, 1+3 against 2+4. In turn each shows 0 to 5 fingers
(hidden until all four have called) and calls the total of the four hands; each exact call
scores a point for the caller's side. First side to the target (5, or --to) wins; a side
may concede.

A club's game with its own words: English in its code, said with tourney's `_` (which finds
them in ``tourney_morra/locale``), or translated where tourney draws them (its help, its
commands' help, its scores' name)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tourney.errors import TourneyError
from tourney.gamekit import GameEvent, GameMatch, Result
from tourney.gamekit.base import BaseGame, Started
from tourney.gamekit.protocol import Desk
from tourney.gamekit.verbs import PLAYER, Param, Verb
from tourney.i18n import _
from tourney.limits import Bound


@dataclass(frozen=True)
class Called:
    type: ClassVar[str] = "morra_called"
    player: str
    fingers: int
    total: int


@dataclass(frozen=True)
class Conceded:
    type: ClassVar[str] = "morra_conceded"
    player: str


class Match:
    def __init__(self) -> None:
        self.players: tuple[str, ...] = ()
        self.to = 5
        self.points = [0, 0]
        self.calls: list[Called] = []
        self.conceded: int | None = None

    started = property(lambda self: bool(self.players))

    @property
    def winners(self) -> tuple[int, ...]:
        if self.conceded is not None:
            return (1 - self.conceded,)
        return tuple(s for s in (0, 1) if self.points[s] >= self.to)

    finished = property(lambda self: bool(self.winners))

    @property
    def to_move(self) -> str | None:
        if not self.started or self.finished:
            return None
        return self.players[len(self.calls) % 4]

    def copy(self) -> Match:
        other = Match()
        other.players, other.to, other.points = self.players, self.to, list(self.points)
        other.calls, other.conceded = list(self.calls), self.conceded
        return other

    def apply(self, event: GameEvent, line: int | None = None) -> str | None:
        if isinstance(event, Started):
            if self.started or len(set(event.players)) != 4 or len(event.players) != 4:
                raise TourneyError(_("match_started: once, with 4 different names"))
            to = event.extra.get("to", 5)
            if not isinstance(to, int) or not 1 <= to <= 21:
                raise TourneyError(_("to: a whole number from 1 to 21"))
            self.players, self.to = event.players, to
            return None
        if self.finished:
            raise TourneyError(_("the match is over"))
        if isinstance(event, Conceded):
            if event.player not in self.players:
                raise TourneyError(_("{player} does not play here").format(player=event.player))
            self.conceded = self.players.index(event.player) % 2
            return None
        if not isinstance(event, Called) or event.player != self.to_move:
            raise TourneyError(_("it is {player}'s call").format(player=self.to_move))
        if not 0 <= event.fingers <= 5 or not 0 <= event.total <= 20:
            raise TourneyError(_("fingers 0 to 5, a total 0 to 20"))
        self.calls.append(event)
        if len(self.calls) % 4:
            return None
        hands = self.calls[-4:]
        total = sum(c.fingers for c in hands)
        exact = [self.players.index(c.player) % 2 for c in hands if c.total == total]
        for side in exact:
            self.points[side] += 1
        return str(total)

    def summary(self) -> dict[str, Any]:
        return {
            "game": "morra",
            "players": list(self.players),
            "points": self.points,
            "to": self.to,
            "winners": list(self.winners),
        }


def _m(match: GameMatch) -> Match:
    assert isinstance(match, Match)
    return match


def _who(desk: Desk[Any], options: Mapping[str, Any]) -> str:
    """``--player``, else the player to call."""
    return str(options.get("player") or desk.match.to_move)


def _call(desk: Desk[Any], options: Mapping[str, Any], at: int | None) -> Sequence[Any]:
    desk.check_started("morra")
    event = Called(_who(desk, options), options["fingers"], options["total"])
    desk.match.copy().apply(event)
    return desk.append_events(lambda: [event], at=at)


def _concede(desk: Desk[Any], options: Mapping[str, Any], at: int | None) -> Sequence[Any]:
    desk.check_started("morra")
    event = Conceded(_who(desk, options))
    desk.match.copy().apply(event)
    return desk.append_events(lambda: [event], at=at)


class Morra(BaseGame):
    name = "morra"
    table_sizes = (4, 4)
    moves = (Called, Conceded)
    first_to = 5
    partnerships = True
    page_template = "morra_table.html"

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Morra")

    help = "morra: fingers and calls, tables of 4 in partnerships, first to 5"
    scored = "exact calls"

    @property
    def verbs(self) -> Mapping[str, Verb]:
        fingers = Param("fingers", "Fingers shown, 0 to 5.", kind=int, required=True,
                        bound=Bound("fingers", 0, 5))  # fmt: skip
        total = Param("total", "The total called, 0 to 20.", kind=int, required=True,
                      bound=Bound("total", 0, 20))  # fmt: skip
        return {
            "call": Verb(
                "Morra: show fingers and call the total.\n\nExample: tourney call T3 2 7",
                (fingers, total, PLAYER),
                _call,
            ),
            "concede": Verb(
                "Morra: the player's side concedes the match.\n\nExample: tourney concede T3",
                (PLAYER,),
                _concede,
            ),
        }

    @property
    def start_options(self) -> Sequence[Param]:
        return (Param("to", "Points to win (default 5).", "--to", int, bound=Bound("to", 1, 21)),)

    def start_event(self, players: tuple[str, ...], options: Mapping[str, Any]) -> GameEvent:
        extra = {"to": options["to"]} if options.get("to") is not None else {}
        event = Started(tuple(players), extra)
        self.new_match().apply(event)
        return event

    def new_match(self) -> Match:
        return Match()

    def legal_moves(self, match: GameMatch) -> list[GameEvent]:
        who = _m(match).to_move
        if who is None:
            return []
        return [Called(who, f, s) for f in range(6) for s in range(21)]

    def result(self, match: GameMatch) -> Result:
        return Result(tuple(_m(match).points), _m(match).winners)

    def target(self, settings: Mapping[str, Any]) -> int | None:
        return int(settings.get("to", 5))

    def sides(self, match: GameMatch) -> list[list[str]]:
        p = match.players
        return [[p[0], p[2]], [p[1], p[3]]]

    def notation(self, event: GameEvent) -> str:
        if isinstance(event, Called):
            return f"{event.fingers} {event.total}"
        return _("concede") if isinstance(event, Conceded) else event.type

    def describe(self, event: GameEvent, outcome: object) -> list[str]:
        if isinstance(event, Conceded):
            return [_("{player}'s side concedes").format(player=event.player)]
        if not isinstance(event, Called):
            return []
        said = [_("{player} calls {total}").format(player=event.player, total=event.total)]
        if outcome is not None:
            said.append(_("The hands come to {total}").format(total=outcome))
        return said

    def status(self, match: GameMatch) -> list[str]:
        m = _m(match)
        sides = [" & ".join(s) for s in self.sides(match)] if m.started else []
        lines = (
            [
                _("Exact calls: {a} {x}, {b} {y} (first to {to})").format(
                    a=sides[0], x=m.points[0], b=sides[1], y=m.points[1], to=m.to
                )
            ]
            if sides
            else []
        )
        if m.finished:
            won = " / ".join(sides[w] for w in m.winners)
            lines.append(_("{side} won").format(side=won))
        elif m.to_move:
            lines.append(_("To call: {player}").format(player=m.to_move))
        return lines


GAME = Morra()
