"""The whole of High card as a `tourney.games.Game`: engine, record, console, scoresheets,
table page and words for the wall display."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TextIO

from tourney.errors import RecordError, TourneyError
from tourney.games import (
    Console,
    Decide,
    Display,
    Game,
    GameEvent,
    GameMatch,
    Recorded,
    Result,
    Sheets,
    Table,
    TablePage,
    Upcaster,
)
from tourney.games.errors import NotAMove

NAME = "highcard"
TARGET = 5
RANKS = range(1, 14)


class HighCardError(TourneyError):
    """An event the rules refuse."""


@dataclass(frozen=True)
class Started:
    type: ClassVar[str] = "match_started"
    players: tuple[str, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Shown:
    type: ClassVar[str] = "card_shown"
    player: str
    rank: int


Event = Started | Shown


class Match:
    """A High card match being replayed."""

    def __init__(self) -> None:
        self.players: tuple[str, ...] = ()
        self.points: list[int] = []
        self.deals: list[list[tuple[str, int]]] = []
        self.winners_of_deals: list[str | None] = []

    @property
    def started(self) -> bool:
        return bool(self.players)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, p in enumerate(self.points) if p >= TARGET)

    @property
    def finished(self) -> bool:
        return bool(self.winners)

    @property
    def to_move(self) -> str | None:
        if not self.started or self.finished:
            return None
        shown = len(self.deals[-1]) if self.deals else len(self.players)
        return self.players[shown % len(self.players)]

    def copy(self) -> Match:
        other = Match()
        other.players = self.players
        other.points = list(self.points)
        other.deals = [list(deal) for deal in self.deals]
        other.winners_of_deals = list(self.winners_of_deals)
        return other

    def apply(self, event: GameEvent, line: int | None = None) -> str | None:
        """Check and apply ``event``; the deal's winner when it completes a deal."""
        if isinstance(event, Started):
            if self.started:
                raise HighCardError("match_started appears twice")
            if not 2 <= len(event.players) <= 6 or len(set(event.players)) != len(event.players):
                raise HighCardError("'players': 2 to 6 different names")
            self.players = tuple(event.players)
            self.points = [0] * len(self.players)
            return None
        if not isinstance(event, Shown):
            raise HighCardError(f"{event.type} is not a High card event")
        if self.to_move is None:
            raise HighCardError(
                "nobody is to show a card: " + ("over" if self.started else "no match")
            )
        if event.player != self.to_move:
            raise HighCardError(f"{self.to_move} shows a card now, not {event.player}")
        if event.rank not in RANKS:
            raise HighCardError(f"{event.rank} is not a rank: 1 to 13")
        if not self.deals or len(self.deals[-1]) == len(self.players):
            self.deals.append([])
        self.deals[-1].append((event.player, event.rank))
        if len(self.deals[-1]) < len(self.players):
            return None
        top = max(rank for _, rank in self.deals[-1])
        best = [player for player, rank in self.deals[-1] if rank == top]
        winner = best[0] if len(best) == 1 else None
        self.winners_of_deals.append(winner)
        if winner is not None:
            self.points[self.players.index(winner)] += 1
        return winner or "nobody"

    def summary(self) -> dict[str, Any]:
        return {
            "game": NAME,
            "players": list(self.players),
            "points": list(self.points),
            "deals": [
                {"shown": [list(s) for s in deal], "winner": winner}
                for deal, winner in zip(self.deals, self.winners_of_deals, strict=False)
            ],
            "winners": [self.players[w] for w in self.winners],
        }


def _match(match: GameMatch) -> Match:
    if not isinstance(match, Match):
        raise TypeError("not a High card match")
    return match


@dataclass
class Replayed:
    match: Match
    events: list[tuple[int, GameEvent]]


