"""Racehorse as a `tourney.gamekit.Game`: what the store-facing code asks of a card match.

Its words (`name`, `title`, `table_sizes`, `scored`, `display`...) are read without the
engine, as Horse Race's are: `tourney standings` asks the game only what it scores and its
table sizes. Each method that needs the match, its events or its record imports them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from tourney.gamekit.base import BaseGame
from tourney.gamekit.result import Result
from tourney.games.racehorse.seats import MAX_PLAYERS, MIN_PLAYERS
from tourney.i18n import N_, page_mark

if TYPE_CHECKING:
    from tourney.gamekit.chances import WinChances
    from tourney.gamekit.drawing import Drawing
    from tourney.gamekit.protocol import (
        Console,
        Display,
        Game,
        GameEvent,
        GameMatch,
        Sheets,
        TablePage,
        Upcaster,
    )
    from tourney.gamekit.verbs import Param, Simulation, Verb
    from tourney.games.racehorse.events import Event, MatchStarted
    from tourney.games.racehorse.match import Match
    from tourney.games.racehorse.record import Replayed


def _match(match: GameMatch) -> Match:
    """``match`` as the Racehorse match it must be (TypeError: another game's)."""
    from tourney.games.racehorse.match import Match

    if not isinstance(match, Match):
        raise TypeError(f"not a Racehorse match: {match!r}")
    return match


def _event(event: GameEvent) -> Event:
    """``event`` as the Racehorse event it must be (TypeError: another game's)."""
    from tourney.games.racehorse.events import Event

    if not isinstance(event, Event):
        raise TypeError(f"not a Racehorse event: {event!r}")
    return event


class Racehorse(BaseGame):
    """The card game of RACEHORSE.md: 5-8 players, each for themselves, paid in units."""

    name = "racehorse"
    title = "Racehorse"
    help = N_("racehorse: cards, tables of 5 to 8")
    table_sizes = (MIN_PLAYERS, MAX_PLAYERS)
    scored = page_mark("net units")
    partnerships = False
    deals = True
    scored_first = True
    upcasters: Mapping[tuple[str, int], Upcaster] = {}  # no payload has changed

    @property
    def start_options(self) -> Sequence[Param]:
        from tourney.games.racehorse.verbs import START_OPTIONS

        return START_OPTIONS

    def start_event(self, players: tuple[str, ...], options: Mapping[str, Any]) -> MatchStarted:
        from tourney.games.racehorse.verbs import start_event

        return start_event(self, players, options)

    @property
    def verbs(self) -> Mapping[str, Verb]:
        from tourney.games.racehorse.verbs import VERBS

        return VERBS

    @property
    def simulation(self) -> Simulation:
        from tourney.games.racehorse import simulation

        return simulation

    @property
    def chances(self) -> WinChances:
        from tourney.games.racehorse.chances import CHANCES

        return CHANCES

    @property
    def console(self) -> Console:
        from tourney.games.racehorse.console import CONSOLE

        return CONSOLE

    templates = Path(__file__).parent / "templates"

    @property
    def sheets(self) -> Sheets:
        from tourney.games.racehorse.sheet import SHEETS

        return SHEETS

    @property
    def page(self) -> TablePage:
        from tourney.games.racehorse.page import PAGE

        return PAGE

    @property
    def display(self) -> Display:
        from tourney.games.racehorse.display import DISPLAY

        return DISPLAY

    def new_match(self) -> Match:
        from tourney.games.racehorse.match import Match

        return Match()

    def event(self, type_: str, payload: Mapping[str, Any]) -> Event:
        from tourney.games.racehorse.events import event_from_dict

        return event_from_dict({"type": type_, **payload})

    def payload(self, event: GameEvent) -> tuple[str, dict[str, Any]]:
        from tourney.games.racehorse.events import event_to_dict

        line = event_to_dict(_event(event))
        return line.pop("type"), line

    def legal_moves(self, match: GameMatch) -> list[Event]:
        """Between deals, dealing the next one (its dealer named); otherwise the engine's
        own list."""
        from tourney.games.racehorse.notation import legal_events

        return legal_events(_match(match))

    def result(self, match: GameMatch) -> Result:
        """Each seat's net units, and the seats sharing the highest net."""
        played = _match(match)
        return Result(tuple(played.net), tuple(played.winners))

    def sides(self, match: GameMatch) -> list[list[str]]:
        played = _match(match)
        return [[player] for player in played.players]

    def progress(self, match: GameMatch) -> list[dict[str, Any]]:
        played = _match(match)
        return [deal.as_dict() for deal in played.deals]

    def draw(self, match: GameMatch, hands: bool = False) -> Drawing | None:
        from tourney.games.racehorse.drawing import trick_drawing

        return trick_drawing(_match(match), hands)

    def draw_piece(self, text: str) -> str:
        from tourney.games.racehorse.drawing import card_svg

        return card_svg(text)

    def table_view(self, match: GameMatch) -> list[dict[str, Any]]:
        """The cards of the trick being played, in the order they fell."""
        played = _match(match)
        play = played.play
        if play is None:
            return []
        return [{"player": played.players[seat], "card": card.text} for seat, card in play.trick]

    def replay_lines(self, lines: Iterable[str], keep_events: bool = False) -> Replayed:
        from tourney.games.racehorse.record import replay_lines

        return replay_lines(lines, keep_events)

    def write_record(self, events: Iterable[GameEvent], out: TextIO) -> None:
        from tourney.games.racehorse.record import write_record

        write_record(map(_event, events), out)

    def account(self, events: Iterable[GameEvent]) -> Iterator[str]:
        from tourney.games.racehorse.account import account

        return account(map(_event, events))

    def summary_json(self, match: GameMatch) -> str:
        played = _match(match)
        import json

        return json.dumps(played.summary(), ensure_ascii=False)

    def target(self, settings: Mapping[str, Any]) -> None:
        return None  # net units: the highest net wins

    def table_start(
        self, players: Sequence[str], settings: Mapping[str, Any], extra: Mapping[str, Any]
    ) -> MatchStarted:
        """Seat order as paired; the first dealer is the first seat (the director's lot is
        the seating draw); ``deals`` from the tournament, else twice the players."""
        from tourney.games.racehorse.events import MatchStarted

        deals = settings.get("deals")
        return MatchStarted(
            tuple(players), players[0], None if deals is None else int(deals), dict(extra)
        )


GAME: Game = Racehorse()
