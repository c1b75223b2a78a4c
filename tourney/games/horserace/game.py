"""Horse Race as a `tourney.gamekit.Game`: what the store-facing code asks of a domino match.

Its words (`name`, `title`, `table_sizes`, `scored`, `display`...) are read without the
engine: this module is what the game's entry point loads, and `tourney standings` asks the
game only what it scores and its table sizes (the engine's modules are ~40 M instructions,
1x `python -c pass`). Each method that needs the match, its events or its record imports
them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from tourney.gamekit.base import BaseGame
from tourney.gamekit.result import Result
from tourney.gamekit.stored import DEFAULT_TARGET
from tourney.games.horserace.upcasters import UPCASTERS
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
    from tourney.games.horserace.events import Event, MatchStarted
    from tourney.games.horserace.match import Match
    from tourney.games.horserace.record import Replayed


def _match(match: GameMatch) -> Match:
    """``match`` as the Horse Race match it must be (TypeError: another game's)."""
    from tourney.games.horserace.match import Match

    if not isinstance(match, Match):
        raise TypeError(f"not a Horse Race match: {match!r}")
    return match


def _event(event: GameEvent) -> Event:
    """``event`` as the Horse Race event it must be (TypeError: another game's)."""
    from tourney.games.horserace.events import Event

    if not isinstance(event, Event):
        raise TypeError(f"not a Horse Race event: {event!r}")
    return event


class HorseRace(BaseGame):
    """The domino game of RULES.md: 2-4 players, each for themselves or in partnerships."""

    name = "horse-race"
    title = "Horse Race"
    help = N_("horse-race: dominoes, tables of 2 to 4 (the default)")
    table_sizes = (2, 4)
    scored = page_mark("game points")
    partnerships = True
    deals = False
    scored_first = False
    upcasters: Mapping[tuple[str, int], Upcaster] = UPCASTERS

    @property
    def start_options(self) -> Sequence[Param]:
        from tourney.games.horserace.verbs import START_OPTIONS

        return START_OPTIONS

    def start_event(self, players: tuple[str, ...], options: Mapping[str, Any]) -> MatchStarted:
        from tourney.games.horserace.verbs import start_event

        return start_event(players, options)

    @property
    def verbs(self) -> Mapping[str, Verb]:
        from tourney.games.horserace.verbs import VERBS

        return VERBS

    @property
    def simulation(self) -> Simulation:
        from tourney.games.horserace import simulation

        return simulation

    @property
    def chances(self) -> WinChances:
        from tourney.games.horserace.chances import CHANCES

        return CHANCES

    @property
    def console(self) -> Console:
        from tourney.games.horserace.console import CONSOLE

        return CONSOLE

    templates = Path(__file__).parent / "templates"

    @property
    def sheets(self) -> Sheets:
        from tourney.games.horserace.sheet import SHEETS

        return SHEETS

    @property
    def page(self) -> TablePage:
        from tourney.games.horserace.page import PAGE

        return PAGE

    @property
    def display(self) -> Display:
        from tourney.games.horserace.display import DISPLAY

        return DISPLAY

    def new_match(self) -> Match:
        from tourney.games.horserace.match import Match

        return Match()

    def event(self, type_: str, payload: Mapping[str, Any]) -> Event:
        from tourney.games.horserace.record import event_from_payload

        return event_from_payload(type_, payload)

    def payload(self, event: GameEvent) -> tuple[str, dict[str, Any]]:
        from tourney.games.horserace.record import event_to_dict

        line = event_to_dict(_event(event))
        return line.pop("type"), line

    def legal_moves(self, match: GameMatch) -> list[Event]:
        played = _match(match)
        from tourney.games.horserace.commands import legal_moves
        from tourney.games.horserace.events import HandStarted, Passed, TileDrawn, TilePlaced

        moves = legal_moves(played)
        events: list[Event] = [HandStarted(opener) for opener in moves.openers]
        if moves.player is None or moves.reveal_count:
            return events
        player = moves.player
        events += [TilePlaced(player, tile, on) for tile, ons in moves.places for on in ons]
        if moves.draw:
            events += [TileDrawn(player, t) for t in moves.draw_tiles] if played.known else []
            events += [] if played.known else [TileDrawn(player)]
        if moves.pass_:
            events.append(Passed(player))
        return events

    def result(self, match: GameMatch) -> Result:
        """Each side's score, and the sides sharing the win once the match is over."""
        played = _match(match)
        return Result(tuple(played.scores), tuple(played.winners))

    def sides(self, match: GameMatch) -> list[list[str]]:
        played = _match(match)
        return [list(players) for players in played.sides]

    def progress(self, match: GameMatch) -> list[dict[str, Any]]:
        played = _match(match)
        hands: list[dict[str, Any]] = played.summary(placements=False)["hands"]
        return hands

    def draw(self, match: GameMatch, hands: bool = False) -> Drawing | None:
        from tourney.games.horserace.drawing import layout_drawing

        return layout_drawing(_match(match), hands)

    def draw_piece(self, text: str) -> str:
        from tourney.games.horserace.drawing import tile_svg

        return tile_svg(text)

    def table_view(self, match: GameMatch) -> list[dict[str, Any]]:
        played = _match(match)
        return played.layout_view()

    def replay_lines(self, lines: Iterable[str], keep_events: bool = False) -> Replayed:
        from tourney.games.horserace.record import replay_lines

        return replay_lines(lines, keep_events)

    def write_record(self, events: Iterable[GameEvent], out: TextIO) -> None:
        from tourney.games.horserace.record import write_record

        write_record(map(_event, events), out)

    def account(self, events: Iterable[GameEvent]) -> Iterator[str]:
        from tourney.games.horserace.account import account

        return account(map(_event, events))

    def summary_json(self, match: GameMatch) -> str:
        played = _match(match)
        return played.summary_json()

    def target(self, settings: Mapping[str, Any]) -> int:
        return int(settings.get("target", DEFAULT_TARGET))

    def table_start(
        self, players: Sequence[str], settings: Mapping[str, Any], extra: Mapping[str, Any]
    ) -> MatchStarted:
        from tourney.games.horserace.events import MatchStarted

        return MatchStarted(
            tuple(players),
            bool(settings.get("partnerships", False)),
            int(settings.get("target", DEFAULT_TARGET)),
            dict(extra),
        )


GAME: Game = HorseRace()