class HighCardConsole:
    help = "  1-13   the rank the player to move shows (A=1 J=11 Q=12 K=13)\n  u / redo / s / ? / q"

    def prompt(self, table: Table) -> str:
        match = _match(table.match)
        return f"{table.id} {match.to_move} shows> " if match.to_move else f"{table.id} over> "

    def complete(self, match: GameMatch, line: str) -> list[str]:
        word = line.split(" ")[-1]
        return [str(r) for r in RANKS if str(r).startswith(word)] if _match(match).to_move else []

    def read(self, table: Table, line: str) -> str | Decide | None:
        text = line.strip().upper()
        actions = {"U": "undo", "REDO": "redo", "S": "show", "?": "help", "Q": "quit"}
        if not text:
            return None
        if text in actions:
            return actions[text]
        rank = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(text) or (int(text) if text.isdigit() else 0)
        if rank not in RANKS:
            raise TourneyError(f"cannot read {line.strip()!r}: a rank 1 to 13, or ? for help")
        who = _match(table.match).to_move
        if who is None:
            raise TourneyError(f"{table.id} is over: nobody shows a card")
        return lambda _match: [Shown(who, rank)]

    def show(self, table: Table, console: bool = False) -> list[str]:
        return [f"{table.id}: High card, first to {TARGET} · v{table.version}", *self._now(table)]

    def _now(self, table: Table) -> list[str]:
        match = _match(table.match)
        points = ", ".join(f"{p} {n}" for p, n in zip(match.players, match.points, strict=True))
        if match.finished:
            return [f"Points: {points}", _result(match)]
        return [f"Points: {points}", f"To show: {match.to_move}"]

    def state(self, table: Table) -> dict[str, Any]:
        match = _match(table.match)
        return {
            "match": table.id,
            "version": table.version,
            "head": table.head_hash,
            **match.summary(),
            "to_move": match.to_move,
            "finished": match.finished,
        }

    def recorded(self, table: Table, item: Recorded) -> list[str]:
        event = item.event
        if not isinstance(event, Shown):
            return [f"v{item.version}: {item.type}"]
        lines = [f"v{item.version}: {event.player} shows {event.rank}"]
        if isinstance(item.outcome, str):
            lines.append(f"Deal won by {item.outcome}")
        return lines

    def recorded_dict(self, table: Table, item: Recorded) -> dict[str, Any]:
        return {"stream_version": item.version, "type": item.type, **table.payload(item.version)}

    def after(
        self, table: Table, recorded: Sequence[Recorded], said: Collection[str], console: bool
    ) -> list[str]:
        return [line for line in self._now(table) if line.strip() not in said]


def _result(match: Match) -> str:
    return " and ".join(match.players[w] for w in match.winners) + " won"


class HighCardSheets:
    played_template = "highcard_sheet.html"
    blank_template = "highcard_scoresheets.html"

    def blank(self, players: Sequence[str], settings: Mapping[str, Any]) -> dict[str, Any]:
        return {"players": tuple(players), "deals": tuple(range(1, 4 * TARGET))}

    def played(
        self,
        match: GameMatch,
        events: Sequence[tuple[int, GameEvent]] | None,
        settings: Mapping[str, Any],
    ) -> dict[str, Any]:
        played = _match(match)
        return {
            "players": played.players,
            "points": tuple(played.points),
            "deals": tuple(
                (" · ".join(f"{p} {r}" for p, r in deal), winner or "nobody")
                for deal, winner in zip(played.deals, played.winners_of_deals, strict=False)
            ),
            "finished": played.finished,
            "winners": tuple(played.players[w] for w in played.winners),
        }


class HighCardPage:
    template = "web/highcard_table.html"

    def context(self, table: Table) -> dict[str, Any]:
        match = _match(table.match)
        return {
            "game": NAME,
            "state": HighCardConsole().state(table),
            "phase": "over" if match.finished else "play",
            "to_move": match.to_move,
            "ranks": list(RANKS),
            "points": list(zip(match.players, match.points, strict=True)),
            "result": _result(match) if match.finished else None,
        }

    def read(self, table: Table, move: str, ticked: Sequence[str]) -> Decide:
        kind, _, rank = move.partition("|")
        who = _match(table.match).to_move
        if kind != "show" or not rank.isdigit() or who is None:
            raise NotAMove(f"{move!r} is not a move at a High card table")
        return lambda _match: [Shown(who, int(rank))]

    def move_value(self, event: GameEvent, players: Sequence[str]) -> tuple[str, list[str]]:
        if not isinstance(event, Shown):
            raise NotAMove(f"{event.type} is not recorded at a High card table")
        return f"show|{event.rank}", []

    def canonical(self, field: str) -> str:
        return field


