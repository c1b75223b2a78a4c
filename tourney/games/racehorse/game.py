"""Racehorse as a `tourney.games.Game`: what the store-facing code asks of a card match."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TextIO

from tourney.games.racehorse.events import (
    Event,
    MatchStarted,
    event_from_dict,
    event_to_dict,
)
from tourney.games.racehorse.match import MAX_PLAYERS, MIN_PLAYERS, Match
from tourney.games.racehorse.notation import legal_events
from tourney.games.racehorse.record import Replayed, replay_lines, write_record
from tourney.games.result import Result


class Racehorse:
    """The card game of RACEHORSE.md: 5-8 players, each for themselves, paid in units."""

    name = "racehorse"
    title = "Racehorse"
    table_sizes = (MIN_PLAYERS, MAX_PLAYERS)
    scored = "net units"

    def new_match(self) -> Match:
        return Match()

    def event(self, type_: str, payload: Mapping[str, Any]) -> Event:
        return event_from_dict({"type": type_, **payload})

    def payload(self, event: Event) -> tuple[str, dict[str, Any]]:
        line = event_to_dict(event)
        return line.pop("type"), line

    def legal_moves(self, match: Match) -> list[Event]:
        """Between deals, dealing the next one (its dealer named); otherwise the engine's
        own list."""
        return legal_events(match)

    def result(self, match: Match) -> Result:
        """Each seat's net units, and the seats sharing the highest net."""
        return Result(tuple(match.net), tuple(match.winners))

    def sides(self, match: Match) -> list[list[str]]:
        return [[player] for player in match.players]

    def progress(self, match: Match) -> list[dict[str, Any]]:
        return [deal.as_dict() for deal in match.deals]

    def table_view(self, match: Match) -> list[dict[str, Any]]:
        """The cards of the trick being played, in the order they fell."""
        play = match.play
        if play is None:
            return []
        return [{"player": match.players[seat], "card": card.text} for seat, card in play.trick]

    def replay_lines(self, lines: Iterable[str], keep_events: bool = False) -> Replayed:
        return replay_lines(lines, keep_events)

    def write_record(self, events: Iterable[Event], out: TextIO) -> None:
        write_record(events, out)

    def account(self, events: Iterable[Event]) -> Iterator[str]:
        from tourney.games.racehorse.account import account

        return account(events)

    def summary_json(self, match: Match) -> str:
        import json

        return json.dumps(match.summary(), ensure_ascii=False)

    def table_start(
        self, players: Sequence[str], settings: Mapping[str, Any], extra: Mapping[str, Any]
    ) -> MatchStarted:
        """Seat order as paired; the first dealer is the first seat (the director's lot is
        the seating draw); ``deals`` from the tournament, else twice the players."""
        deals = settings.get("deals")
        return MatchStarted(
            tuple(players), players[0], None if deals is None else int(deals), dict(extra)
        )


GAME = Racehorse()
