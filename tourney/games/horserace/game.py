"""Horse Race as a `tourney.games.Game`: what the store-facing code asks of a domino match."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TextIO

from tourney.games.horserace.events import (
    DEFAULT_TARGET,
    Event,
    HandStarted,
    MatchStarted,
    Passed,
    TileDrawn,
    TilePlaced,
)
from tourney.games.horserace.match import Match
from tourney.games.horserace.record import (
    Replayed,
    event_from_payload,
    event_to_dict,
    replay_lines,
    write_record,
)
from tourney.games.result import Result


class HorseRace:
    """The domino game of RULES.md: 2-4 players, each for themselves or in partnerships."""

    name = "horse-race"
    title = "Horse Race"
    table_sizes = (2, 4)
    scored = "game points"

    def new_match(self) -> Match:
        return Match()

    def event(self, type_: str, payload: Mapping[str, Any]) -> Event:
        return event_from_payload(type_, payload)

    def payload(self, event: Event) -> tuple[str, dict[str, Any]]:
        line = event_to_dict(event)
        return line.pop("type"), line

    def legal_moves(self, match: Match) -> list[Event]:
        from tourney.games.horserace.commands import legal_moves

        moves = legal_moves(match)
        events: list[Event] = [HandStarted(opener) for opener in moves.openers]
        if moves.player is None or moves.reveal_count:
            return events
        player = moves.player
        events += [TilePlaced(player, tile, on) for tile, ons in moves.places for on in ons]
        if moves.draw:
            events += [TileDrawn(player, t) for t in moves.draw_tiles] if match.known else []
            events += [] if match.known else [TileDrawn(player)]
        if moves.pass_:
            events.append(Passed(player))
        return events

    def result(self, match: Match) -> Result:
        """Each side's score, and the sides sharing the win once the match is over."""
        return Result(tuple(match.scores), tuple(match.winners))

    def sides(self, match: Match) -> list[list[str]]:
        return [list(players) for players in match.sides]

    def progress(self, match: Match) -> list[dict[str, Any]]:
        hands: list[dict[str, Any]] = match.summary(placements=False)["hands"]
        return hands

    def table_view(self, match: Match) -> list[dict[str, Any]]:
        return match.layout_view()

    def replay_lines(self, lines: Iterable[str], keep_events: bool = False) -> Replayed:
        return replay_lines(lines, keep_events)

    def write_record(self, events: Iterable[Event], out: TextIO) -> None:
        write_record(events, out)

    def account(self, events: Iterable[Event]) -> Iterator[str]:
        from tourney.games.horserace.account import account

        return account(events)

    def summary_json(self, match: Match) -> str:
        return match.summary_json()

    def table_start(
        self, players: Sequence[str], settings: Mapping[str, Any], extra: Mapping[str, Any]
    ) -> MatchStarted:
        return MatchStarted(
            tuple(players),
            bool(settings.get("partnerships", False)),
            int(settings.get("target", DEFAULT_TARGET)),
            dict(extra),
        )


GAME = HorseRace()