class HighCardDisplay:
    net_units = False
    table_sizes_text = "2 to 6"

    def play_label(self, settings: Mapping[str, Any]) -> str:
        return f"High card, tables of {settings['table_size']}, first to {TARGET}"

    def length_text(self, settings: Mapping[str, Any]) -> str:
        return f"first to {TARGET}"

    def progress_text(self, done: int, settings: Mapping[str, Any], seats: int) -> str:
        return f"deal {done}"

    def board(self, scores: Sequence[int], seats: Sequence[str]) -> tuple[str, str]:
        return "–".join(map(str, scores)), " · ".join(seats)


class HighCard:
    name = NAME
    title = "High card"
    table_sizes = (2, 6)
    scored = "points"
    partnerships = False
    deals = False
    scored_first = False
    upcasters: Mapping[tuple[str, int], Upcaster] = {}
    templates = Path(__file__).parent / "templates"
    console: Console = HighCardConsole()
    sheets: Sheets = HighCardSheets()
    page: TablePage = HighCardPage()
    display: Display = HighCardDisplay()

    def new_match(self) -> GameMatch:
        return Match()

    def event(self, type_: str, payload: Mapping[str, Any]) -> GameEvent:
        try:
            if type_ == Started.type:
                extra = {k: v for k, v in payload.items() if k not in ("game", "players")}
                return Started(tuple(payload["players"]), extra)
            if type_ == Shown.type:
                return Shown(str(payload["player"]), int(payload["rank"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise HighCardError(f"a {type_} event without a readable {exc}") from None
        raise HighCardError(f"{type_!r} is not a High card event")

    def payload(self, event: GameEvent) -> tuple[str, dict[str, Any]]:
        if isinstance(event, Started):
            return event.type, {"game": NAME, "players": list(event.players), **event.extra}
        if isinstance(event, Shown):
            return event.type, {"player": event.player, "rank": event.rank}
        raise TypeError(f"not a High card event: {event!r}")

    def legal_moves(self, match: GameMatch) -> Sequence[GameEvent]:
        who = _match(match).to_move
        return [] if who is None else [Shown(who, rank) for rank in RANKS]

    def result(self, match: GameMatch) -> Result:
        played = _match(match)
        return Result(tuple(played.points), played.winners)

    def sides(self, match: GameMatch) -> list[list[str]]:
        return [[player] for player in _match(match).players]

    def progress(self, match: GameMatch) -> list[dict[str, Any]]:
        deals: list[dict[str, Any]] = _match(match).summary()["deals"]
        return deals

    def table_view(self, match: GameMatch) -> list[dict[str, Any]]:
        played = _match(match)
        deal = played.deals[-1] if played.deals else []
        return [{"player": p, "rank": r} for p, r in deal]

    def replay_lines(self, lines: Iterable[str], keep_events: bool = False) -> Replayed:
        match, kept = Match(), []
        number = 0
        for number, text in enumerate(lines, 1):
            try:
                obj = json.loads(text)
                event = self.event(obj.pop("type"), obj)
                match.apply(event, number)
            except (ValueError, KeyError, AttributeError, TourneyError) as exc:
                raise RecordError(number, str(exc)) from None
            if keep_events:
                kept.append((number, event))
        if not match.started:
            raise RecordError(max(number, 1), "no match_started")
        return Replayed(match, kept)

    def write_record(self, events: Iterable[GameEvent], out: TextIO) -> None:
        for event in events:
            type_, payload = self.payload(event)
            out.write(json.dumps({"type": type_, **payload}, ensure_ascii=False) + "\n")

    def account(self, events: Iterable[GameEvent]) -> Iterator[str]:
        match = Match()
        for event in events:
            won = match.apply(event)
            if isinstance(event, Shown):
                yield f"{event.player} shows {event.rank}"
            if won is not None:
                yield f"Deal {len(match.deals)} won by {won}"

    def summary_json(self, match: GameMatch) -> str:
        return json.dumps(_match(match).summary(), ensure_ascii=False)

    def target(self, settings: Mapping[str, Any]) -> int:
        return TARGET  # whatever the tournament's settings say

    def table_start(
        self, players: Sequence[str], settings: Mapping[str, Any], extra: Mapping[str, Any]
    ) -> GameEvent:
        return Started(tuple(players), dict(extra))


GAME: Game = HighCard()
